import Dispatch
import Foundation
import Synchronization

extension XMLSourceDocument {
    /// Parses `source` in two halves, the second on another thread (``XMLDocumentSplit``), and
    /// joins what they hold. Nil when the document has no cut near `target`, or when libxml2
    /// refused either half or reported anything about it: the caller then parses it whole, which
    /// gives the messages one parse gives.
    static func parseInHalves(_ source: [UInt8], path: String, near target: Int) -> XMLSourceDocument? {
        let joined = source.withUnsafeBytes { buffer -> (whole: XMLDocumentRecords, second: XMLDocumentRecords)? in
            guard let split = XMLDocumentSplit.find(in: buffer, near: target) else { return nil }
            let start = split.secondHalfStart(in: buffer)
            let secondHalf = Mutex<SecondHalf?>(nil)
            // A thread of its own, not a shared queue's: the caller may itself be a queue's worker,
            // and the wait below must never wait for a worker to be free.
            let group = DispatchGroup()
            group.enter()
            let thread = Thread {
                let parsed = SecondHalf(of: source, cutAt: split, startingWith: start, path: path)
                secondHalf.withLock { $0 = parsed }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
            let end = split.firstHalfEnd(in: buffer)
            var first = end.withUnsafeBytes { end in
                let half = UnsafeRawBufferPointer(rebasing: buffer[..<split.cut])
                let built = build(SourceReader(half, then: end), source: buffer, path: path, mode: .strict)
                // Text of the root just before the cut runs on into the next line in the whole.
                return built?.builder.rootEndsWithText == true ? nil : cleanRecords(built)
            }
            group.wait()
            guard first != nil, let second = secondHalf.withLock({ $0.take() }) else { return nil }
            let lineOffset = second.linesBeforeCut - start.withUnsafeBytes { LineFeeds.count(in: $0) }
            let joined = first?.join(second.records, sourceOffset: split.cut - start.count, lineOffset: lineOffset)
            guard joined == true, let first else { return nil }
            return (first, second.records)
        }
        return joined.map { XMLSourceDocument(path: path, source: source, records: $0.whole, secondHalf: $0.second) }
    }

    /// The records of a half that libxml2 parsed without a word (no error, no warning).
    fileprivate static func cleanRecords(_ built: (builder: XMLTreeBuilder, parsed: Bool)?) -> XMLDocumentRecords? {
        guard var builder = built?.builder, built?.parsed == true, builder.errors.isEmpty, !builder.elements.isEmpty
        else { return nil }
        return builder.takeRecords()
    }
}

/// What the second half of a document holds, parsed on its own thread, and the number of line
/// feeds before the cut (counted there too).
private struct SecondHalf {
    var records: XMLDocumentRecords
    var linesBeforeCut: Int

    /// Parses the second half of `source` cut at `split`: `start` (the declaration and the root's
    /// start tag), then the source from the cut, read where it lies (no copy). Nil when libxml2
    /// refused it or reported anything.
    init?(of source: [UInt8], cutAt split: XMLDocumentSplit, startingWith start: [UInt8], path: String) {
        let parsed = source.withUnsafeBytes { buffer in
            start.withUnsafeBytes { start -> XMLDocumentRecords? in
                let rest = UnsafeRawBufferPointer(rebasing: buffer[split.cut...])
                // The builder reads values and positions from the bytes the parser read, by their
                // offset: the source seen from `start.count` bytes before the cut holds the same bytes
                // at the same offsets from the cut on. The builder compares bytes before it takes a
                // value from there, and the root's own attributes, which come from `start`, are not
                // joined.
                let seen = UnsafeRawBufferPointer(rebasing: buffer[(split.cut - start.count)...])
                return XMLSourceDocument.cleanRecords(
                    XMLSourceDocument.build(
                        SourceReader(start, then: rest), source: seen, path: path, mode: .strict,
                        documentSize: buffer.count))
            }
        }
        guard let parsed else { return nil }
        records = parsed
        linesBeforeCut = source.withUnsafeBytes {
            LineFeeds.count(in: UnsafeRawBufferPointer(rebasing: $0[..<split.cut]))
        }
    }
}
