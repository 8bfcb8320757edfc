import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// F1 on a function, the signature with the current parameter, the syntax section of the help.
final class FunctionHelpTests: XCTestCase {
    func testF1InsideACallShowsTheFullDescription() {
        let (session, screen) = makeSession()
        session.type("^join($cats|")
        session.press(.function(1))
        guard case .viewer(let viewer)? = session.state.overlay else {
            return XCTFail("no function overlay: \(String(describing: session.state.overlay))")
        }
        let (title, lines) = (viewer.title, viewer.allLines)
        XCTAssertEqual(title, "^join")
        XCTAssertEqual(lines.first, "^join(collection|…|separator)")
        let summary = session.state.functions.first { $0.name == "join" }?.summary ?? "?"
        XCTAssertEqual(
            lines.dropFirst(2).prefix(while: { !$0.isEmpty }).joined(separator: " "), summary,
            "the whole description, wrapped, not cut")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "^join(collection|…|separator)"), screen.text)
    }

    func testF1OnAFunctionNameAndOnTheCompletionList() {
        let (session, _) = makeSession()
        session.type("^count")
        session.press(.function(1))
        guard case .viewer(let viewer)? = session.state.overlay else { return XCTFail("no overlay") }
        let title = viewer.title
        XCTAssertEqual(title, "^count")
        XCTAssertEqual(MBMLSyntax("a ^fo").functionName(at: 5)?.name, "fo")
        XCTAssertNil(MBMLSyntax("a ^^fo").functionName(at: 6), "^^ is a literal caret")
    }

    func testF1WithoutAFunctionListsTheKeysAndSyntax() {
        let (session, screen) = makeSession()
        session.type("$cats")
        session.press(.function(1))
        XCTAssertEqual(session.state.overlay, .help(scroll: 0))
        let syntax = HelpContent.lines.firstIndex(of: .heading("Syntax")) ?? 0
        XCTAssertGreaterThan(syntax, 0)
        for _ in 0..<syntax { session.press(.down) }
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Syntax"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "-EQ -NE -LT -LTE -GT -GTE"), screen.text)
    }

    func testSignatureHighlightsTheParameterTheCursorIsIn() {
        let (session, screen) = makeSession()
        session.type("^if($cats|")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "^if(condition|whenTrue|whenFalse)"), screen.text)
        XCTAssertEqual(screen.role(of: "whenTrue"), .highlight, screen.text)
        XCTAssertEqual(screen.role(of: "condition|"), .hint)
        XCTAssertEqual(screen.role(of: "whenFalse"), .hint)
        XCTAssertEqual(MBMLSyntax("^join($cats|").call(at: 12)?.parameterIndex, 1)
        XCTAssertEqual(MBMLSyntax("^join(^count($cats").call(at: 18)?.parameterIndex, 0)
        XCTAssertEqual(
            MBMLSyntax("^join(#(1|").call(at: 10)?.parameterIndex, 0, "| inside #( ) is not a delimiter")
        XCTAssertNil(MBMLSyntax("^join(a|b) x").call(at: 12)?.parameterIndex)
    }
}

final class TokenUnderCursorTests: XCTestCase {
    func testMovingTheEditorCursorSelectsTheTokenUnderIt() {
        let (session, screen) = makeSession()
        session.type("$cats[1].length is #(2 + 3)")
        XCTAssertEqual(EditorView.selectedToken(session.state)?.kind, .mathExpression, "the cursor is after the )")
        for _ in 0..<5 { session.press(.left) } // before " + 3)": on the 2
        XCTAssertEqual(EditorView.selectedToken(session.state)?.text, "2")
        session.press(.home)
        session.press(.right)
        session.render(on: screen)
        XCTAssertEqual(EditorView.selectedToken(session.state)?.text, "$cats")
        XCTAssertNotNil(screen.firstRow(containing: "ⓘ " + Token.Kind.variableReference.explanation), screen.text)
        for _ in 0..<6 { session.press(.right) } // after "$cats[1"
        XCTAssertEqual(EditorView.selectedToken(session.state)?.text, "1")
    }
}
