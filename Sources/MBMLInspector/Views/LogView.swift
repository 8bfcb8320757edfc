/// The log pane: what `^log`, `^dump`, `^tokenize` and swallowed errors wrote during the last
/// evaluation, after the warnings of the last load.
enum LogView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let focused = state.focus == .log
        let lines = state.log.lines.flatMap { $0.components(separatedBy: "\n") }
            .flatMap { hardWrap($0, width: painter.width - 2) }
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

    /// Cuts a line into pieces of at most `width` cells.
    static func hardWrap(_ line: String, width: Int) -> [String] {
        guard width > 0, TextWidth.of(line) > width else { return [line] }
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in TextWidth.printable(line) {
            let w = TextWidth.of(character)
            if used + w > width {
                pieces.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += w
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
