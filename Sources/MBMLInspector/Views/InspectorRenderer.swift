/// Draws a whole frame: every pane, the separator, the status line and any overlay.
enum InspectorRenderer {
    static func render(_ state: InspectorState, on screen: Screen) {
        screen.clear()
        screen.setCursor(nil)
        let layout = state.layout(for: screen.size)
        if layout.isTooSmall {
            drawTooSmall(screen.size, screen: screen)
            screen.present()
            return
        }
        if layout.variables.height > 0 {
            VariablesView.draw(state, painter: Painter(screen: screen, rect: layout.variables))
        }
        if !layout.isCompact, !layout.isZoomed {
            for row in 0..<layout.variables.height {
                screen.put("│", row: row, column: layout.separatorColumn, role: .border)
            }
        }
        if layout.editor.height > 0 { EditorView.draw(state, painter: Painter(screen: screen, rect: layout.editor)) }
        if layout.results.height > 0 { ResultsView.draw(state, painter: Painter(screen: screen, rect: layout.results)) }
        if layout.tokens.height > 0 { TokensView.draw(state, painter: Painter(screen: screen, rect: layout.tokens)) }
        if layout.pins.height > 0 { WatchPanes.draw(state, in: layout.pins, on: screen) }
        if state.log.isVisible, layout.log.height > 0 {
            LogView.draw(state, painter: Painter(screen: screen, rect: layout.log))
        }
        StatusView.draw(state, painter: Painter(screen: screen, rect: layout.status))
        if let overlay = state.overlay {
            screen.setCursor(nil)
            OverlayView.draw(overlay, state: state, size: screen.size, screen: screen)
        }
        screen.present()
    }

    private static func drawTooSmall(_ size: TerminalSize, screen: Screen) {
        let lines = [
            "Terminal too small",
            "need at least \(Layout.minimumSize.columns)×\(Layout.minimumSize.rows), now \(size.columns)×\(size.rows)",
            "Ctrl-C quits",
        ]
        let painter = Painter(screen: screen, rect: Rect(row: 0, column: 0, height: size.rows, width: size.columns))
        let top = max((size.rows - lines.count) / 2, 0)
        for (offset, line) in lines.enumerated() {
            let column = max((size.columns - TextWidth.of(line)) / 2, 0)
            painter.text(line, row: top + offset, column: column, role: offset == 0 ? .error : .normal)
        }
    }
}
