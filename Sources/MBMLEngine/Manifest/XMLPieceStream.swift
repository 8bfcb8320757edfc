import CLibXML2
import Dispatch
import Foundation
import Synchronization

/// A large document parsed in pieces (``XMLDocumentPiece``), so that what the first pieces declare
/// is declared while the rest is parsed (``ManifestLoadSession``). The caller parses the first
/// piece; a thread of its own parses the others, one after another; ``next()`` hands them over in
/// order, each as a document of its own whose lines and source offsets are the whole document's,
/// with what `Prepared` the parsing thread made of it (the work on a piece that need not wait its
/// turn). When the next piece is not ready, the reader parses one that nobody has taken yet
/// instead of waiting, so both threads parse as long as there are pieces left.
///
/// The pieces stand for the whole document only when each of them parsed without a word and they
/// meet as one parse of the whole would have them meet (no text of the root runs across a cut, see
/// ``XMLDocumentRecords/join(_:sourceOffset:lineOffset:)``); otherwise ``next()`` answers
/// ``Next/refused`` and the caller parses the document whole.
///
/// A later piece's document gives its tables back when it goes (``TablePool``), and the
/// pieces parsed after that fill them again: the caller lets each piece go once it is declared.
final class XMLPieceStream<Prepared: Sendable>: Sendable {
    /// What ``next()`` hands over.
    enum Next {
        /// The next piece, as a document whose root stands in for the whole document's, and what
        /// was prepared from it.
        case piece(XMLSourceDocument, Prepared)
        /// Every piece was handed over, and they stand for the whole document.
        case end
        /// A piece was refused: the pieces do not stand for the whole document.
        case refused
    }

    /// A parsed piece, and whether the root's text begins and ends it.
    private struct Ready {
        var document: XMLSourceDocument
        var prepared: Prepared
        var startsWithRootText: Bool
        var endsWithRootText: Bool
    }

    private struct State {
        /// Each later piece once parsed (nil: refused; a piece handed over is not kept either), by
        /// its number among the later pieces.
        var parsed: [Ready??]
        /// The number of the first piece no thread has taken.
        var unclaimed = 0
        /// The number of the next piece to hand over.
        var upcoming = 0
        var isCancelled = false
        /// Whether the last piece handed over ends with the root's text.
        var previousEndsWithRootText = false
    }

    /// The pieces after the first, and what their parse needs.
    private let pieces: [XMLDocumentPiece]
    /// The line feeds before each cut, counted on the second thread first (the first piece
    /// needs none), once ``linesCounted`` is done.
    private let linesBefore: Mutex<[Int]>
    private let linesCounted = DispatchGroup()
    private let source: DocumentBytes
    private let path: String
    private let prepare: @Sendable (XMLSourceDocument) -> Prepared
    private let state: Mutex<State>
    /// Signalled once for each piece the second thread parsed.
    private let parsedOne = DispatchSemaphore(value: 0)
    /// The tables of pieces declared and let go, for the pieces still to parse.
    private let tables = TablePool<XMLDocumentRecords>(limit: 4)

    private init(
        source: DocumentBytes, path: String, cuts: [XMLDocumentSplit],
        prepare: @escaping @Sendable (XMLSourceDocument) -> Prepared
    ) {
        self.source = source
        self.path = path
        self.prepare = prepare
        pieces = cuts.indices.map { XMLDocumentPiece(start: cuts[$0], end: $0 + 1 < cuts.count ? cuts[$0 + 1] : nil) }
        linesBefore = Mutex([])
        linesCounted.enter()
        state = Mutex(State(parsed: Array(repeating: nil, count: cuts.count)))
    }

    /// Parses the piece of `source` before `cuts[0]` on the calling thread, and starts parsing the
    /// others on a thread of its own, which gives each document to `prepare` when it is parsed. Nil
    /// when the first piece is refused (the pieces then do not stand for the whole document).
    ///
    /// - Parameter cuts: at least one cut, in order (``XMLDocumentSplit/pieceCuts(in:firstNear:)``).
    static func start(
        _ source: DocumentBytes, path: String, cuts: [XMLDocumentSplit],
        prepare: @escaping @Sendable (XMLSourceDocument) -> Prepared
    ) -> (first: XMLSourceDocument, rest: XMLPieceStream)? {
        guard let firstCut = cuts.first else { return nil }
        xmlInitParser()
        let stream = XMLPieceStream(source: source, path: path, cuts: cuts, prepare: prepare)
        // A thread of its own, not a shared queue's: the caller may itself be a queue's worker.
        SiblingThread.start { stream.parsePiecesNobodyTook() }
        let first = source.withUnsafeBytes { buffer in
            XMLDocumentPiece(start: nil, end: firstCut).parse(buffer, path: path, roomFor: firstCut.cut)
        }
        // Text of the root just before the cut runs on into the next line in the whole.
        guard let first, !first.rootEndsWithText else {
            stream.cancel()
            return nil
        }
        stream.state.withLock { $0.previousEndsWithRootText = first.records.textPieces.last?.element == 0 }
        return (XMLSourceDocument(path: path, source: source, records: first.records), stream)
    }

    /// The next piece, parsed here when nobody took it yet, waited for when the other thread is
    /// parsing it. After ``Next/end`` or ``Next/refused`` there is none: it must not be called again.
    func next() -> Next {
        while true {
            let step = state.withLock { state -> ReaderStep in
                guard state.upcoming < pieces.count else { return .handOver(.end) }
                if let ready = state.parsed[state.upcoming] {
                    // Not kept here: the piece goes when its reader lets it go (``TablePool``).
                    state.parsed[state.upcoming] = .some(nil)
                    state.upcoming += 1
                    // One parse of the whole makes the root's text on both sides of the cut one piece.
                    guard let ready, !(state.previousEndsWithRootText && ready.startsWithRootText) else {
                        return .handOver(.refused)
                    }
                    state.previousEndsWithRootText = ready.endsWithRootText
                    return .handOver(.piece(ready.document, ready.prepared))
                }
                guard state.unclaimed < pieces.count else { return .wait }
                state.unclaimed += 1
                return .parse(state.unclaimed - 1)
            }
            switch step {
            case .handOver(let next): return next
            case .parse(let number): parse(number)
            case .wait: parsedOne.wait()
            }
        }
    }

    /// What the reader does next.
    private enum ReaderStep {
        case handOver(Next)
        case parse(Int)
        case wait
    }

    /// Stops the other thread after the piece it is parsing (a stopped load wants no more).
    func cancel() {
        state.withLock { $0.isCancelled = true }
    }

    /// The second thread's work: the lines before each cut, then the pieces nobody took yet, in
    /// order.
    private func parsePiecesNobodyTook() {
        let counts = source.withUnsafeBytes { buffer in
            var lines = 0
            var previous = 0
            return pieces.map { piece in
                let cut = piece.range(in: buffer).lowerBound
                lines += LineFeeds.count(in: UnsafeRawBufferPointer(rebasing: buffer[previous..<cut]))
                previous = cut
                return lines
            }
        }
        linesBefore.withLock { $0 = counts }
        linesCounted.leave()
        while true {
            let number = state.withLock { state -> Int? in
                guard !state.isCancelled, state.unclaimed < pieces.count else { return nil }
                state.unclaimed += 1
                return state.unclaimed - 1
            }
            guard let number else { return }
            parse(number)
            parsedOne.signal()
        }
    }

    /// Parses later piece `number` and keeps what it holds (nil when it was refused).
    private func parse(_ number: Int) {
        let piece = pieces[number]
        let isLast = number + 1 == pieces.count
        linesCounted.wait()
        let linesBeforeCut = linesBefore.withLock { $0[number] }
        let ready = source.withUnsafeBytes { buffer -> Ready? in
            guard
                let parsed = piece.parse(
                    buffer, path: path, roomFor: piece.range(in: buffer).count, reusing: tables.take()),
                isLast || !parsed.rootEndsWithText
            else { return nil }
            var records = parsed.records
            records.shift(sourceOffset: parsed.sourceOffset, lineOffset: linesBeforeCut - parsed.linesAdded)
            let document = XMLSourceDocument(path: path, source: source, records: records, recycler: tables)
            return Ready(
                document: document, prepared: prepare(document),
                startsWithRootText: records.textPieces.first?.element == 0,
                endsWithRootText: records.textPieces.last?.element == 0)
        }
        state.withLock { state in
            state.parsed[number] = .some(ready)
            // The pieces do not stand for the document: the other thread need parse no more.
            if ready == nil { state.isCancelled = true }
        }
    }
}

extension XMLDocumentSplit {
    /// How many pieces a document is cut into (``XMLPieceStream``), at least: small pieces, so that
    /// declaring starts early, the last piece, declared after everything is parsed, is short, and
    /// the pieces parsed ahead of their declarations hold few fresh tables. On the 100,000-`<Var>`
    /// manifest (4.6 MiB), 32 pieces against 16: page faults 1,845 → 1,430, wall time 3–5% less
    /// (medians of 60 in turns; 24 pieces lay between).
    static let pieceCount = 32
    /// The size of a piece, at most: a piece is parsed without a pause, so a stopped load waits for
    /// at most one piece (some tens of milliseconds).
    static let largestPiece = 4 << 20

    /// The cuts that divide a document of `source` into pieces: the first found after
    /// `firstTarget`, the others after each ``pieceCount``th of the document (or each
    /// ``largestPiece`` bytes) after it. Empty when the document has no cut there or a form this
    /// does not cut.
    static func pieceCuts(in source: UnsafeRawBufferPointer, firstNear firstTarget: Int) -> [XMLDocumentSplit] {
        guard let first = find(in: source, near: firstTarget) else { return [] }
        let step = max(1, min(source.count / pieceCount, largestPiece))
        var cuts = [first]
        var target = 2 * step
        while target < source.count {
            if let cut = find(in: source, near: max(target, (cuts.last?.cut ?? 0) + 1)) { cuts.append(cut) }
            target += step
        }
        return cuts
    }
}
