import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class LogPaneTests: XCTestCase {
    private func logState(_ lines: [String], rows: Int = 24, columns: Int = 80) -> InspectorState {
        var state = InspectorState(size: TerminalSize(rows: rows, columns: columns))
        state.log.evaluationLines = lines.map { LogEntry($0) }
        state.focus = .log
        return state
    }

    private func press(_ keys: [Key], _ state: inout InspectorState) {
        for key in keys { state = Reducer.reduce(state, .key(key)).0 }
    }

    private func render(_ state: InspectorState) -> BufferScreen {
        let screen = BufferScreen(rows: state.size.rows, columns: state.size.columns)
        InspectorRenderer.render(state, on: screen)
        return screen
    }

    func testScrollsToTheTopOfMultiLineOutput() {
        // One entry of 30 lines (as ^dump writes) in a pane of a few rows.
        let dump = (1...30).map { "line \($0)" }.joined(separator: "\n")
        var state = logState(["first entry", dump])
        let visible = state.layout.logRows
        XCTAssertLessThan(visible, 31)
        XCTAssertNotNil(render(state).firstRow(containing: "line 30"))
        press([.character("g")], &state)
        XCTAssertEqual(state.log.scrollBack, 31 - visible)
        let top = render(state)
        XCTAssertNotNil(top.firstRow(containing: "first entry"), top.text)
        XCTAssertNil(top.firstRow(containing: "line 30"), top.text)
        // Further up does nothing: the bound is in rows, not entries.
        press([.up, .up, .pageUp], &state)
        XCTAssertEqual(state.log.scrollBack, 31 - visible)
        press([.down], &state)
        XCTAssertEqual(state.log.scrollBack, 30 - visible)
        press([.character("G")], &state)
        XCTAssertEqual(state.log.scrollBack, 0)
    }

    func testWrapsAtWordBoundariesAndShowsTabsAsSpaces() {
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let rows = LogWindow.rows(of: words, width: 20)
        XCTAssertTrue(rows.count > 1)
        for row in rows {
            XCTAssertLessThanOrEqual(TextWidth.of(row), 20)
            // No word is cut in two.
            for piece in row.split(separator: " ") { XCTAssertTrue(piece.hasPrefix("word"), row) }
        }
        XCTAssertEqual(rows.joined(), words)
        XCTAssertEqual(LogWindow.rows(of: "a\tb", width: 20), ["a   b"])
        // A word longer than the row is cut where it must be.
        XCTAssertEqual(LogWindow.rows(of: String(repeating: "x", count: 25), width: 10).map(\.count), [10, 10, 5])
    }

    func testScrollBoundCountsWrappedRows() {
        let long = (1...60).map { "w\($0)" }.joined(separator: " ") // wraps onto several rows
        var state = logState([long])
        let width = Layout.logTextWidth(paneWidth: state.layout.log.width)
        let total = LogWindow.rows(of: long, width: width).count
        press([.character("g")], &state)
        XCTAssertEqual(state.log.scrollBack, max(total - state.layout.logRows, 0))
        XCTAssertNotNil(render(state).firstRow(containing: "w1 w2 w3"))
    }

    func testAHugeLogShowsItsEnd() {
        let lines = (0..<400_000).map { "entry \($0)" }
        var state = logState(lines)
        let window = LogWindow.rows(state.log, width: 40, skip: 0, count: 3)
        XCTAssertEqual(window.rows, ["entry 399997", "entry 399998", "entry 399999"])
        XCTAssertTrue(window.moreAbove)
        XCTAssertNotNil(render(state).firstRow(containing: "Log (400000)"))
        press([.up], &state)
        XCTAssertEqual(state.log.scrollBack, 1)
        XCTAssertNotNil(render(state).firstRow(containing: "entry 399998"))
        XCTAssertNil(render(state).firstRow(containing: "entry 399999"))
    }
}
