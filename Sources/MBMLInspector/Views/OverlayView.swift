import MBMLEngine

/// Screens drawn over the panes, framed and opaque: the key list, the value viewer and the
/// diagnostics of the last load.
enum OverlayView {
    static func draw(_ overlay: Overlay, state: InspectorState, size: TerminalSize, screen: Screen) {
        switch overlay {
        case .help(let scroll):
            drawHelp(scroll: scroll, size: size, screen: screen)
        case .viewer(let viewer):
            ValueViewerView.draw(viewer, size: size, screen: screen)
        case .diagnostics(let selected, let scroll):
            drawDiagnostics(state.status.diagnostics, selected: selected, scroll: scroll, size: size, screen: screen)
        }
    }

    /// One diagnostic a row: severity mark and `file:line:column`, then the whole message wrapped
    /// on the rows below it.
    private static func drawDiagnostics(
        _ diagnostics: [Diagnostic], selected: Int, scroll: Int, size: TerminalSize,
        screen: Screen
    ) {
        let counts = StatusState(diagnostics: diagnostics).diagnosticCounts ?? ""
        let inside = FrameView.draw(
            Layout.overlayFrame(size), title: "Diagnostics of the last load", note: counts,
            footer: "↑↓ choose · Enter opens it in $EDITOR · any other key closes", screen: screen)
        var row = 0
        for index in scroll..<diagnostics.count where row < inside.height {
            let diagnostic = diagnostics[index]
            let isSelected = index == selected
            if isSelected { inside.fill(row: row, role: .selection) }
            let isError = diagnostic.severity == .error
            var column = inside.text(
                isError ? " ✗ " : " ! ", row: row, column: 0,
                role: isSelected ? .selection : (isError ? .error : .hint))
            column = inside.text(
                "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)", row: row, column: column,
                role: isSelected ? .selection : .name)
            row += 1
            for line in TextWrap.words(diagnostic.message, width: max(inside.width - 5, 10)) where row < inside.height {
                inside.text("    " + line, row: row, column: 0, role: .normal)
                row += 1
            }
        }
    }

    private static func drawHelp(scroll: Int, size: TerminalSize, screen: Screen) {
        let frame = Layout.overlayFrame(size)
        let inside = FrameView.draw(
            frame, title: "Keys", footer: "↑↓ PgUp PgDn scroll · any other key closes",
            screen: screen)
        let rows = HelpLayout.rows(width: inside.width)
        for offset in 0..<inside.height {
            let index = scroll + offset
            guard index < rows.count else { break }
            let row = rows[index]
            if !row.keys.isEmpty { inside.text(row.keys, row: offset, column: row.keysColumn, role: row.keysRole) }
            inside.text(row.text, row: offset, column: row.textColumn, role: .normal)
        }
    }
}
