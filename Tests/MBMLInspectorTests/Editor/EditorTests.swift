import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class EditorTests: XCTestCase {
    private func editor(_ text: String, cursor: Int? = nil) -> EditorState {
        var editor = EditorState(text: text)
        if let cursor = cursor { editor.cursor = cursor }
        return editor
    }

    func testReadlineMovement() {
        let marks = MarkedText("$cats1️⃣.2️⃣count3️⃣ + $dogs")
        var e = editor(marks.text)
        e.moveToStart()
        XCTAssertEqual(e.cursor, 0)
        e.moveWordRight()
        XCTAssertEqual(e.cursor, marks.characterOffset(of: "1️⃣"))
        e.moveWordRight()
        XCTAssertEqual(e.cursor, marks.characterOffset(of: "3️⃣"))
        e.moveWordLeft()
        XCTAssertEqual(e.cursor, marks.characterOffset(of: "2️⃣"))
        e.moveToEnd()
        XCTAssertEqual(e.cursor, e.characters.count)
        e.moveLeft()
        e.moveLeft()
        XCTAssertEqual(e.cursor, e.characters.count - 2)
        e.moveRight()
        XCTAssertEqual(e.cursor, e.characters.count - 1)
    }

    func testKillingAndYanking() {
        let marks = MarkedText("^join1️⃣($cats|, )")
        var e = editor(marks.text)
        e.deleteWhitespaceWordBackward()
        XCTAssertEqual(e.text, "^join($cats|, ")
        XCTAssertEqual(e.killBuffer, ")")
        e.killToStart()
        XCTAssertEqual(e.text, "")
        XCTAssertEqual(e.killBuffer, "^join($cats|, ")
        e.yank()
        XCTAssertEqual(e.text, "^join($cats|, ")
        e.cursor = marks.characterOffset(of: "1️⃣")
        e.killToEnd()
        XCTAssertEqual(e.text, "^join")
        e.moveToStart()
        e.deleteWordForward()
        XCTAssertEqual(e.text, "")
    }

    func testReadlineKeysThroughTheReducer() {
        let (session, _) = makeSession()
        let marks = MarkedText("1️⃣hello 2️⃣world3️⃣")
        session.type(marks.text)
        session.press(.control("a"))
        XCTAssertEqual(session.state.editor.cursor, marks.characterOffset(of: "1️⃣"))
        session.press(.control("e"))
        XCTAssertEqual(session.state.editor.cursor, marks.characterOffset(of: "3️⃣"))
        session.press(.alt("b"))
        XCTAssertEqual(session.state.editor.cursor, marks.characterOffset(of: "2️⃣"))
        session.press(.control("b"))
        session.press(.control("f"))
        XCTAssertEqual(session.state.editor.cursor, marks.characterOffset(of: "2️⃣"))
        session.press(.alt("f"))
        XCTAssertEqual(session.state.editor.cursor, marks.characterOffset(of: "3️⃣"))
        session.press(.control("w"))
        XCTAssertEqual(session.state.editor.text, "hello ")
        session.press(.control("u"))
        XCTAssertEqual(session.state.editor.text, "")
        session.type("abc")
        session.press(.control("a"))
        session.press(.control("k"))
        XCTAssertEqual(session.state.editor.text, "")
        XCTAssertEqual(session.state.editor.killBuffer, "abc")
    }

    func testKeysThatWouldQuitOrHelpElsewhereAreTypedInTheEditor() {
        let (session, _) = makeSession()
        session.type("q?r/L")
        XCTAssertEqual(session.state.editor.text, "q?r/L")
        XCTAssertFalse(session.state.shouldQuit)
        XCTAssertNil(session.state.overlay)
    }

    func testHistoryRecallsAndRestoresTheDraft() {
        var e = EditorState()
        e.setText("$cats")
        XCTAssertTrue(e.commitToHistory())
        e.setText("$cats")
        XCTAssertFalse(e.commitToHistory(), "no duplicate of the newest entry")
        e.setText("#(1 + 2)")
        e.commitToHistory()
        e.setText("draft")
        e.historyBack()
        XCTAssertEqual(e.text, "#(1 + 2)")
        e.historyBack()
        XCTAssertEqual(e.text, "$cats")
        e.historyBack()
        XCTAssertEqual(e.text, "$cats")
        e.historyForward()
        XCTAssertEqual(e.text, "#(1 + 2)")
        e.historyForward()
        XCTAssertEqual(e.text, "draft")
    }

    func testHistoryIsSavedAndLoadedBetweenRuns() throws {
        let folder = try ScratchFolder(prefix: "mbml-inspector")
        let store = HistoryStore.standard(environment: ["XDG_STATE_HOME": folder.url.path, "HOME": "/nonexistent"])
        XCTAssertEqual(store.url.path, folder.url.path + "/mbml/history")
        do {
            let session = InspectorSession(
                engine: EngineController(source: .text(catsManifest, name: "t.xml")),
                size: TerminalSize(rows: 30, columns: 100), history: store)
            session.start()
            session.type("$cats.count")
            session.press(.enter)
            session.press(.control("u"))
            session.type("$name")
            session.press(.control("c")) // quitting saves the current text too
        }
        XCTAssertEqual(store.load(), ["$cats.count", "$name"])
        let session = InspectorSession(
            engine: EngineController(source: .text(catsManifest, name: "t.xml")),
            size: TerminalSize(rows: 30, columns: 100), history: store)
        session.start()
        session.press(.up)
        XCTAssertEqual(session.state.editor.text, "$name")
        session.press(.up)
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        XCTAssertEqual(session.state.results.shownText, "$cats.count")
    }

    func testDefaultHistoryLocation() {
        let store = HistoryStore.standard(environment: ["HOME": "/home/someone"])
        XCTAssertEqual(store.url.path, "/home/someone/.local/state/mbml/history")
    }

    func testWideCharactersTakeTwoCellsInTheEditor() {
        let (session, screen) = makeSession()
        session.type("猫🐈x")
        session.render(on: screen)
        let row = screen.firstRow(containing: "› ")
        XCTAssertNotNil(row)
        let rowIndex = row?.index ?? 0
        let start = screen.cells[rowIndex].firstIndex { $0.text == "猫" } ?? -1
        XCTAssertEqual(screen.cells[rowIndex][start + 1].text, "", "second half of the wide character")
        XCTAssertEqual(screen.cells[rowIndex][start + 2].text, "🐈")
        XCTAssertEqual(screen.cells[rowIndex][start + 4].text, "x")
        // The cursor sits after the 5 cells of text.
        XCTAssertEqual(screen.cursor?.column, start + 5)
        XCTAssertEqual(TextWidth.of("猫🐈x"), 5)
        XCTAssertEqual(TextWidth.of("e\u{301}"), 1)
    }

    func testLongTextScrollsToKeepTheCursorVisible() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        let long = String(repeating: "abcdefghij", count: 10) + "END"
        session.type(long)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "hijEND"))
        session.press(.control("a"))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "› abcdefghij"))
    }
}
