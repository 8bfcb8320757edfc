/// Screens drawn over the panes: the key list, and a full value.
enum OverlayView {
    static func draw(_ overlay: Overlay, size: TerminalSize, screen: Screen) {
        let width = min(size.columns - 4, 100)
        let height = size.rows - 2
        let painter = Painter(screen: screen, rect: Rect(row: 1, column: (size.columns - width) / 2,
                                                         height: height, width: width))
        for row in 0..<height { painter.fill(row: row, role: .normal) }
        switch overlay {
        case .help(let scroll):
            PaneChrome.title("Keys", note: "↑↓ scroll · any other key closes", focused: true, painter: painter)
            let lines = HelpContent.lines
            for offset in 0..<(height - 1) {
                let index = scroll + offset
                guard index < lines.count else { break }
                switch lines[index] {
                case .heading(let text): painter.text(" " + text, row: offset + 1, column: 0, role: .label)
                case .key(let keys, let meaning):
                    painter.text("   " + keys, row: offset + 1, column: 0, role: .key)
                    painter.truncated(meaning, row: offset + 1, column: 36, role: .normal)
                case .blank: break
                }
            }
        case .value(let title, let lines, let scroll):
            PaneChrome.title(title, note: "\(lines.count) lines · ↑↓ PgUp PgDn · any other key closes", focused: true,
                             painter: painter)
            for offset in 0..<(height - 1) {
                let index = scroll + offset
                guard index < lines.count else { break }
                painter.truncated(lines[index], row: offset + 1, column: 1, role: .value)
            }
        }
    }
}
