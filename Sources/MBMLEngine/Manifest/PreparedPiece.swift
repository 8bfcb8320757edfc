/// The top-level elements of a piece of a manifest (``XMLPieceStream``), gathered on the thread
/// that parsed it, so that the loading thread only declares: its plain declarations, read and
/// their values made (``PlainDeclaration``), and in document order the runs of them and the other
/// elements.
///
/// Declaring the steps in order does what ``ManifestLoadSession`` does for each element in turn.
struct PreparedPiece: Sendable {
    /// One step of the declarations.
    enum Step: Sendable {
        /// The plain declarations of ``PreparedPiece/plain`` in this range, declared a run at a time.
        case plain(Range<Int>)
        /// Any other top-level element, declared on its own.
        case element(XMLElementNode)
    }

    /// Every plain declaration of the piece, in order.
    private(set) var plain = PlainDeclarationRun()
    private(set) var steps: [Step] = []

    /// Gathers the top-level elements of the piece `document`: with `takingRuns`, plain
    /// declarations are runs (at most ``PlainDeclarationRun/limit`` long, so a stopped load stops
    /// soon), classified by the load's `rules`.
    ///
    /// - Parameter used: the run of a piece declared already (``takeRun()``), emptied and filled
    ///   again: its room is kept (a piece of about the same size), and its pages are in memory
    ///   already.
    init(
        gathering document: XMLSourceDocument, takingRuns: Bool, rules: PlainDeclarationRules,
        reusing used: consuming PlainDeclarationRun? = nil
    ) {
        // Moved in, not copied: a run another value still held would be copied when emptied.
        if var taken = consume used {
            taken.emptyKeepingRoom()
            swap(&plain, &taken)
        } else if takingRuns {
            plain.reserveCapacity(document.elements.count)
        }
        guard let root = document.root else { return }
        let varName = takingRuns ? document.number(ofName: "Var") : nil
        var runStart = 0
        for child in root.children {
            if let declaration = ManifestLoadSession.plainDeclaration(child, varName: varName, rules: rules) {
                plain.append(declaration, element: child)
                if plain.names.count - runStart >= PlainDeclarationRun.limit {
                    endRun(from: &runStart)
                }
                continue
            }
            endRun(from: &runStart)
            steps.append(.element(child))
        }
        endRun(from: &runStart)
    }

    /// The plain declarations, once declared, for a later piece to fill again (the piece is left
    /// without).
    mutating func takeRun() -> PlainDeclarationRun {
        var taken = PlainDeclarationRun()
        swap(&taken, &plain)
        steps.removeAll()
        return taken
    }

    /// Ends the run of plain declarations that starts at `runStart`, if it has any.
    private mutating func endRun(from runStart: inout Int) {
        let end = plain.names.count
        if end > runStart { steps.append(.plain(runStart..<end)) }
        runStart = end
    }
}
