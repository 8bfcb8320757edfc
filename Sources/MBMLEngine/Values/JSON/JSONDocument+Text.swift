import Foundation

extension JSONDocument {
    /// JSON or JSON Lines text already in memory (piped on standard input), as views of one
    /// document over `data` itself, without a copy: JSON Lines when
    /// ``JSONCodec/looksLikeJSONLines(_:)`` says so (an array of the records), else the top-level
    /// container. Text the passes do not take (a scalar, an invalid text) is read whole by the
    /// reader, with its value or its error.
    /// - Throws: ``JSONDecodingError``.
    static func value(ofText data: Data, maximumDepth: Int = JSONCodec.defaultMaximumDepth) throws -> Value {
        if JSONCodec.looksLikeJSONLines(data) {
            let found = data.withUnsafeBytes {
                JSONLinesIndexer.index(
                    $0.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, split: JSONStructureIndexer.Split())
            }
            guard let found else { return try JSONCodec.decodePlainLines(data, maximumDepth: maximumDepth) }
            guard let first = found.records.first else { return .array([]) }
            let document = JSONDocument(storage: .data(data), index: found.index, maximumDepth: maximumDepth)
            return .array(ValueArray(lines: found.records, of: JSONNode(document: document, offset: first)))
        }
        let index = data.withUnsafeBytes {
            JSONStructureIndexer.index(
                $0.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, split: JSONStructureIndexer.Split(),
                checkCancellation: {})
        }
        guard let index else { return try JSONCodec.decodePlain(data, maximumDepth: maximumDepth) }
        let document = JSONDocument(storage: .data(data), index: index, maximumDepth: maximumDepth)
        return document.withBytes { JSONNode.value(in: document, $0, at: index.root) }
    }
}
