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
    private static func drawDiagnostics(_ diagnostics: [Diagnostic], selected: Int, scroll: Int, size: TerminalSize,
                                        screen: Screen) {
        let counts = StatusState(diagnostics: diagnostics).diagnosticCounts ?? ""
        let inside = FrameView.draw(helpFrame(size), title: "Diagnostics of the last load", note: counts,
                                    footer: "↑↓ choose · Enter opens it in $EDITOR · any other key closes", screen: screen)
        var row = 0
        for index in scroll..<diagnostics.count where row < inside.height {
            let diagnostic = diagnostics[index]
            let isSelected = index == selected
            if isSelected { inside.fill(row: row, role: .selection) }
            let isError = diagnostic.severity == .error
            var column = inside.text(isError ? " ✗ " : " ! ", row: row, column: 0,
                                     role: isSelected ? .selection : (isError ? .error : .hint))
            column = inside.text("\(diagnostic.file):\(diagnostic.line):\(diagnostic.column)", row: row, column: column,
                                 role: isSelected ? .selection : .name)
            row += 1
            for line in TextWrap.words(diagnostic.message, width: max(inside.width - 5, 10)) where row < inside.height {
                inside.text("    " + line, row: row, column: 0, role: .normal)
                row += 1
            }
        }
    }

    /// The frame of the help screen for a terminal size.
    static func helpFrame(_ size: TerminalSize) -> Rect {
        let width = min(size.columns, 100)
        return Rect(row: 0, column: (size.columns - width) / 2, height: size.rows - 1, width: width)
    }

    private static func drawHelp(scroll: Int, size: TerminalSize, screen: Screen) {
        let frame = helpFrame(size)
        let inside = FrameView.draw(frame, title: "Keys", footer: "↑↓ PgUp PgDn scroll · any other key closes",
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

/// The help text laid out for a width: key names in a column, their descriptions wrapped at word
/// boundaries beside them (below them when the keys are long or the screen narrow).
enum HelpLayout {
    struct Row: Equatable {
        var keys = ""
        var keysColumn = 1
        var keysRole = StyleRole.key
        var text = ""
        var textColumn = 0
    }

    static func rows(width: Int) -> [Row] {
        let descriptionColumn = width >= 90 ? 36 : 30
        var rows: [Row] = []
        for line in HelpContent.lines {
            switch line {
            case .heading(let text):
                rows.append(Row(keys: text, keysColumn: 1, keysRole: .label))
            case .blank:
                rows.append(Row())
            case .key(let keys, let meaning):
                var column = descriptionColumn
                if TextWidth.of(keys) + 3 >= descriptionColumn {
                    rows.append(Row(keys: keys, keysColumn: 2))
                    column = descriptionColumn
                    let pieces = TextWrap.words(meaning, width: max(width - column - 1, 10))
                    rows += pieces.map { Row(text: $0, textColumn: column) }
                    continue
                }
                let pieces = TextWrap.words(meaning, width: max(width - column - 1, 10))
                for (index, piece) in pieces.enumerated() {
                    rows.append(Row(keys: index == 0 ? keys : "", keysColumn: 2, text: piece, textColumn: column))
                }
            }
        }
        return rows
    }
}
