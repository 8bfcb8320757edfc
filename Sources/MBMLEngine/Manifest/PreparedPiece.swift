/// The top-level elements of a piece of a manifest (``XMLPieceStream``), gathered on the thread
/// that parsed it, so that the loading thread only declares: its plain literal `<Var>`s, read
/// (``PlainLiteralRun``), and in document order the runs of them and the other elements.
///
/// Declaring the steps in order does what ``ManifestLoadSession`` does for each element in turn.
struct PreparedPiece: Sendable {
    /// One step of the declarations.
    enum Step: Sendable {
        /// The plain literals of ``PreparedPiece/literals`` in this range, declared a run at a time.
        case literals(Range<Int>)
        /// Any other top-level element, declared on its own.
        case element(XMLElementNode)
    }

    /// Every plain literal of the piece, in order.
    private(set) var literals = PlainLiteralRun()
    private(set) var steps: [Step] = []

    /// Gathers the top-level elements of the piece `document`: with `takingRuns`, plain literals
    /// are runs (at most ``PlainLiteralRun/limit`` long, so a stopped load stops soon);
    /// `maximumVariableDepth` is the load's.
    ///
    /// - Parameter used: the literals of a piece declared already (``takeLiterals()``), emptied and
    ///   filled again: their room is kept (a piece of about the same size), and their pages are in
    ///   memory already.
    init(
        gathering document: XMLSourceDocument, takingRuns: Bool, maximumVariableDepth: Int,
        reusing used: consuming PlainLiteralRun? = nil
    ) {
        // Moved in, not copied: literals another value still held would be copied when emptied.
        if var taken = consume used {
            taken.emptyKeepingRoom()
            swap(&literals, &taken)
        } else if takingRuns {
            literals.reserveCapacity(document.elements.count)
        }
        guard let root = document.root else { return }
        let varName = takingRuns ? document.number(ofName: "Var") : nil
        var runStart = 0
        for child in root.children {
            if let literal = ManifestLoadSession.plainLiteral(
                child, varName: varName, maximumVariableDepth: maximumVariableDepth)
            {
                literals.append(name: literal.name, literal: literal.literal, element: child)
                if literals.names.count - runStart >= PlainLiteralRun.limit {
                    endRun(from: &runStart)
                }
                continue
            }
            endRun(from: &runStart)
            steps.append(.element(child))
        }
        endRun(from: &runStart)
    }

    /// The literals, once declared, for a later piece to fill again (the piece is left without).
    mutating func takeLiterals() -> PlainLiteralRun {
        var taken = PlainLiteralRun()
        swap(&taken, &literals)
        steps.removeAll()
        return taken
    }

    /// Ends the run of literals that starts at `runStart`, if it has any.
    private mutating func endRun(from runStart: inout Int) {
        let end = literals.names.count
        if end > runStart { steps.append(.literals(runStart..<end)) }
        runStart = end
    }
}
