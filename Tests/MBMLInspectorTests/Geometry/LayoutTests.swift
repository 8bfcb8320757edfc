import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class LayoutTests: XCTestCase {
    func testSmallestSupportedTerminalShowsEveryPane() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        session.type("$cats.count")
        session.render(on: screen)
        for title in ["Variables", "Expression", "Results", "Tokens", "Log"] {
            XCTAssertNotNil(screen.firstRow(containing: " \(title)"), "\(title)\n\(screen.text)")
        }
        for label in ["object", "string", "number", "boolean"] {
            XCTAssertNotNil(screen.resultRow(label), label)
        }
        XCTAssertEqual(screen.resultRow("number"), "3")
        XCTAssertTrue(screen.line(23).contains("test.xml"))
        XCTAssertTrue(screen.line(23).contains("F1 help"))
    }

    func testTooSmallTerminal() {
        let (session, screen) = makeSession(rows: 11, columns: 39)
        XCTAssertNotNil(screen.firstRow(containing: "Terminal too small"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "need at least 40×12, now 39×11"))
        XCTAssertNil(screen.firstRow(containing: "Variables"))
        screen.resize(rows: 24, columns: 80)
        session.render(on: screen)
        XCTAssertNil(screen.firstRow(containing: "Terminal too small"))
        XCTAssertNotNil(screen.firstRow(containing: "Variables"))
    }

    func testResizeRelaysOutAtOnce() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        screen.resize(rows: 50, columns: 160)
        session.render(on: screen)
        XCTAssertEqual(session.state.size, TerminalSize(rows: 50, columns: 160))
        XCTAssertTrue(screen.line(49).hasSuffix("^C quit"), screen.line(49))
        XCTAssertGreaterThan(screen.line(49).count, 150)
        XCTAssertGreaterThan(screen.line(0).count, 150, "the title reaches the right edge")
    }

    func testTabCyclesPanesAndHelpListsKeys() {
        let (session, screen) = makeSession()
        var seen: [Pane] = []
        for _ in 0..<5 {
            seen.append(session.state.focus)
            session.press(session.state.focus == .editor ? .function(6) : .tab)
        }
        XCTAssertEqual(seen, [.editor, .results, .tokens, .log, .variables])
        XCTAssertEqual(session.state.focus, .editor)
        session.press(.backTab)
        XCTAssertEqual(session.state.focus, .variables)
        session.press(.character("?"))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Keys"))
        XCTAssertNotNil(screen.firstRow(containing: "mouse on/off"), screen.text)
        session.press(.escape)
        XCTAssertNil(session.state.overlay)
        session.press(.function(1))
        XCTAssertNotNil(session.state.overlay)
    }

    func testQuitKeysAndMouseToggle() {
        let (session, _) = makeSession()
        var mouse: [Bool] = []
        session.mouseSwitch = { mouse.append($0) }
        XCTAssertFalse(session.state.mouseEnabled)
        session.press(.function(2))
        session.press(.function(2))
        XCTAssertEqual(mouse, [true, false])
        session.press(.character("q"))
        XCTAssertFalse(session.state.shouldQuit, "q types in the editor")
        session.press(.function(6))
        session.press(.tab)
        session.press(.character("q"))
        XCTAssertTrue(session.state.shouldQuit)
    }

    func testMouseClickSelectsTreeRow() {
        let (session, screen) = makeSession()
        let row = screen.firstRow(containing: "▸ cats")?.index ?? 0
        session.press(.mouse(MouseEvent(kind: .press, row: row, column: 3)))
        XCTAssertEqual(session.state.focus, .variables)
        XCTAssertEqual(session.state.tree.selection, [.variable("cats")])
        session.press(.mouse(MouseEvent(kind: .press, row: row, column: 3)))
        XCTAssertTrue(session.state.tree.expanded.contains([.variable("cats")]))
    }
}
