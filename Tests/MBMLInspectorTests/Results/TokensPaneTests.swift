import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class TokensPaneTests: XCTestCase {
    func testTokenTreeWithRangesAndExplanation() {
        let (session, screen) = makeSession()
        session.type("$cats[1].length")
        session.press(.home) // the token pane selects the token under the cursor
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "variableReference \"$cats\" {0, 5}"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "subreference \"[1]\" {5, 3}"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "ⓘ " + Token.Kind.variableReference.explanation))
    }

    func testMovingThroughTokensHighlightsTheRangeInTheEditor() {
        let (session, screen) = makeSession()
        session.type("$cats[1].length")
        session.press(.function(6))
        session.press(.tab)
        XCTAssertEqual(session.state.focus, .tokens)
        session.press(.down)
        session.render(on: screen)
        let row = screen.firstRow(containing: "› $cats[1].length")
        XCTAssertNotNil(row)
        let text = row?.text ?? ""
        let promptEnd = text.range(of: "› ").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
        let highlighted = (0..<15).filter { screen.role(row: row?.index ?? 0, column: promptEnd + $0) == .highlight }
        let selected = EditorView.selectedToken(session.state)
        XCTAssertEqual(selected?.kind, .subreference)
        let range = selected?.absoluteRange ?? SourceRange(location: 0, length: 0)
        XCTAssertEqual(highlighted, Array(range.location..<range.upperBound))
        XCTAssertNotNil(screen.firstRow(containing: "ⓘ Subreference: .name or [key]"), screen.text)
    }

    func testContextIsSelectable() {
        let (session, screen) = makeSession()
        session.type("1 + 2")
        session.press(.function(6))
        session.press(.tab)
        session.press(.right) // string
        session.press(.right) // number
        session.render(on: screen)
        XCTAssertEqual(session.state.tokens.context, .number)
        XCTAssertNotNil(screen.firstRow(containing: "Tokens · number"))
        // Operator tokens cover the operator; the operands are their children.
        XCTAssertNotNil(screen.firstRow(containing: "addition \"+\" {2, 1}"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "numericLiteral \"1\" {0, 1}"))
    }

    func testSyntaxColouringFollowsTheTokens() {
        let (session, screen) = makeSession()
        session.type("Hi $name ^q(x)")
        session.render(on: screen)
        XCTAssertEqual(screen.role(of: "$name"), .syntaxVariable)
        XCTAssertEqual(screen.role(of: "^q("), .syntaxFunction)
        XCTAssertEqual(screen.role(of: "› Hi"), .prompt)
    }
}
