import MBMLEngine

/// The editor's information rows when nothing more urgent is on show: the first hint about the
/// text (its range marked `~~~` followed by `try: replacement`, then `hint: message`), or else the evaluation error
/// of the selected result row (a caret under its range and the message).
enum EditorTeachingRows {
    /// Draws the rows; false when there is nothing to teach (the caller draws something else).
    static func draw(_ state: InspectorState, painter: Painter) -> Bool {
        let editor = state.editor
        let context = state.results.selected
        guard !editor.characters.isEmpty, !state.results.isEvaluating, state.results.shownText == editor.text,
            !state.isInvalid(context)
        else { return false }
        let scroll = EditorColumns.scroll(for: editor, width: painter.width - EditorView.promptWidth)
        var hints = state.results.hints[context] ?? []
        // Inside a call still being typed, its signature helps more than "never closes".
        if MBMLSyntax(characters: editor.characters).call(at: editor.cursor)?.name != nil {
            hints.removeAll { $0.code == .unclosedConstruct }
        }
        if let hint = hints.first {
            let end = EditorView.drawUnderline(
                hint.range, marks: ("~", "~"), role: .hint, editor: editor,
                scroll: scroll, painter: painter)
            if let replacement = hint.replacement {
                painter.truncated("  try: " + replacement, row: 2, column: end, role: .hint)
            }
            painter.truncated(text(of: hint, more: hints.count - 1), row: 3, column: 0, role: .hint)
            return true
        }
        guard let error = state.results.shown[context]?.error, !error.isNotANumber else { return false }
        if let range = error.range {
            EditorView.drawUnderline(
                range, marks: ("^", "~"), role: .caret, editor: editor, scroll: scroll,
                painter: painter)
        }
        painter.truncated("\(context.rawValue): " + EditorView.errorMessage(error), row: 3, column: 0, role: .error)
        return true
    }

    /// `hint: message`, with `(+N more)` when there are other hints (the replacement is on the row above).
    static func text(of hint: Hint, more: Int) -> String {
        "hint: " + hint.message + (more > 0 ? " (+\(more) more)" : "")
    }
}
