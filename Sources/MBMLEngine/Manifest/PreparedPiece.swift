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
    init(gathering document: XMLSourceDocument, takingRuns: Bool, maximumVariableDepth: Int) {
        guard let root = document.root else { return }
        if takingRuns { literals.reserveCapacity(document.elements.count) }
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

    /// Ends the run of literals that starts at `runStart`, if it has any.
    private mutating func endRun(from runStart: inout Int) {
        let end = literals.names.count
        if end > runStart { steps.append(.literals(runStart..<end)) }
        runStart = end
    }
}
