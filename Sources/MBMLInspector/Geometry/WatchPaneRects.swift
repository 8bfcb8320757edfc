/// Where the panes under the tokens go (``Layout/pins`` holds them all, top to bottom): the
/// lesson, the comparison, then the pins. The views draw into these rectangles and the reducer
/// pages and hit-tests the pins pane with them.
struct WatchPaneRects: Equatable {
    var lesson = Rect.zero
    var compare = Rect.zero
    var pins = Rect.zero

    /// Splits `area` among panes asking for `lessonRows`, `compareRows` and `pinRows` rows, in
    /// that order; a pane that does not fit gets what is left (perhaps nothing). A long lesson
    /// leaves the comparison and the pins up to 5 rows between them (it scrolls).
    init(area: Rect, lessonRows: Int, compareRows: Int, pinRows: Int) {
        var top = area.row
        let bottom = area.row + area.height
        func take(_ rows: Int) -> Rect {
            guard rows > 0, top < bottom else { return .zero }
            let height = min(rows, bottom - top)
            defer { top += height }
            return Rect(row: top, column: area.column, height: height, width: area.width)
        }
        let others = compareRows + pinRows
        lesson = take(others > 0 ? min(lessonRows, max(area.height - min(others, 5), 2)) : lessonRows)
        compare = take(compareRows)
        pins = take(pinRows)
    }
}

extension InspectorState {
    /// The rectangles of the lesson, comparison and pins panes for the current size.
    var watchPaneRects: WatchPaneRects {
        WatchPaneRects(
            area: layout.pins, lessonRows: lessons.paneRows(width: watchPaneWidth), compareRows: compare.paneRows,
            pinRows: pins.paneRows)
    }

    /// Rows for pins in the pins pane (its title row aside).
    var pinRows: Int { max(watchPaneRects.pins.height - 1, 0) }

    /// Rows for the lesson's text and checklist in the lesson pane (its title row aside).
    var lessonBodyRows: Int { max(watchPaneRects.lesson.height - 1, 0) }
}
