/// The log pane: what `^log`, `^dump`, `^tokenize` and swallowed errors wrote during the last
/// evaluation, after the warnings of the last load. Only the rows on screen are wrapped
/// (see ``LogWindow``).
enum LogView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let focused = state.focus == .log
        let count = state.log.entryCount
        let note =
            state.log.scrollBack > 0
            ? "↑ \(state.log.scrollBack) rows up · G end" : (focused ? "x clears · L hides" : "L hides")
        PaneChrome.title("\(Pane.log.title) (\(count))", note: note, focused: focused, painter: painter)
        let rows = painter.height - 1
        guard rows > 0 else { return }
        if count == 0 {
            painter.truncated("^log(…), ^dump(…) and ^tokenize(…) write here.", row: 1, column: 1, role: .dim)
            return
        }
        let window = LogWindow.rows(
            state.log, width: Layout.logTextWidth(paneWidth: painter.width), skip: state.log.scrollBack, count: rows)
        for (offset, line) in window.rows.enumerated() {
            painter.text(line, row: offset + 1, column: 1, role: .log)
        }
    }
}
