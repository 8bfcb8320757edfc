/// Draws an open prompt (``PromptLine``) the same way wherever it is: the label and the text in
/// the prompt style, the terminal cursor after the text, then a note (what the keys do, what was
/// found) dimmed. When the text does not fit, its end is shown after `…`, so the cursor stays in view.
enum PromptLineView {
    /// Draws `prompt` on `row` of `painter` from `column`, in at most `maxWidth` cells.
    /// - Parameter showsCursor: whether the terminal cursor goes after the text (false when
    ///   something else has the keys).
    /// - Returns: the column after the last cell written.
    @discardableResult
    static func draw(
        _ prompt: PromptLine, label: String, note: String = "", row: Int, column: Int = 0,
        maxWidth: Int? = nil, showsCursor: Bool = true, painter: Painter
    ) -> Int {
        let limit = min(painter.width - column, maxWidth ?? Int.max)
        guard limit > 0, row >= 0, row < painter.height else { return column }
        let shown = visibleText(prompt.text, width: limit - TextWidth.of(label) - 1)
        let end = painter.text(label + shown, row: row, column: column, role: .prompt, maxWidth: limit)
        if showsCursor {
            painter.screen.setCursor(
                (row: painter.rect.row + row, column: painter.rect.column + min(end, column + limit - 1)))
        }
        // A note with no room for more than an ellipsis is left out.
        guard !note.isEmpty, column + limit - end > 3 else { return end }
        return painter.truncated(note, row: row, column: end, role: .dim, maxWidth: column + limit - end)
    }

    /// `text` as printed, or `…` and its end when it is wider than `width` cells.
    static func visibleText(_ text: String, width: Int) -> String {
        let printable = TextWidth.printable(text)
        let total = TextWidth.of(printable)
        guard total > width else { return printable }
        guard width > 1 else { return "" }
        var tail = TextWrap.dropping(cells: total - (width - 1), of: printable)
        // A wide character cut in half is dropped whole; still, never go past the width.
        while TextWidth.of(tail) > width - 1, !tail.isEmpty { tail.removeFirst() }
        return "…" + tail
    }
}
