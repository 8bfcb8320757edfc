import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// The variables pane's footer shows the MBML expression of the selected node (issue 21).
final class SelectionPathTests: XCTestCase {
    private func selectDeepNode(_ session: InspectorSession) {
        session.press(.backTab) // editor -> variables
        session.press(.character("g"))
        for _ in 0..<20 where session.state.tree.selection != [.variable("Barrett Test")] { session.press(.down) }
        session.press(.right) // expand
        for _ in 0..<5 where session.state.tree.selection?.last != .key("owners") { session.press(.down) }
        session.press(.right) // expand owners
        session.press(.right) // first owner
        session.press(.down) // second owner
    }

    func testFooterShowsTheExpressionOfTheSelectedNode() {
        let (session, screen) = makeSession(columns: 200)
        selectDeepNode(session)
        XCTAssertEqual(session.state.tree.selection, [.variable("Barrett Test"), .key("owners"), .index(1)])
        session.render(on: screen)
        let footer = screen.line(38)
        XCTAssertTrue(footer.hasPrefix("$[Barrett Test].owners[1]"), footer)
        XCTAssertTrue(footer.contains("/ search"), "the hints follow when there is room: \(footer)")
    }

    func testFooterPathIsWhatYPCopies() {
        let (session, screen) = makeSession()
        selectDeepNode(session)
        session.press(.character("y"))
        session.press(.character("p"))
        XCTAssertEqual(session.state.status.message?.contains("$[Barrett Test].owners[1]"), true)
        session.render(on: screen)
        XCTAssertTrue(screen.line(38).hasPrefix("$[Barrett Test].owners[1]"), screen.line(38))
    }

    func testPathStaysWhenTheTreeLosesFocus() {
        let (session, screen) = makeSession()
        selectDeepNode(session)
        session.press(.tab) // variables -> editor
        XCTAssertEqual(session.state.focus, .editor)
        session.render(on: screen)
        XCTAssertTrue(screen.line(38).hasPrefix("$[Barrett Test].owners[1]"), screen.line(38))
        XCTAssertFalse(screen.line(38).contains("/ search"))
    }

    func testLongPathKeepsItsEnd() {
        let fitted = SelectionPathText.fitted("$data.people[3].addresses[12].street", width: 20)
        XCTAssertEqual(fitted, "…ddresses[12].street")
        XCTAssertEqual(TextWidth.of(fitted), 20)
        XCTAssertEqual(SelectionPathText.fitted("$a.b", width: 20), "$a.b")
    }

    func testSetMembersShowTheirLabels() {
        XCTAssertEqual(SelectionPathText.text(for: [.variable("s"), .member(2)]), "s {2}")
        XCTAssertNil(SelectionPathText.text(for: nil))
    }
}
