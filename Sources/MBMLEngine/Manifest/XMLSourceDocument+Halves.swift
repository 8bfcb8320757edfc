import Dispatch
import Foundation
import Synchronization

extension XMLSourceDocument {
    /// Parses `source` in two halves, the second on another thread (``XMLDocumentSplit``), and
    /// joins what they hold. Nil when the document has no cut near `target`, or when libxml2
    /// refused either half or reported anything about it: the caller then parses it whole, which
    /// gives the messages one parse gives.
    static func parseInHalves(_ source: DocumentBytes, path: String, near target: Int) -> XMLSourceDocument? {
        let joined = source.withUnsafeBytes { buffer -> (whole: XMLDocumentRecords, second: XMLDocumentRecords)? in
            guard let split = XMLDocumentSplit.find(in: buffer, near: target) else { return nil }
            let secondHalf = Mutex<SecondHalf?>(nil)
            // A thread of its own, not a shared queue's: the caller may itself be a queue's worker,
            // and the wait below must never wait for a worker to be free.
            let group = DispatchGroup()
            group.enter()
            SiblingThread.start {
                let parsed = SecondHalf(of: source, cutAt: split, path: path)
                secondHalf.withLock { $0 = parsed }
                group.leave()
            }
            // Both halves' tables are as large as the whole document's, and in huge pages too.
            let first = XMLDocumentPiece(start: nil, end: split).parse(buffer, path: path, roomFor: buffer.count)
            group.wait()
            // Text of the root just before the cut runs on into the next line in the whole.
            guard var whole = first?.records, first?.rootEndsWithText == false,
                let second = secondHalf.withLock({ $0.take() })
            else { return nil }
            let lineOffset = second.linesBeforeCut - second.piece.linesAdded
            let joined = whole.join(
                second.piece.records, sourceOffset: second.piece.sourceOffset, lineOffset: lineOffset)
            return joined ? (whole, second.piece.records) : nil
        }
        return joined.map { XMLSourceDocument(path: path, source: source, records: $0.whole, secondHalf: $0.second) }
    }
}

/// What the second half of a document holds, parsed on its own thread, and the number of line
/// feeds before the cut (counted there too).
private struct SecondHalf {
    var piece: XMLDocumentPiece.Parsed
    var linesBeforeCut: Int

    /// Parses the second half of `source` cut at `split`. Nil when libxml2 refused it or reported
    /// anything.
    init?(of source: DocumentBytes, cutAt split: XMLDocumentSplit, path: String) {
        let parsed = source.withUnsafeBytes { buffer in
            XMLDocumentPiece(start: split, end: nil).parse(buffer, path: path, roomFor: buffer.count)
        }
        guard let parsed else { return nil }
        piece = parsed
        linesBeforeCut = source.withUnsafeBytes {
            LineFeeds.count(in: UnsafeRawBufferPointer(rebasing: $0[..<split.cut]))
        }
    }
}
