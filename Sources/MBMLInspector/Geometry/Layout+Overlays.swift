/// Sizes the reducer and the views both need: where overlays go, how wide wrapped text is.
extension Layout {
    /// The frame of the help screen and the diagnostics list for a terminal size.
    static func overlayFrame(_ size: TerminalSize) -> Rect {
        let width = min(size.columns, 100)
        return Rect(row: 0, column: (size.columns - width) / 2, height: size.rows - 1, width: width)
    }

    /// The width log text wraps at in a pane `paneWidth` cells wide.
    static func logTextWidth(paneWidth: Int) -> Int {
        max(paneWidth - 2, 1)
    }
}
