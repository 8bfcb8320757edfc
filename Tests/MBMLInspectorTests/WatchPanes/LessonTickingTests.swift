import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// An item ticks when the typed expression does what it asks and gives its value in its context
/// (matched as `mbml check` matches); a watch item ticks when a saved file reloads and changes
/// its value.
final class LessonTickingTests: XCTestCase {
    private let lessonFile = ExpectationFile(
        parsing: """
            {"id": "one.a", "from": "Step 1. COUNTING", "context": "number", "expr": "$cats.count", "expect": 3, "note": "Count the cats."}
            {"id": "one.b", "from": "Step 1. COUNTING", "context": "string", "expr": "$cats.count", "expect": "3"}
            {"id": "two.a", "from": "Step 2. NAMES", "expr": "$cats[1]", "expect": "Duncan"}
            {"id": "two.b", "from": "Step 2. NAMES", "context": "number", "expr": "#(1 / 3)", "expect": 0.3333333, "compare": "approx"}
            """, path: "lessons.jsonl")

    func testAnotherExpressionWithTheExpectedValueDoesNotTickTheItem() {
        let (session, _) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.type("^count($cats)")
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(3)))
        XCTAssertEqual(session.state.lessons.done, [], "3, but not by reading .count")
        session.send(.setExpression("$cats.count"))
        XCTAssertEqual(session.state.lessons.done, ["one.a", "one.b"])
    }

    func testTypingTheAnswerItselfTicksNothing() {
        let (session, _) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.type("3")
        XCTAssertEqual(session.state.lessons.done, [])
    }

    func testTheSameConstructWithOtherLiteralsTicksOnlyOnTheLessonOnShow() {
        let (session, _) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.send(.setExpression("#(2 / 6)"))
        XCTAssertEqual(session.state.lessons.done, [], "a division giving 1/3, but lesson 2 is not on show")
        session.press(.alt("n"))
        session.send(.setExpression("#(2 / 6)"))
        XCTAssertEqual(session.state.lessons.done, ["two.b"])
    }

    func testTheMatchModeOfTheItemIsUsed() {
        let (session, _) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.press(.alt("n"))
        session.send(.setExpression("#(1 / 4)"))
        XCTAssertEqual(session.state.lessons.done, [], "0.25 is not 0.3333333")
        session.send(.setExpression("#(3 / 9)"))
        XCTAssertEqual(session.state.lessons.done, ["two.b"], "0.333333333… matches 0.3333333 within 1e-6")
    }

    func testAWatchItemTicksWhenASavedEditReloadsAndChangesItsValue() throws {
        let folder = try ScratchFolder(prefix: "mbml-lessons")
        let manifest = try folder.write(
            #"<MBML><Var name="cats" type="list"><Var literal="Barrett"/></Var><Var name="summary" type="dynamic" value="^join($cats|, )"/></MBML>"#,
            to: "manifest.xml", atomically: true)
        let session = InspectorSession(
            engine: EngineController(source: .manifest(manifest)), size: TerminalSize(rows: 40, columns: 120))
        session.start()
        let watch = Expectation(
            id: "edit", context: .string, expression: "$summary", expected: .watch, origin: "Step 9")
        session.send(.showLessons([watch]))
        session.type("$summary")
        XCTAssertEqual(session.state.lessons.done, [], "typing it is not enough")
        session.send(.filesChanged)
        XCTAssertEqual(session.state.lessons.done, [], "a reload that changes nothing is not an edit")
        try folder.write(
            #"<MBML><Var name="cats" type="list"><Var literal="Barrett"/><Var literal="Fluffy"/></Var><Var name="summary" type="dynamic" value="^join($cats|, )"/></MBML>"#,
            to: "manifest.xml", atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.results.shown[.string], .value(.string("Barrett, Fluffy")))
        XCTAssertEqual(session.state.lessons.done, ["edit"])
    }

    func testLongItemsAndTextWrapInsteadOfBeingCut() throws {
        let (session, screen) = makeSession(rows: 40, columns: 80)
        let long = Expectation(
            id: "long", context: .string, expression: "^join(^list($cats|$item is $catGenders[$item])|; )",
            expected: .value("Barrett is female; Duncan is male; Cooper is male"),
            note: "A rather long lesson text that cannot hold on one row of a narrow pane, so it wraps.",
            origin: "Long")
        session.send(.showLessons([long]))
        session.render(on: screen)
        let title = try XCTUnwrap(screen.firstRow(containing: "Lesson 1/1: Long"))
        let log = try XCTUnwrap(screen.firstRow(containing: "Log (0)"))
        let rows = (title.index..<log.index).map(screen.line).joined(separator: "\n")
        XCTAssertFalse(rows.contains("…"), rows)
        XCTAssertEqual(log.index - title.index, 6, rows)
        XCTAssertNotNil(screen.firstRow(containing: "Cooper is male"), rows)
        XCTAssertNotNil(screen.firstRow(containing: "so it wraps."), rows)
    }
}
