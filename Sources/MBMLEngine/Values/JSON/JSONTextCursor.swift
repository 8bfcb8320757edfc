/// Steps through JSON text that ``JSONStructureIndexer`` has already checked: it skips and decodes
/// values without checking them again.
struct JSONTextCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    mutating func skipWhitespace() {
        guard let base = bytes.baseAddress else { return }
        position = JSONBytes.skipWhitespace(base, position, bytes.count)
    }

    /// Steps over the value that begins at `position` (``JSONBytes/skipValue(_:_:_:)``), or to
    /// `limit` when it ends past that.
    mutating func skipValue(before limit: Int = .max) {
        guard let base = bytes.baseAddress else { return }
        position = JSONBytes.skipValue(base, position, min(limit, bytes.count))
    }

    /// Steps over the string whose opening quote is at `position`.
    mutating func skipString() {
        guard let base = bytes.baseAddress else { return }
        position = JSONBytes.skipString(base, position, bytes.count)
    }

    /// The offsets of the members of the container at `position` (elements of an array, the
    /// opening quotes of the keys of an object), up to the first that begins at `limit` or later.
    mutating func memberOffsets(before limit: Int = .max) -> [Int] {
        var offsets: [Int] = []
        forEachMember(before: limit) { offsets.append($0) }
        return offsets
    }

    /// Calls `body` with the offset of each member of the container at `position`, up to the
    /// first that begins at `limit` or later. No byte from `limit` on is read: a member that
    /// begins before it and ends after it (a gigabyte array in a small wrapper object) is not
    /// stepped over to its end.
    ///
    /// A member never begins with a control byte: one (text changed after the check, as a mapped
    /// file truncated under the read reads zeros: ``JSONBytes/skipValue(_:_:_:)``) ends the
    /// container there.
    mutating func forEachMember(before limit: Int = .max, _ body: (Int) -> Void) {
        guard position < bytes.count else { return }
        let isObject = bytes[position] == UInt8(ascii: "{")
        position += 1
        skipWhitespace()
        while position < limit, position < bytes.count, bytes[position] != UInt8(ascii: "]"),
            bytes[position] != UInt8(ascii: "}"), bytes[position] > 0x20
        {
            body(position)
            if isObject {
                skipString()
                skipWhitespace()
                position += 1 // the colon
                skipWhitespace()
            }
            skipValue(before: limit)
            guard position < limit else { return }
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            }
        }
    }

    /// From the opening quote of an object's key to the first byte of its value.
    mutating func skipToValue() {
        skipString()
        skipWhitespace()
        position += 1
        skipWhitespace()
    }
}
