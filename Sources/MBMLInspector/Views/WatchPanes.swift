/// The panes under the tokens, top to bottom: the lesson (`mbml tutorial`), the comparison of two
/// spaces (`--compare`) and the pins. They share the rows ``Layout`` carves from the tokens pane.
enum WatchPanes {
    static func draw(_ state: InspectorState, in rect: Rect, on screen: Screen) {
        var top = rect.row
        let bottom = rect.row + rect.height
        let panes: [(rows: Int, draw: (InspectorState, Painter) -> Void)] = [
            (state.lessons.paneRows, LessonView.draw),
            (state.compare.paneRows, CompareView.draw),
            (state.pins.paneRows, PinsView.draw),
        ]
        for pane in panes where pane.rows > 0 && top < bottom {
            let height = min(pane.rows, bottom - top)
            pane.draw(
                state,
                Painter(screen: screen, rect: Rect(row: top, column: rect.column, height: height, width: rect.width)))
            top += height
        }
    }
}
