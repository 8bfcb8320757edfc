import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class CompletionTests: XCTestCase {
    func testVariableNameCompletion() {
        let (session, _) = makeSession()
        session.type("$na")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$name")
        XCTAssertNil(session.state.editor.completion)
        XCTAssertEqual(session.state.focus, .editor)
    }

    func testAmbiguousCompletionInsertsCommonPrefixThenCycles() {
        let (session, screen) = makeSession()
        session.type("$ca")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$cat")
        XCTAssertEqual(session.state.editor.completion?.candidates.map(\.insertion), ["$catGenders", "$cats"])
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "$catGenders  $cats"))
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$catGenders")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$cats")
        session.press(.backTab)
        XCTAssertEqual(session.state.editor.text, "$catGenders")
        session.press(.enter)
        XCTAssertNil(session.state.editor.completion)
        XCTAssertEqual(session.state.editor.text, "$catGenders")
        XCTAssertTrue(session.state.editor.history.isEmpty, "Enter accepted the candidate, not the expression")
    }

    func testNamesThatAreNotIdentifiersUseTheBracketForm() {
        let (session, _) = makeSession()
        session.type("$Bar")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$[Barrett Test]")
        session.press(.control("u"))
        session.type("$[Barrett T")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$[Barrett Test]")
    }

    func testSubreferenceKeys() {
        let (session, _) = makeSession()
        session.type("$catGenders[Dun")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$catGenders[Duncan]")
        session.press(.control("u"))
        session.type("$[Barrett Test].sp")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$[Barrett Test].species")
        session.press(.control("u"))
        session.type("$[Barrett Test].owners[")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.completion?.candidates.map(\.insertion), ["[0]", "[1]"])
        session.press(.control("u"))
        session.type("$cats.co")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        session.press(.control("u"))
        session.type("$name.len")
        session.press(.tab)
        XCTAssertEqual(session.state.editor.text, "$name.length")
    }

    func testFunctionCompletionShowsSignature() {
        let (session, screen) = makeSession()
        session.type("^jo")
        session.press(.tab)
        XCTAssertTrue(session.state.editor.text.hasPrefix("^jo"))
        let menu = session.state.editor.completion
        let insertions = menu?.candidates.map(\.insertion) ?? [session.state.editor.text]
        XCTAssertTrue(insertions.contains("^join("), "\(insertions)")
        if menu != nil {
            while session.state.editor.text != "^join(" { session.press(.tab) }
            session.render(on: screen)
            XCTAssertNotNil(screen.firstRow(containing: "^join(collection|…|separator)"), screen.text)
            session.press(.enter)
        }
        XCTAssertEqual(session.state.editor.text, "^join(")
        // Inside the parentheses the signature stays visible.
        session.type("$cats|, ")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "^join(collection|…|separator)"), screen.text)
    }

    func testEnclosingFunction() {
        func enclosing(_ text: String) -> String? { MBMLSyntax(text).call(at: text.count)?.name }
        XCTAssertEqual(enclosing("^join(^keys($x)|, "), "join")
        XCTAssertEqual(enclosing("^join(^keys($x"), "keys")
        XCTAssertNil(enclosing("^^join("))
    }
}
