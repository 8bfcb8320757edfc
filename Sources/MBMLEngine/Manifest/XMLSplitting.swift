/// Whether a document is parsed in two halves side by side (``XMLDocumentSplit``), or in pieces
/// declared while they are parsed (``XMLPieceStream``).
enum XMLSplitting: Equatable {
    /// Always whole.
    case never
    /// In halves when the document is large enough for a second thread to pay for itself and the
    /// machine has a second processor.
    case automatic
    /// In halves, cut at the first place found after `offset` (tests try every place).
    case near(Int)
    /// In halves whatever the size, cut near the middle (tests).
    case always

    /// The smallest document ``automatic`` cuts: about ten thousand declarations.
    static let minimumSize = 512 << 10

    /// Where to look for the end of the first piece of a document of `size` bytes that is declared
    /// while it is parsed (``XMLPieceStream``), or nil to load it as one document: one piece's
    /// size in (``XMLDocumentSplit/pieceCuts(in:firstNear:)``), so that declaring starts early.
    func firstPieceTarget(forSize size: Int) -> Int? {
        switch self {
        case .near(let offset): return offset
        case .never, .always, .automatic:
            return target(forSize: size).map { _ in
                min(size / XMLDocumentSplit.pieceCount, XMLDocumentSplit.largestPiece)
            }
        }
    }

    /// Where to look for the cut in a document of `size` bytes, or nil to parse it whole.
    func target(forSize size: Int) -> Int? {
        switch self {
        case .never: return nil
        case .near(let offset): return offset
        case .always: return size / 2
        case .automatic:
            guard size >= Self.minimumSize, Evaluation.activeProcessors > 1 else { return nil }
            return size / 2
        }
    }
}
