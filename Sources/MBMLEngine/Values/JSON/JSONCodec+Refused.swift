extension JSONCodec {
    /// Reads a text the structure pass refused (``JSONStructureIndexer``, ``JSONLinesIndexer``) as
    /// the reader reads it whole — as JSON Lines when `asLines` — with its value or its error.
    ///
    /// The text is checked first keeping no member of its top-level container (no record), so that
    /// a large text with an error near its end (a truncated download) fails in the memory of one
    /// member rather than of everything before the error, and only a text that is valid after all
    /// (a top-level scalar; a text the pass is stricter about) is then decoded. The messages are the
    /// reader's own, as the reading is the same. `release` gives back the ranges of a mapped file the
    /// check has passed (``decodePlain(_:maximumDepth:release:)``).
    /// - Throws: ``JSONDecodingError``.
    static func decodeRefused(
        _ bytes: UnsafeBufferPointer<UInt8>, asLines: Bool, maximumDepth: Int = defaultMaximumDepth,
        release: ((Range<Int>) -> Void)? = nil
    ) throws -> Value {
        var checker = JSONReader(bytes: bytes, tagged: false, maximumDepth: maximumDepth, release: release)
        checker.keepsTopLevelMembers = false
        var reader = JSONReader(bytes: bytes, tagged: false, maximumDepth: maximumDepth)
        if asLines {
            _ = try checker.readLines()
            return try reader.readLines()
        }
        _ = try checker.readDocument()
        return try reader.readDocument()
    }
}
