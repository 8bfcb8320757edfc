import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// Lessons: expectations grouped by `from`, each lesson's text and checklist shown under the
/// tokens, an item ticked when the learner types its expression and sees the expected result.
final class LessonsTests: XCTestCase {
    private let lessonFile = ExpectationFile(
        parsing: """
            {"id": "one.a", "from": "Step 1. COUNTING", "context": "number", "expr": "$cats.count", "expect": 3, "note": "Count the cats."}
            {"id": "one.b", "from": "Step 1. COUNTING", "context": "string", "expr": "$cats.count", "expect": "3"}
            {"id": "two.a", "from": "Step 2. NAMES", "expr": "$cats[1]", "expect": "Duncan"}
            {"id": "two.b", "from": "Step 2. NAMES", "context": "boolean", "expr": "$name == Cooper", "expect": true}
            """, path: "lessons.jsonl")

    func testExpectationsAreGroupedByFromInOrder() {
        let lessons = LessonsState(expectations: lessonFile.expectations)
        XCTAssertEqual(lessons.lessons.map(\.title), ["Step 1. COUNTING", "Step 2. NAMES"])
        XCTAssertEqual(lessons.lessons.map { $0.items.map(\.id) }, [["one.a", "one.b"], ["two.a", "two.b"]])
        XCTAssertEqual(lessons.lessons.map(\.text), ["Count the cats.", ""])
        XCTAssertEqual(
            LessonsState(expectations: [Expectation(id: "x", expression: "1", expected: .watch)]).lessons.map(\.title),
            ["Checks"])
    }

    func testTypingAnExpressionTicksItsItemsAndFinishingSaysSo() throws {
        let (session, screen) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Lesson 1/2: Step 1. COUNTING"))
        XCTAssertNotNil(screen.firstRow(containing: "0/2 · Alt-N/Alt-P"))
        XCTAssertNotNil(screen.firstRow(containing: "Count the cats."))
        XCTAssertNotNil(screen.firstRow(containing: "· try $cats.count → number: 3"))
        session.type("$cats.coun")
        XCTAssertTrue(session.state.lessons.done.isEmpty)
        session.type("t")
        XCTAssertEqual(session.state.lessons.done, ["one.a", "one.b"])
        XCTAssertEqual(session.state.status.message, "✓ Lesson 1 done: Alt-N for the next")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "✓ try $cats.count → number: 3"))
        XCTAssertNotNil(screen.firstRow(containing: "✓ try $cats.count → 3"))
        XCTAssertNotNil(screen.firstRow(containing: "2/2 · Alt-N/Alt-P"))
    }

    func testAWrongResultIsNotTicked() {
        let (session, _) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.type("$cats[1]")
        XCTAssertEqual(session.state.lessons.done, ["two.a"], "items of any lesson can be ticked")
        session.press(.control("u"))
        session.type("$name == Barrett")
        XCTAssertFalse(session.state.lessons.done.contains("two.b"))
    }

    func testAltNAndAltPMoveBetweenLessonsWithinBounds() {
        let (session, screen) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.press(.alt("p"))
        XCTAssertEqual(session.state.lessons.current, 0)
        session.press(.alt("n"))
        session.press(.alt("n"))
        XCTAssertEqual(session.state.lessons.current, 1)
        XCTAssertEqual(session.state.editor.text, "", "lesson keys do not type")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Lesson 2/2: Step 2. NAMES"))
        XCTAssertNotNil(screen.firstRow(containing: "· try $name == Cooper → boolean: true"))
    }

    func testLessonsAndPinsShareTheRegionUnderTheTokens() throws {
        let (session, screen) = makeSession()
        session.send(.showLessons(lessonFile.expectations))
        session.type("$name")
        session.press(.control("p"))
        session.render(on: screen)
        let lesson = try XCTUnwrap(screen.firstRow(containing: "Lesson 1/2"))
        let pins = try XCTUnwrap(screen.firstRow(containing: "Pins (1)"))
        XCTAssertLessThan(lesson.index, pins.index)
        XCTAssertNotNil(screen.firstRow(containing: "$name = \"Cooper\""))
        XCTAssertGreaterThanOrEqual(session.state.layout.tokens.height, 4)
    }

    func testTheTutorialsExpectationFileMakesOneLessonAStepWithItsText() throws {
        let file = try ExpectationFile(
            contentsOf: BuiltInSampleClaimsTests.samples
                .appendingPathComponent("tutorial/expectations.jsonl").path)
        let lessons = LessonsState(expectations: file.expectations)
        XCTAssertEqual(lessons.lessons.first?.title, "Step 1. VARIABLES")
        XCTAssertGreaterThanOrEqual(lessons.lessons.count, 8)
        XCTAssertTrue(lessons.lessons.allSatisfy { !$0.text.isEmpty }, "every step has its prose")
    }
}
