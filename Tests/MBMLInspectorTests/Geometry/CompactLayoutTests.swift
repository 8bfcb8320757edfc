import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Below 80×24, down to 40×12, the editor and the focused pane (issue 21).
final class CompactLayoutTests: XCTestCase {
    func testSeventyTwoByTwentyIsUsable() {
        let (session, screen) = makeSession(rows: 20, columns: 72)
        session.type("$cats.count")
        session.render(on: screen)
        XCTAssertNil(screen.firstRow(containing: "Terminal too small"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: " Expression"), screen.text)
        XCTAssertTrue(screen.firstRow(containing: "number ")?.text.hasSuffix(" 3") ?? false, screen.text)
        XCTAssertNotNil(screen.firstRow(containing: " Tokens"), screen.text)
        XCTAssertNil(screen.firstRow(containing: " Variables"), "the tree waits for focus\n\(screen.text)")
        XCTAssertTrue(screen.line(19).contains("^C quit"), screen.line(19))
        session.press(.backTab) // the variables pane
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: " Variables"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "▸ cats"), screen.text)
        XCTAssertEqual(screen.firstRow(containing: " Variables")?.index, 4, "under the editor\n\(screen.text)")
    }

    func testEveryPaneIsReachableAndDrawnWithoutOverlap() {
        let (session, screen) = makeSession(rows: 12, columns: 40)
        session.type("$cats")
        var seen: [Pane] = []
        for _ in 0..<5 {
            seen.append(session.state.focus)
            let layout = session.state.layout
            XCTAssertFalse(layout.isTooSmall)
            XCTAssertTrue(layout.isCompact)
            let rects = Pane.allCases.map { layout.rect(of: $0) }.filter { $0.height > 0 } + [layout.status]
            for (i, a) in rects.enumerated() {
                XCTAssertLessThanOrEqual(a.row + a.height, 12)
                XCTAssertLessThanOrEqual(a.column + a.width, 40)
                for b in rects[(i + 1)...] {
                    let overlaps = a.row < b.row + b.height && b.row < a.row + a.height
                    XCTAssertFalse(overlaps, "\(a) overlaps \(b) with focus \(session.state.focus)")
                }
            }
            XCTAssertGreaterThan(layout.rect(of: session.state.focus).height, 0, "\(session.state.focus)")
            session.render(on: screen)
            XCTAssertNotNil(screen.firstRow(containing: " \(session.state.focus.title)"), screen.text)
            session.press(session.state.focus == .editor ? .function(6) : .tab)
        }
        XCTAssertEqual(seen, [.editor, .results, .tokens, .log, .variables])
    }

    func testFullLayoutFromEightyByTwentyFour() {
        XCTAssertFalse(Layout(size: TerminalSize(rows: 24, columns: 80), showsLog: true).isCompact)
        XCTAssertTrue(Layout(size: TerminalSize(rows: 23, columns: 120), showsLog: true).isCompact)
        XCTAssertTrue(Layout(size: TerminalSize(rows: 11, columns: 40), showsLog: true).isTooSmall)
    }
}

extension CompactLayoutTests {
    func testOverlaysAndCompletionFitTheSmallestTerminal() {
        let (session, screen) = makeSession(rows: 12, columns: 40)
        session.press(.function(1))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Keys"), screen.text)
        session.press(.escape)
        session.type("$cats")
        session.press(.control("o"))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Barrett"), screen.text)
        session.press(.escape)
        session.press(.control("u"))
        session.type("$ca")
        session.press(.tab)
        session.render(on: screen)
        for row in 0..<12 { XCTAssertLessThanOrEqual(TextWidth.of(screen.line(row)), 40) }
    }
}
