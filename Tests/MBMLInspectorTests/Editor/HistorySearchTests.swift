import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Alt-R: a reverse search through the saved expression history (issue 21).
final class HistorySearchTests: XCTestCase {
    private func session(history: [String]) -> (InspectorSession, BufferScreen) {
        let (session, screen) = makeSession()
        session.send(.historyLoaded(history))
        return (session, screen)
    }

    func testTypingFindsTheNewestMatchAndAltRAnOlderOne() {
        let (session, screen) = session(history: ["$cats[0]", "$name", "$cats.count", "$catGenders"])
        session.type("draft")
        session.press(.alt("r"))
        XCTAssertEqual(session.state.editor.text, "$catGenders", "the newest entry first")
        session.type("cats")
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "History search: cats  (2/4"), screen.text)
        XCTAssertEqual(screen.resultRow("number"), "3", "the match is evaluated")
        session.press(.alt("r"))
        XCTAssertEqual(session.state.editor.text, "$cats[0]")
        session.press(.control("r")) // Ctrl-R too, while searching; no older match: it stays
        XCTAssertEqual(session.state.editor.text, "$cats[0]")
        session.press(.enter)
        XCTAssertNil(session.state.editor.historySearch)
        XCTAssertEqual(session.state.editor.text, "$cats[0]")
    }

    func testEscapePutsTheTextBack() {
        let (session, _) = session(history: ["$cats.count"])
        session.type("$na")
        session.press(.alt("r"))
        session.type("count")
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        session.press(.escape)
        XCTAssertNil(session.state.editor.historySearch)
        XCTAssertEqual(session.state.editor.text, "$na")
    }

    func testNoMatchKeepsTheTextAndSaysSo() {
        let (session, screen) = session(history: ["$cats.count"])
        session.press(.alt("r"))
        session.type("zzz")
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "History search: zzz  (no match"), screen.text)
        session.press(.backspace)
        session.press(.backspace)
        session.press(.backspace)
        XCTAssertEqual(session.state.editor.historySearch?.query, "")
    }

    func testAnotherKeyKeepsTheMatchAndActs() {
        let (session, _) = session(history: ["$cats.count"])
        session.press(.alt("r"))
        session.press(.left)
        XCTAssertNil(session.state.editor.historySearch)
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        XCTAssertEqual(session.state.editor.cursor, "$cats.count".count - 1)
    }

    func testSmartCase() {
        XCTAssertEqual(HistorySearch.find("abc", in: ["xABCx", "no"], from: 1), 0)
        XCTAssertNil(HistorySearch.find("Abc", in: ["xabcx"], from: 0))
    }
}
