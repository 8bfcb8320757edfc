import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// F1 on a function, the signature with the current parameter, the syntax section of the help.
final class FunctionHelpTests: XCTestCase {
    /// The syntax service on `marked` without its markers, and the character offset of its `1️⃣`.
    private func syntax(_ marked: String) -> (MBMLSyntax, Int) {
        let input = MarkedText(marked)
        return (MBMLSyntax(input.text), input.characterOffset(of: "1️⃣"))
    }

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
        let (name, nameEnd) = syntax("a ^fo1️⃣")
        XCTAssertEqual(name.functionName(at: nameEnd)?.name, "fo")
        let (escaped, escapedEnd) = syntax("a ^^fo1️⃣")
        XCTAssertNil(escaped.functionName(at: escapedEnd), "^^ is a literal caret")
    }

    func testF1WithoutAFunctionListsTheKeysAndSyntax() {
        let (session, screen) = makeSession()
        session.type("$cats")
        session.press(.function(1))
        XCTAssertEqual(session.state.overlay, .help(scroll: 0))
        let syntax = HelpContent.lines.firstIndex(of: .heading("Syntax")) ?? 0
        XCTAssertGreaterThan(syntax, 0)
        // Scroll until the operators' row shows (help rows wrap, so lines and rows differ).
        for _ in 0..<(syntax * 3) {
            session.render(on: screen)
            if screen.firstRow(containing: "-EQ -NE -LT -LTE -GT -GTE") != nil { break }
            session.press(.down)
        }
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
        for (marked, index) in [("^join($cats|1️⃣", 1), ("^join(^count($cats1️⃣", 0), ("^join(#(1|1️⃣", 0)] {
            let (text, cursor) = syntax(marked)
            XCTAssertEqual(text.call(at: cursor)?.parameterIndex, index, marked) // | inside #( ) is not a delimiter
        }
        let (closed, cursor) = syntax("^join(a|b) x1️⃣")
        XCTAssertNil(closed.call(at: cursor)?.parameterIndex)
    }
}

final class TokenUnderCursorTests: XCTestCase {
    func testMovingTheEditorCursorSelectsTheTokenUnderIt() {
        let (session, screen) = makeSession()
        // The cursor goes to 3️⃣ (just after the 2), then 1️⃣ (in $cats), then 2️⃣ (just after the 1 of [1]).
        let marks = MarkedText("$1️⃣cats[12️⃣].length is #(23️⃣ + 3)")
        session.type(marks.text)
        XCTAssertEqual(EditorView.selectedToken(session.state)?.kind, .mathExpression, "the cursor is after the )")
        for _ in marks.characterOffset(of: "3️⃣")..<marks.text.count { session.press(.left) }
        XCTAssertEqual(EditorView.selectedToken(session.state)?.text, "2")
        session.press(.home)
        for _ in 0..<marks.characterOffset(of: "1️⃣") { session.press(.right) }
        session.render(on: screen)
        XCTAssertEqual(EditorView.selectedToken(session.state)?.text, "$cats")
        XCTAssertNotNil(screen.firstRow(containing: "ⓘ " + Token.Kind.variableReference.explanation), screen.text)
        for _ in marks.characterOffset(of: "1️⃣")..<marks.characterOffset(of: "2️⃣") { session.press(.right) }
        XCTAssertEqual(EditorView.selectedToken(session.state)?.text, "1")
    }
}
