import Foundation
import XCTest

@testable import MBMLEngine

final class ExpectationCheckerTests: XCTestCase {
    private let checker = ExpectationChecker(environment: TestEnvironment.make())

    private func check(_ line: String) throws -> ExpectationResult {
        let file = ExpectationFile(parsing: line, path: "t.jsonl")
        XCTAssertEqual(file.problems, [])
        return checker.check(try XCTUnwrap(file.expectations.first))
    }

    func testPassingValue() throws {
        let result = try check(##"{"id": "a", "context": "number", "expr": "#($count * 2)", "expect": 6}"##)
        XCTAssertEqual(result.status, .passed)
        XCTAssertNil(result.reason)
        XCTAssertEqual(result.actual.displayText, "6")
    }

    func testFailingValueGivesReasonAndDiff() throws {
        let result = try check(##"{"id": "a", "expr": "$cats", "expect": ["Barrett", "Dunkan", "Gabby"]}"##)
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.reason, #"expected ["Barrett","Dunkan","Gabby"], got ["Barrett","Duncan","Gabby"]"#)
        XCTAssertEqual(result.diff, [#"[1]: expected "Dunkan", got "Duncan""#])
    }

    func testVariablesAreBoundForOneExpectationOnly() throws {
        let bound = try check(
            ##"{"id": "a", "context": "string", "expr": "$name $extra", "vars": {"name": "Duncan", "extra": 1}, "expect": "Duncan 1"}"##
        )
        XCTAssertEqual(bound.status, .passed, bound.reason ?? "")
        let after = try check(##"{"id": "b", "expr": "$name", "expect": "Cooper"}"##)
        XCTAssertEqual(after.status, .passed, after.reason ?? "")
        let gone = try check(##"{"id": "c", "expr": "$extra", "expect": null}"##)
        XCTAssertEqual(gone.status, .passed, gone.reason ?? "")
    }

    func testBooleanContextAlwaysGivesABoolean() throws {
        XCTAssertEqual(
            try check(##"{"id": "a", "context": "boolean", "expr": "$count == 3", "expect": true}"##).status, .passed)
        XCTAssertEqual(
            try check(##"{"id": "b", "context": "boolean", "expr": "$missing", "expect": false}"##).status, .passed)
        XCTAssertEqual(
            try check(##"{"id": "c", "context": "boolean", "expr": "$count == 3", "expect": 1}"##).status, .failed)
    }

    func testExpectedErrors() throws {
        XCTAssertEqual(
            try check(##"{"id": "a", "context": "number", "expr": "#(1 / 0)", "expectError": true}"##).status, .passed)
        let noError = try check(##"{"id": "b", "context": "number", "expr": "#(1 / 1)", "expectError": true}"##)
        XCTAssertEqual(noError.status, .failed)
        XCTAssertEqual(noError.reason, "expected an error, got 1")
        let unexpected = try check(##"{"id": "c", "context": "number", "expr": "#(1 / 0)", "expect": 1}"##)
        XCTAssertEqual(unexpected.status, .failed)
        XCTAssertTrue(unexpected.reason?.hasPrefix("error: ") == true, unexpected.reason ?? "")
        guard case .error = unexpected.actual else { return XCTFail("the error is the actual outcome") }
    }

    func testWatchesNeverFail() throws {
        let watch = try check(##"{"id": "w", "context": "number", "expr": "#(1 / 0)"}"##)
        XCTAssertEqual(watch.status, .watched)
        let value = try check(##"{"id": "w", "expr": "$cats.count"}"##)
        XCTAssertEqual(value.status, .watched)
        XCTAssertEqual(value.actual.displayText, "3")
    }

    func testTypeAndNonEmptyModesExplainFailures() throws {
        let type = try check(##"{"id": "t", "expr": "$cats", "expect": "x", "compare": "type"}"##)
        XCTAssertEqual(type.reason, #"expected a string, got ["Barrett","Duncan","Gabby"]"#)
        XCTAssertEqual(type.diff, [])
        let empty = try check(##"{"id": "n", "expr": "$missing", "compare": "nonempty"}"##)
        XCTAssertEqual(empty.status, .failed)
        XCTAssertEqual(empty.reason, "expected a non-empty value, got null")
        XCTAssertEqual(try check(##"{"id": "n2", "expr": "$cats", "compare": "nonempty"}"##).status, .passed)
    }

    func testSharedEvaluationEntryPointBindsAndNormalises() throws {
        let environment = TestEnvironment.make()
        XCTAssertEqual(try environment.evaluate("$q", in: .object, binding: [("q", .integer(4))]), .integer(4))
        XCTAssertNil(try environment.evaluate("$q", in: .object))
        XCTAssertEqual(try environment.evaluate("", in: .boolean, binding: []), .boolean(false))
    }

    func testATimeLimitStopsALongLoopWithAnErrorAndIsLiftedAfterwards() throws {
        let environment = TestEnvironment.make()
        let limited = ExpectationChecker(environment: environment, timeLimit: 0.05)
        let long = Expectation(
            id: "long", expression: "^repeatBool(1000000|^repeatBool(1000000|T))", expected: .value("x"))
        let start = Date()
        let result = limited.check(long)
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the loop was stopped")
        XCTAssertEqual(result.status, .failed)
        guard case .error(let message) = result.actual else {
            return XCTFail("a stopped evaluation is an error: \(result.actual)")
        }
        XCTAssertTrue(
            message.hasPrefix("evaluation stopped: it ran longer than its time budget of 0.05 seconds"), message)
        let quick = Expectation(id: "quick", expression: "^repeat(3|x)", expected: .value("x"))
        XCTAssertEqual(limited.check(quick).status, .passed)
    }
}
