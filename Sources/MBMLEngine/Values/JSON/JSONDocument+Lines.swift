import Foundation

extension JSONDocument {
    /// Reads the JSON Lines file at `path` — mapped or copied as `reading` says
    /// (``DataFileReading``) — as an array of its records, each a view of one document
    /// (``JSONLinesIndexer``): the array holds where each record begins, nothing decoded. A text the
    /// line pass does not take (a record that is not an array or an object, an invalid line) is read
    /// whole by the reader, with its values or its error (line and column).
    /// - Throws: `FunctionError` when the file cannot be read; ``FileChangedWhileRead`` when a
    ///   mapped file changed before its scan ended; ``JSONDecodingError``.
    static func loadLines(
        path: String, maximumSize: Int = FileLimits().data, maximumDepth: Int = JSONCodec.defaultMaximumDepth,
        reading: DataFileReading = .read
    ) throws -> Value {
        let file = try FileDoor.open(path, as: .data, policy: .anywhere, maximumSize: maximumSize)
        if reading.maps(size: file.size), let mapped = try guardedMapping(of: file, path: path) {
            let split = JSONStructureIndexer.Split(
                release: { mapped.release($0) }, populate: { mapped.populate($0) })
            let found = mapped.scanning { _ in
                JSONLinesIndexer.index(mapped.buffer, maximumDepth: maximumDepth, split: split)
            }
            try mapped.checkUnchanged()
            guard let found else {
                return try JSONCodec.decodeRefused(
                    mapped.buffer, asLines: true, maximumDepth: maximumDepth, release: { mapped.release($0) })
            }
            let document = JSONDocument(storage: .mapped(mapped), index: found.index, maximumDepth: maximumDepth)
            return records(found.records, of: document)
        }
        let (bytes, found) = try FileBytes.array(file, path: path) { buffer, arrived in
            _ = arrived.wait(until: buffer.count)
            return JSONLinesIndexer.index(buffer, maximumDepth: maximumDepth, split: JSONStructureIndexer.Split())
        }
        guard let found else {
            return try bytes.withUnsafeBufferPointer {
                try JSONCodec.decodeRefused($0, asLines: true, maximumDepth: maximumDepth)
            }
        }
        return records(
            found.records, of: JSONDocument(storage: .array(bytes), index: found.index, maximumDepth: maximumDepth))
    }

    /// The array of the records that begin at `offsets` in `document`.
    static func records(_ offsets: [Int], of document: JSONDocument) -> Value {
        guard let first = offsets.first else { return .array([]) }
        return .array(ValueArray(lines: offsets, of: JSONNode(document: document, offset: first)))
    }
}
