import CLibXML2
import Dispatch
import Foundation
import Synchronization

/// A large document parsed in pieces (``XMLDocumentPiece``), so that what the first pieces declare
/// is declared while the rest is parsed (``ManifestLoadSession``): the caller parses the first
/// piece, a thread of its own parses the others one after another, and ``next()`` hands each over
/// as it is done, as a document of its own whose lines and source offsets are the whole document's.
///
/// The pieces stand for the whole document only when each of them parsed without a word and they
/// meet as one parse of the whole would have them meet (no text of the root runs across a cut, see
/// ``XMLDocumentRecords/join(_:sourceOffset:lineOffset:)``); otherwise ``next()`` answers
/// ``Next/refused`` and the caller parses the document whole.
final class XMLPieceStream: Sendable {
    /// What ``next()`` hands over.
    enum Next {
        /// The next piece, as a document whose root stands in for the whole document's.
        case piece(XMLSourceDocument)
        /// Every piece was handed over, and they stand for the whole document.
        case end
        /// A piece was refused: the pieces do not stand for the whole document.
        case refused
    }

    /// Where the pieces after the first end, as fractions of the document's size: the first piece
    /// is small, so that declaring starts early; the later ones grow, so that few parsers are made.
    static let laterCutFractions = [0.25, 0.5, 0.75]

    /// A parsed piece, and whether the root's text begins and ends it.
    private struct Ready {
        var document: XMLSourceDocument
        var startsWithRootText: Bool
        var endsWithRootText: Bool
    }

    private enum Outcome {
        case piece(Ready)
        case end
        case refused
    }

    private struct State {
        var queue: [Outcome] = []
        var isCancelled = false
        /// Whether the last piece handed over ends with the root's text (the reader's side).
        var previousEndsWithRootText = false
    }

    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    private init() {}

    /// The cuts that divide a document of `source` into pieces: the first found after
    /// `firstTarget`, the others after ``laterCutFractions`` of the document. Empty when the
    /// document has no cut there or a form ``XMLDocumentSplit`` does not cut.
    static func cuts(in source: UnsafeRawBufferPointer, firstNear firstTarget: Int) -> [XMLDocumentSplit] {
        guard let first = XMLDocumentSplit.find(in: source, near: firstTarget) else { return [] }
        var cuts = [first]
        for fraction in laterCutFractions {
            let target = max(Int(Double(source.count) * fraction), (cuts.last?.cut ?? 0) + 1)
            guard let cut = XMLDocumentSplit.find(in: source, near: target) else { continue }
            cuts.append(cut)
        }
        return cuts
    }

    /// Parses the piece of `source` before `cuts[0]` on the calling thread, and starts parsing the
    /// others on a thread of its own. Nil when the first piece is refused (the pieces then do not
    /// stand for the whole document).
    ///
    /// - Parameter cuts: at least one cut, in order (``cuts(in:firstNear:)``).
    static func start(
        _ source: [UInt8], path: String, cuts: [XMLDocumentSplit]
    ) -> (first: XMLSourceDocument, rest: XMLPieceStream)? {
        guard let firstCut = cuts.first else { return nil }
        xmlInitParser()
        let stream = XMLPieceStream()
        // A thread of its own, not a shared queue's: the caller may itself be a queue's worker.
        let thread = Thread { stream.parseLaterPieces(of: source, path: path, cuts: cuts) }
        thread.stackSize = 8 << 20
        thread.start()
        let first = source.withUnsafeBytes { buffer in
            let piece = XMLDocumentPiece(start: nil, end: firstCut)
            return piece.parse(buffer, path: path, roomFor: firstCut.cut)
        }
        // Text of the root just before the cut runs on into the next line in the whole.
        guard let first, !first.rootEndsWithText else {
            stream.cancel()
            return nil
        }
        stream.state.withLock { $0.previousEndsWithRootText = first.records.textPieces.last?.element == 0 }
        return (XMLSourceDocument(path: path, source: source, records: first.records), stream)
    }

    /// Waits for the next piece. After ``Next/end`` or ``Next/refused`` there is none: it must not
    /// be called again.
    func next() -> Next {
        arrived.wait()
        return state.withLock { state in
            switch state.queue.removeFirst() {
            case .end: return .end
            case .refused: return .refused
            case .piece(let ready):
                // One parse of the whole makes the root's text on both sides of the cut one piece.
                if state.previousEndsWithRootText && ready.startsWithRootText { return .refused }
                state.previousEndsWithRootText = ready.endsWithRootText
                return .piece(ready.document)
            }
        }
    }

    /// Stops parsing after the piece being parsed (a stopped load wants no more).
    func cancel() {
        state.withLock { $0.isCancelled = true }
    }

    private func hand(_ outcome: Outcome) {
        state.withLock { $0.queue.append(outcome) }
        arrived.signal()
    }

    /// Parses the pieces after the first, in order, handing each over when it is done.
    private func parseLaterPieces(of source: [UInt8], path: String, cuts: [XMLDocumentSplit]) {
        source.withUnsafeBytes { buffer in
            var linesBeforeCut = LineFeeds.count(in: UnsafeRawBufferPointer(rebasing: buffer[..<cuts[0].cut]))
            for (index, cut) in cuts.enumerated() {
                if state.withLock({ $0.isCancelled }) { return }
                let next = index + 1 < cuts.count ? cuts[index + 1] : nil
                let piece = XMLDocumentPiece(start: cut, end: next)
                let range = piece.range(in: buffer)
                guard let parsed = piece.parse(buffer, path: path, roomFor: range.count),
                    next == nil || !parsed.rootEndsWithText
                else { return hand(.refused) }
                var records = parsed.records
                records.shift(sourceOffset: parsed.sourceOffset, lineOffset: linesBeforeCut - parsed.linesAdded)
                let document = XMLSourceDocument(path: path, source: source, records: records)
                hand(
                    .piece(
                        Ready(
                            document: document, startsWithRootText: records.textPieces.first?.element == 0,
                            endsWithRootText: records.textPieces.last?.element == 0)))
                if let next {
                    linesBeforeCut += LineFeeds.count(in: UnsafeRawBufferPointer(rebasing: buffer[cut.cut..<next.cut]))
                }
            }
            hand(.end)
        }
    }
}
