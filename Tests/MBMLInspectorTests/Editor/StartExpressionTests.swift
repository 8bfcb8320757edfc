import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// `--expr EXPRESSION`: the inspector starts with the expression in the editor, evaluated.
final class StartExpressionTests: XCTestCase {
    func testStartExpressionIsInTheEditorAndEvaluated() {
        let (session, screen) = makeSession()
        session.send(.setExpression("$cats.count"))
        session.render(on: screen)
        XCTAssertEqual(session.state.editor.text, "$cats.count")
        XCTAssertEqual(session.state.focus, .editor)
        XCTAssertEqual(screen.resultRow("number"), "3", screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "$cats.count"))
    }

    func testLineBreaksBecomeSpaces() {
        let (session, _) = makeSession()
        session.send(.setExpression("^count(\n$cats)"))
        XCTAssertEqual(session.state.editor.text, "^count( $cats)")
    }
}
