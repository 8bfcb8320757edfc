import XCTest

@testable import MBMLEngine

/// Per-item expressions of the data-processing functions are prepared once and behave exactly as
/// evaluating their text each time would.
final class RepeatedEvaluationTests: XCTestCase {
    func testPreparedTestsGiveTheSameResultsAsText() throws {
        let environment = TestEnvironment.make()
        environment.variables.declare("people", value: [["age": 20], ["age": 40], ["age": 35]])
        XCTAssertEqual(try environment.evaluate("^count(^filter($people|$item.age > 30))", in: .object), .integer(2))
        XCTAssertEqual(try environment.evaluate("^list($people|$item.age)", in: .object), [20, 40, 35])
        XCTAssertEqual(try environment.evaluate("^sort(^list($people|$item.age)|$item)", in: .object), [20, 35, 40])
        XCTAssertEqual(
            try environment.evaluate("^collectionPassesTest($people|$item.age -GT 18)", in: .boolean),
            .boolean(true))
        XCTAssertEqual(
            try environment.evaluate("^valuesPassingTest($people|$item.age -LT 30)", in: .object),
            [["age": 20]])
    }

    func testAConstantTestUsesTheShortcutForEveryItem() throws {
        let environment = TestEnvironment.make()
        XCTAssertEqual(try environment.evaluate("^count(^filter(^array(1|2|3)|true))", in: .object), .integer(3))
        XCTAssertEqual(
            try environment.evaluate("^list(^array(1|2)|plain text)", in: .object), ["plain text", "plain text"])
    }

    func testAnErrorIsLoggedForEveryItemAsBefore() throws {
        let log = LogSink()
        let environment = TestEnvironment.make(log: log)
        let failing = "^filter(^array(1|2)|^fileContents(/no/such/mbml/file))"
        XCTAssertEqual(try environment.evaluate(failing, in: .object), .array([]))
        XCTAssertEqual(log.lines.count, 2, "\(log.lines)")
        let empty = LogSink()
        XCTAssertEqual(
            try TestEnvironment.make(log: empty).evaluate("^filter(^array()|^fileContents(/no/such))", in: .object),
            .array([]))
        XCTAssertEqual(empty.lines, [], "no item, nothing evaluated, nothing logged")
    }
}
