/// The panes under the tokens, top to bottom: the lesson (`mbml tutorial`), the comparison of two
/// spaces (`--compare`) and the pins. They share the rows ``Layout`` carves from the tokens pane
/// (see ``WatchPaneRects``).
enum WatchPanes {
    static func draw(_ state: InspectorState, in area: Rect, on screen: Screen) {
        let rects = WatchPaneRects(
            area: area, lessonRows: state.lessons.paneRows(width: area.width), compareRows: state.compare.paneRows,
            pinRows: state.pins.paneRows)
        let panes: [(rect: Rect, draw: (InspectorState, Painter) -> Void)] = [
            (rects.lesson, LessonView.draw),
            (rects.compare, CompareView.draw),
            (rects.pins, PinsView.draw),
        ]
        for pane in panes where pane.rect.height > 0 {
            pane.draw(state, Painter(screen: screen, rect: pane.rect))
        }
    }
}
