import MBMLEngine

/// What the token pane lists: once the editor's text was evaluated, the traced tree of the pane's
/// context (each token with what it produced; a parameter a function evaluates itself re-parsed in
/// the context the function used); until then, the parse tree.
enum TokenPaneRows {
    static func rows(for state: InspectorState) -> [TokenRow] {
        let context = state.tokens.context
        if let trace = trace(for: state, context: context) {
            return rows(of: trace)
        }
        return rows(of: state.parse?.tokens(in: context) ?? [])
    }

    /// The tokens depth first, children after their parent.
    static func rows(of tokens: [Token]) -> [TokenRow] {
        var rows: [TokenRow] = []
        func visit(_ token: Token, _ depth: Int) {
            rows.append(TokenRow(token: token, depth: depth))
            for child in token.children { visit(child, depth + 1) }
        }
        for token in tokens { visit(token, 0) }
        return rows
    }

    /// The trace of `context` when it belongs to the text in the editor and the evaluation on show.
    static func trace(for state: InspectorState, context: ExpressionContext) -> ExpressionTrace? {
        guard !state.results.isEvaluating, state.currentParse != nil,
            let trace = state.results.traces[context], trace.expression == state.editor.text,
            !trace.nodes.isEmpty || trace.usedConstantShortcut
        else { return nil }
        return trace
    }

    /// The trace's nodes depth first, children after their parent.
    static func rows(of trace: ExpressionTrace) -> [TokenRow] {
        var rows: [TokenRow] = []
        var stack = trace.nodes.reversed().map { (node: $0, depth: 0) }
        while let (node, depth) = stack.popLast() {
            let token = Token(kind: node.kind, text: node.text, range: node.range, absoluteRange: node.range)
            rows.append(
                TokenRow(
                    token: token, depth: depth, outcome: node.outcome,
                    parameterContext: node.parameterContext, evaluationCount: node.evaluationCount,
                    outcomes: node.evaluationCount > 1 ? node.outcomes : []))
            stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
        }
        return rows
    }

    /// While the editor has focus, selects the innermost token under the cursor (the character before
    /// it; the first at the start), so that the token pane's explanation follows the editing.
    static func selectTokenUnderCursor(_ state: inout InspectorState) {
        guard state.focus == .editor, !state.editor.characters.isEmpty else { return }
        let offsets = CharacterOffsets(state.editor.characters).offsets
        let target = offsets[max(min(state.editor.cursor, offsets.count - 1) - 1, 0)]
        var best: (row: Int, depth: Int)?
        state.refreshTokenRows()
        for (row, item) in state.tokenRows.enumerated() {
            let range = item.token.absoluteRange
            guard range.location <= target, target < range.upperBound else { continue }
            if best == nil || item.depth >= (best?.depth ?? 0) { best = (row, item.depth) }
        }
        guard let found = best else { return }
        state.tokens.selected = found.row
        Reducer.keepTokenSelectionVisible(&state)
    }

    /// Makes the token pane show the context of the selected result row (its tree and values).
    static func followResultRow(_ state: inout InspectorState) {
        guard state.tokens.context != state.results.selected else { return }
        state.tokens.context = state.results.selected
        state.tokens.selected = 0
        state.tokens.scrollTop = 0
    }
}
