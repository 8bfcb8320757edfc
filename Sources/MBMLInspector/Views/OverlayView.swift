import MBMLEngine

/// Screens drawn over the panes: the key list, a full value, the diagnostics of the last load.
enum OverlayView {
    static func draw(_ overlay: Overlay, state: InspectorState, size: TerminalSize, screen: Screen) {
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
        case .diagnostics(let selected, let scroll):
            drawDiagnostics(state.status.diagnostics, selected: selected, scroll: scroll, painter: painter)
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

    /// One diagnostic a row: severity mark, `file:line:column`, then the whole message wrapped on
    /// the rows below it.
    private static func drawDiagnostics(_ diagnostics: [Diagnostic], selected: Int, scroll: Int, painter: Painter) {
        let counts = StatusState(diagnostics: diagnostics).diagnosticCounts ?? ""
        PaneChrome.title("Diagnostics of the last load", note: "\(counts) · ↑↓ · Enter opens in $EDITOR · other keys close",
                         focused: true, painter: painter)
        var row = 1
        for index in scroll..<diagnostics.count where row < painter.height {
            let diagnostic = diagnostics[index]
            let isSelected = index == selected
            if isSelected { painter.fill(row: row, role: .selection) }
            let mark = diagnostic.severity == .error ? "✗ " : "! "
            var column = painter.text(" " + mark, row: row, column: 0,
                                      role: isSelected ? .selection : (diagnostic.severity == .error ? .error : .hint))
            column = painter.text("\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)", row: row, column: column,
                                  role: isSelected ? .selection : .name)
            row += 1
            for line in TextWidth.wrap(diagnostic.message, width: max(painter.width - 5, 10)) where row < painter.height {
                painter.text("    " + line, row: row, column: 0, role: .normal)
                row += 1
            }
        }
    }
}
