import MBMLEngine

/// The token pane: the parse of the expression in the chosen context as a tree of kind, text and
/// `{location, length}`, with the selected token's explanation at the bottom.
enum TokensView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let focused = state.focus == .tokens
        let context = state.tokens.context
        // The values come with the traces, made after the rows: until then the parse is shown.
        let tracing = state.results.isTracing && !state.editor.characters.isEmpty
        PaneChrome.title(
            "\(Pane.tokens.title) · \(context.rawValue)" + (tracing ? " · tracing…" : ""),
            note: focused ? "←/→ context" : "", focused: focused, painter: painter)
        let bodyRows = painter.height - 3
        guard bodyRows > 0 else { return }
        guard !state.editor.characters.isEmpty else {
            painter.truncated("The token tree of the expression appears here.", row: 1, column: 1, role: .dim)
            return
        }
        guard let parse = state.currentParse, parse.parse(in: context) != nil else {
            painter.truncated("parsing…", row: 1, column: 1, role: .dim)
            return
        }
        if let error = parse.parseError(in: context) {
            painter.truncated(EditorView.errorMessage(error), row: 1, column: 1, role: .error)
            if let range = error.range {
                painter.truncated("at \(range)", row: 2, column: 1, role: .dim)
            }
            return
        }
        let rows = state.tokenRows
        if rows.isEmpty {
            painter.truncated("(no tokens)", row: 1, column: 1, role: .dim)
            return
        }
        var drawn = 0
        for line in 0..<bodyRows {
            let index = state.tokens.scrollTop + line
            guard index < rows.count else { break }
            drawRow(
                rows[index], selected: index == state.tokens.selected, focused: focused, row: line + 1, painter: painter
            )
            drawn += 1
        }
        let selected = rows[min(max(state.tokens.selected, 0), rows.count - 1)].token
        drawExplanation(selected.kind.explanation, below: drawn, painter: painter)
    }

    private static func drawRow(_ row: TokenRow, selected: Bool, focused: Bool, row line: Int, painter: Painter) {
        let indent = String(repeating: "  ", count: min(row.depth, 12))
        let token = row.token
        if selected {
            painter.fill(row: line, role: focused ? .selection : .selectionInactive)
        }
        let base: StyleRole? = selected ? (focused ? .selection : .selectionInactive) : nil
        var column = painter.text(indent, row: line, column: 0, role: base ?? .normal)
        column = painter.text(
            token.kind.rawValue, row: line, column: column,
            role: base ?? SyntaxRoles.role(for: token.kind) ?? .normal)
        if let context = row.parameterContext {
            column = painter.text(" [\(context.rawValue)]", row: line, column: column, role: base ?? .dim)
        }
        let range = " \(token.absoluteRange)"
        let value = row.outcome.map { TokenValueText.describe($0, count: row.evaluationCount, all: row.outcomes) }
        // The value matters more than the text: with a value, the text gets at most half of what is left.
        let left = painter.width - column - TextWidth.of(range) - 1
        let textWidth = value == nil ? left : max(min(TextWidth.of(token.text) + 3, left / 2), 6)
        column = painter.truncated(
            " \"" + token.text + "\"", row: line, column: column, role: base ?? .normal,
            maxWidth: max(textWidth, 4))
        column = painter.text(range, row: line, column: column, role: base ?? .dim)
        if let (text, role) = value {
            painter.truncated(" " + text, row: line, column: column, role: base ?? role)
        }
    }

    /// The selected token's explanation, one blank row under the tree (at most at the bottom).
    private static func drawExplanation(_ text: String, below rows: Int, painter: Painter) {
        let lines = TextWrap.atSpaces("ⓘ " + text, width: painter.width - 2)
        let top = min(rows + 2, painter.height - 2)
        for (offset, line) in lines.prefix(2).enumerated() {
            painter.text(line, row: top + offset, column: 1, role: .hint)
        }
    }
}
