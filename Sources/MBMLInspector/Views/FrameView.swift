/// A box drawn over the panes: opaque (every cell inside is painted), with a title on its top
/// edge and a line of keys or a message on its bottom edge.
enum FrameView {
    /// Draws the frame around `rect` and blanks its inside.
    /// - Returns: a painter for the inside.
    @discardableResult
    static func draw(_ rect: Rect, title: String, note: String = "", footer: String = "", screen: Screen) -> Painter {
        let painter = Painter(screen: screen, rect: rect)
        guard rect.height >= 2, rect.width >= 2 else { return painter }
        let horizontal = String(repeating: "─", count: rect.width - 2)
        painter.text("┌" + horizontal + "┐", row: 0, column: 0, role: .border)
        for row in 1..<(rect.height - 1) {
            painter.text("│", row: row, column: 0, role: .border)
            painter.fill(row: row, from: 1, role: .normal)
            painter.text("│", row: row, column: rect.width - 1, role: .border)
        }
        painter.text("└" + horizontal + "┘", row: rect.height - 1, column: 0, role: .border)
        let end = painter.truncated(" \(title) ", row: 0, column: 2, role: .titleFocused, maxWidth: rect.width - 4)
        if !note.isEmpty {
            let noteWidth = TextWidth.of(note) + 2
            let column = max(rect.width - noteWidth - 2, end + 1)
            painter.truncated(" \(note) ", row: 0, column: column, role: .title, maxWidth: rect.width - column - 2)
        }
        if !footer.isEmpty {
            painter.truncated(" \(footer) ", row: rect.height - 1, column: 2, role: .dim, maxWidth: rect.width - 4)
        }
        return painter.inset(row: 1, column: 1, height: rect.height - 2, width: rect.width - 2)
    }
}
