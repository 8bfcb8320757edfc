import Dispatch
import Synchronization

extension XMLSourceDocument {
    /// Parses `source` in two halves, the second on another thread (``XMLDocumentSplit``), and
    /// joins what they hold. Nil when the document has no cut near `target`, or when libxml2
    /// refused either half or reported anything about it: the caller then parses it whole, which
    /// gives the messages one parse gives.
    static func parseInHalves(_ source: [UInt8], path: String, near target: Int) -> XMLSourceDocument? {
        let joined = source.withUnsafeBytes { buffer -> XMLDocumentRecords? in
            guard let split = XMLDocumentSplit.find(in: buffer, near: target) else { return nil }
            let (secondBytes, prefixLength, prefixLines) = split.secondHalf(of: buffer)
            let secondHalf = Mutex<(records: XMLDocumentRecords, linesBeforeCut: Int)?>(nil)
            let before = UnsafeRawBufferPointer(rebasing: buffer[..<split.cut])
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                let records = secondBytes.withUnsafeBytes { second in
                    cleanRecords(build(SourceReader(second), source: second, path: path, mode: .strict))
                }
                let lines = source.withUnsafeBytes {
                    XMLDocumentSplit.lineFeeds(in: UnsafeRawBufferPointer(rebasing: $0[..<split.cut]))
                }
                secondHalf.withLock { $0 = records.map { ($0, lines) } }
            }
            var first = cleanRecords(
                build(
                    SourceReader(before, then: split.firstHalfEnd(in: buffer)), source: buffer, path: path,
                    mode: .strict))
            group.wait()
            guard first != nil, let second = secondHalf.withLock({ $0.take() }) else { return nil }
            let joined = first?.join(
                second.records, sourceOffset: split.cut - prefixLength, lineOffset: second.linesBeforeCut - prefixLines)
            return joined == true ? first : nil
        }
        return joined.map { XMLSourceDocument(path: path, source: source, records: $0, wasParsedInHalves: true) }
    }

    /// The records of a half that libxml2 parsed without a word (no error, no warning).
    private static func cleanRecords(_ built: (builder: XMLTreeBuilder, parsed: Bool)?) -> XMLDocumentRecords? {
        guard var builder = built?.builder, built?.parsed == true, builder.errors.isEmpty, !builder.elements.isEmpty
        else { return nil }
        return builder.takeRecords()
    }
}
