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
            guard let found else { return try decodeRefused(data, asLines: true, maximumDepth: maximumDepth) }
            return records(
                found.records, of: JSONDocument(storage: .data(data), index: found.index, maximumDepth: maximumDepth))
        }
        let index = data.withUnsafeBytes {
            JSONStructureIndexer.index(
                $0.bindMemory(to: UInt8.self), maximumDepth: maximumDepth, split: JSONStructureIndexer.Split(),
                checkCancellation: {})
        }
        guard let index else { return try decodeRefused(data, asLines: false, maximumDepth: maximumDepth) }
        return root(of: JSONDocument(storage: .data(data), index: index, maximumDepth: maximumDepth))
    }

    private static func decodeRefused(_ data: Data, asLines: Bool, maximumDepth: Int) throws -> Value {
        try data.withUnsafeBytes {
            try JSONCodec.decodeRefused($0.bindMemory(to: UInt8.self), asLines: asLines, maximumDepth: maximumDepth)
        }
    }
}
