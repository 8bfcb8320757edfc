/// Draws styled text into one rectangle of a ``Screen``, clipping at its edges and measuring
/// characters by their display width, so that views can think in rows and columns of their pane.
struct Painter {
    let screen: Screen
    let rect: Rect

    init(screen: Screen, rect: Rect) {
        self.screen = screen
        self.rect = rect
    }

    var width: Int { rect.width }
    var height: Int { rect.height }

    /// Writes `text` at (`row`, `column`) of the pane in `role`, clipped to the pane (and to
    /// `maxWidth` cells if given). Control characters are shown as visible stand-ins.
    /// - Returns: the column after the last cell written.
    @discardableResult
    func text(_ text: String, row: Int, column: Int, role: StyleRole, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < rect.height, column < rect.width else { return column }
        var limit = rect.width - max(column, 0)
        if let maxWidth = maxWidth { limit = min(limit, maxWidth) }
        guard limit > 0 else { return column }
        var output = ""
        var used = 0
        for character in TextWidth.printable(text) {
            let w = TextWidth.of(character)
            if used + w > limit { break }
            output.append(character)
            used += w
        }
        if !output.isEmpty {
            screen.put(output, row: rect.row + row, column: rect.column + max(column, 0), role: role)
        }
        return column + used
    }

    /// Writes `text` truncated with `…` when longer than the space left.
    @discardableResult
    func truncated(_ text: String, row: Int, column: Int, role: StyleRole, maxWidth: Int? = nil) -> Int {
        var limit = rect.width - column
        if let maxWidth = maxWidth { limit = min(limit, maxWidth) }
        return self.text(
            TextWidth.truncate(TextWidth.printable(text), to: limit), row: row, column: column,
            role: role, maxWidth: limit)
    }

    /// Fills the rest of `row` from `column` with spaces in `role`.
    func fill(row: Int, from column: Int = 0, role: StyleRole) {
        guard column < rect.width else { return }
        text(String(repeating: " ", count: rect.width - max(column, 0)), row: row, column: column, role: role)
    }

    /// A painter for a sub-rectangle, in this pane's coordinates.
    func inset(row: Int, column: Int, height: Int, width: Int) -> Painter {
        let top = rect.row + row
        let left = rect.column + column
        let h = min(height, rect.height - row)
        let w = min(width, rect.width - column)
        return Painter(screen: screen, rect: Rect(row: top, column: left, height: h, width: w))
    }
}
