import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// A long log entry (a `^dump` of thousands of records) is stored once and drawn lazily: its rows
/// are the rows the whole-entry wrap would give, and drawing does not wrap what is not shown.
final class LogEntryLayoutTests: XCTestCase {
    private func dump(records: Int) -> String {
        (0..<records).map {
            "record \($0): name \"Record \($0)\"\tprice \($0 * 3) " + String(repeating: "x", count: $0 % 90)
        }
        .joined(separator: "\n")
    }

    func testRowsMatchTheWholeEntryWrapped() {
        let text = dump(records: 300) + "\r\nlast\u{1B}line é漢字 " + String(repeating: "wide漢 ", count: 20)
        let entry = LogEntry(text)
        for width in [12, 40, 77] {
            let whole = LogWindow.rows(of: text, width: width)
            XCTAssertEqual(entry.rowCount(width: width), whole.count, "width \(width)")
            XCTAssertEqual(entry.rows(0..<whole.count, width: width), whole, "width \(width)")
            for start in stride(from: 0, to: whole.count, by: 37) {
                let range = start..<min(start + 9, whole.count)
                XCTAssertEqual(entry.rows(range, width: width), Array(whole[range]), "width \(width), rows \(range)")
            }
            XCTAssertEqual(entry.rows(whole.count - 2..<whole.count + 5, width: width), Array(whole.suffix(2)))
        }
    }

    func testShortEntriesAreWrappedDirectly() {
        let entry = LogEntry("a\tb")
        XCTAssertEqual(entry.rows(0..<5, width: 20), ["a   b"])
        XCTAssertEqual(entry.rowCount(width: 20), 1)
        XCTAssertEqual(LogEntry(""), "")
    }

    func testTheLogWindowShowsTheEndOfABigEntryAndScrollsToItsTop() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.log.evaluationLines = [LogEntry("before"), LogEntry(dump(records: 20_000))]
        let width = Layout.logTextWidth(paneWidth: state.layout.log.width)
        let bottom = LogWindow.rows(state.log, width: width, skip: 0, count: 3)
        XCTAssertTrue(bottom.moreAbove)
        XCTAssertTrue(bottom.rows.joined().contains("record 19999"), "\(bottom.rows)")
        state.focus = .log
        state = Reducer.reduce(state, .key(.character("g"))).0
        let screen = BufferScreen(rows: 40, columns: 120)
        InspectorRenderer.render(state, on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "before"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "record 0:"), screen.text)
        let top = LogWindow.rows(state.log, width: width, skip: state.log.scrollBack, count: state.layout.logRows)
        XCTAssertFalse(top.moreAbove)
        XCTAssertEqual(top.rows.first, "before")
    }

    func testCopiesOfTheStateShareTheEntry() {
        let entry = LogEntry(dump(records: 50))
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.log.evaluationLines = [entry]
        let copy = state
        XCTAssertEqual(copy.log, state.log)
        XCTAssertEqual(copy.log.entry(0).rowCount(width: 30), entry.rowCount(width: 30))
    }
}
