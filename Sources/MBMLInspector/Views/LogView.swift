/// The log pane: what `^log`, `^dump`, `^tokenize` and swallowed errors wrote during the last
/// evaluation, after the warnings of the last load.
enum LogView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let focused = state.focus == .log
        let lines = state.log.lines.flatMap { $0.components(separatedBy: "\n") }
        PaneChrome.title("\(Pane.log.title) (\(lines.count))", note: focused ? "x clears · L hides" : "L hides",
                         focused: focused, painter: painter)
        let rows = painter.height - 1
        guard rows > 0 else { return }
        if lines.isEmpty {
            painter.truncated("^log(…), ^dump(…) and ^tokenize(…) write here.", row: 1, column: 1, role: .dim)
            return
        }
        let end = max(lines.count - state.log.scrollBack, 0)
        let start = max(end - rows, 0)
        for (offset, line) in lines[start..<end].enumerated() {
            painter.truncated(line, row: offset + 1, column: 1, role: .log)
        }
    }
}
