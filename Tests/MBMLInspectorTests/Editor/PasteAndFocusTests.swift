import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class PasteAndFocusTests: XCTestCase {
    private func raw(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    func testBracketedPasteDecodesToOneEvent() {
        let keys = KeyDecoder.decode(raw("a\u{1B}[200~$cats.count\tq\n\u{1B}[201~b"))
        XCTAssertEqual(keys, [.character("a"), .paste("$cats.count\tq\n"), .character("b")])
        // Escape sequences inside a paste are text, not keys.
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[200~x\u{1B}[Ay\u{1B}[201~")), [.paste("x\u{1B}[Ay")])
        // A paste whose end has not arrived yet.
        XCTAssertTrue(KeyDecoder.endsInsidePaste(raw("\u{1B}[200~abc")))
        XCTAssertFalse(KeyDecoder.endsInsidePaste(raw("\u{1B}[200~abc\u{1B}[201~")))
        XCTAssertFalse(KeyDecoder.endsInsidePaste(raw("abc\u{1B}[A")))
        XCTAssertEqual(KeyDecoder.decode(raw("\u{1B}[17~")), [.function(6)])
    }

    func testPastedTextGoesIntoTheEditorNeverAsKeys() {
        let (session, screen) = makeSession()
        session.press(.paste("$cats.count\tq"))
        XCTAssertEqual(session.state.editor.text, "$cats.count\tq")
        XCTAssertFalse(session.state.shouldQuit)
        XCTAssertEqual(session.state.focus, .editor)
        // Line breaks become spaces; nothing is saved to history.
        session.press(.control("u"))
        session.press(.paste("$cats\r\n.count\n"))
        XCTAssertEqual(session.state.editor.text, "$cats .count ")
        XCTAssertTrue(session.state.editor.history.isEmpty)
        // From another pane the paste goes to the editor too.
        session.press(.control("u"))
        session.press(.backTab)
        XCTAssertEqual(session.state.focus, .variables)
        session.press(.paste("$name"))
        XCTAssertEqual(session.state.focus, .editor)
        XCTAssertEqual(session.state.editor.text, "$name")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("object")?.hasPrefix("\"Cooper\""), true, screen.text)
    }

    func testQuestionMarkInAnEmptyEditorOpensHelp() {
        let (session, screen) = makeSession()
        XCTAssertNotNil(screen.firstRow(containing: "F1 help"), screen.text)
        XCTAssertNil(screen.firstRow(containing: "? help"), screen.text)
        session.press(.character("?"))
        XCTAssertNotNil(session.state.overlay)
        session.press(.escape)
        session.type("a?")
        XCTAssertEqual(session.state.editor.text, "a?")
        XCTAssertNil(session.state.overlay)
        session.press(.backTab)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "? help"), screen.text)
    }

    func testTabWithNothingToCompleteStaysInTheEditor() {
        let (session, _) = makeSession()
        session.type("hello ")
        session.press(.tab)
        XCTAssertEqual(session.state.focus, .editor)
        XCTAssertEqual(session.state.status.message, "Nothing to complete here (Shift-Tab or F6 changes pane)")
        session.type("q")
        XCTAssertEqual(session.state.editor.text, "hello q")
        XCTAssertFalse(session.state.shouldQuit)
        // A complete name stays too.
        session.press(.control("u"))
        session.type("$name")
        session.press(.tab)
        XCTAssertEqual(session.state.focus, .editor)
        session.press(.function(6))
        XCTAssertEqual(session.state.focus, .results)
    }

    func testCompletionPrefersExactCase() {
        let manifest = """
            <MBML>
                <Var name="cats" literal="3"/>
                <Var name="catSummary" literal="x"/>
                <Var name="Catalog" literal="y"/>
            </MBML>
            """
        let (session, _) = makeSession(manifest: manifest)
        session.type("$cats")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.completion?.candidates.map(\.insertion), ["$cats", "$catSummary"])
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$cats")
        session.press(.control("u"))
        session.type("$Cat")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.completion?.candidates.map(\.insertion).first, "$Catalog")
    }

    func testHelpWrapsAtTheSmallestSize() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        session.press(.function(1))
        session.render(on: screen)
        for row in 0..<24 {
            XCTAssertFalse(screen.line(row).contains("…"), screen.line(row))
        }
        // Scrolling reaches the last line of the help.
        session.press(.end)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "shows the fix"), screen.text)
    }
}
