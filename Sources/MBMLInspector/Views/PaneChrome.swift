/// Draws a pane's title row: the name, highlighted when the pane has focus, and an optional note
/// at the right.
enum PaneChrome {
    static func title(_ title: String, note: String = "", focused: Bool, painter: Painter) {
        let role: StyleRole = focused ? .titleFocused : .title
        painter.fill(row: 0, role: role)
        let end = painter.text(" \(title) ", row: 0, column: 0, role: role)
        guard !note.isEmpty else { return }
        let noteWidth = TextWidth.of(note) + 1
        let column = max(painter.width - noteWidth, end + 1)
        painter.truncated(note, row: 0, column: column, role: role, maxWidth: painter.width - column - 1)
    }
}
