import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class RegexFunctionsTests: XCTestCase {
    private func call(_ name: String, _ input: FunctionInput, environment: Environment = Environment()) throws -> Value?
    {
        try FunctionHarness(environment: environment).call(name, input)
    }

    private func strings(_ name: String, _ parameters: String...) throws -> Value? {
        try call(name, .values(parameters.map(Value.string)))
    }

    private func assertFails(
        _ name: String, _ parameters: [String]?, message: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let input: FunctionInput = parameters.map { .values($0.map(Value.string)) } ?? .absent
        FunctionHarness().assertFails(name, input, message: message, file: file, line: line)
    }

    func testDeclarations() {
        XCTAssertEqual(Set(RegexFunctions.all.map(\.name)), ["stripRegex", "replaceRegex", "matchesRegex"])
        for function in RegexFunctions.all {
            XCTAssertEqual(function.input, .pipedStrings)
            XCTAssertEqual(function.category, .regex)
        }
    }

    func testStripRegex() throws {
        XCTAssertEqual(
            try strings("stripRegex", "ThisIsAStringThatWillBeStripped", "[TIASWB]"),
            "hisstringhatilletripped")
        XCTAssertEqual(
            try strings("stripRegex", "ThisIsAStringThatWillBeStripped", "[TIASWB]", "[a-e]", "ripp"),
            "hisstringhtillt")
        XCTAssertEqual(try strings("stripRegex", "send now, don't send later", "(send |don't )"), "now, later")
        XCTAssertEqual(try strings("stripRegex", "nothing here", "\\d"), "nothing here")
        XCTAssertEqual(try strings("stripRegex", "a😀b😀c", "😀"), "abc", "UTF-16 ranges are handled")
    }

    func testStripRegexErrors() {
        assertFails("stripRegex", nil, message: "expected input parameters, but got none")
        assertFails("stripRegex", ["text"], message: "expected at least 2 input parameters, but got 1 instead")
        assertFails("stripRegex", ["", ""], message: "invalid regular expression in input parameter at index 1")
        assertFails(
            "stripRegex", ["abc", "b", "("], message: "invalid regular expression in input parameter at index 2")
    }

    func testReplaceRegex() throws {
        XCTAssertEqual(try strings("replaceRegex", "Replace Me, Replace Me", " Me", ""), "Replace, Replace")
        XCTAssertEqual(try strings("replaceRegex", "This is my string.", "string", "gun"), "This is my gun.")
        XCTAssertEqual(try strings("replaceRegex", "Yankees, Mets, Jets, Nets", "([A-Z]ets|, )", "!"), "Yankees!!!!!!")
        XCTAssertEqual(try strings("replaceRegex", "John Smith", "(\\w+) (\\w+)", "$2, $1"), "Smith, John")
        XCTAssertEqual(try strings("replaceRegex", "a.b", "\\.", "\\$"), "a$b", "ICU template escapes")
    }

    func testReplaceRegexErrors() {
        assertFails("replaceRegex", nil)
        assertFails(
            "replaceRegex", ["replace", "replace"], message: "expected exactly 3 input parameters, but got 2 instead")
        assertFails("replaceRegex", ["a", "b", "c", "d"])
        assertFails("replaceRegex", ["", "", ""], message: "invalid regular expression in input parameter at index 1")
        assertFails("replaceRegex", ["string[To]ReplaceIn", "[", "-"])
    }

    func testMatchesRegexRequiresEveryPattern() throws {
        XCTAssertEqual(try strings("matchesRegex", "212-452-2510", "[0-9]{3}-[0-9]{3}-[0-9]{4}"), true)
        XCTAssertEqual(try strings("matchesRegex", "212-452-2510", "^212-", "2510$"), true)
        XCTAssertEqual(try strings("matchesRegex", "unknown", "[0-9]{3}", "unknown"), false)
        XCTAssertEqual(try strings("matchesRegex", "ABC", "abc"), false, "case sensitive")
        XCTAssertEqual(try strings("matchesRegex", "a\nb", "a.b"), false, "dot does not match newlines")
        XCTAssertEqual(try strings("matchesRegex", "match", "zzz", "["), false, "stops at the first non-match")
    }

    func testMatchesRegexErrors() {
        assertFails("matchesRegex", nil)
        assertFails("matchesRegex", ["match"])
        assertFails(
            "matchesRegex", ["match", "["], message: "invalid regular expression in input parameter at index 1")
        assertFails(
            "matchesRegex", ["match", "at", "["], message: "invalid regular expression in input parameter at index 2")
        assertFails("matchesRegex", ["", ""])
    }

    func testOverlongPatternIsRejected() {
        let pattern = String(repeating: "a", count: GuardedRegex.maximumPatternLength + 1)
        assertFails("matchesRegex", ["aaa", pattern])
    }

    func testCancellationStopsMatching() {
        let text = String(repeating: "a", count: 30) + "b"
        let limits = EvaluationLimits(isCancelled: { true })
        XCTAssertThrowsError(
            try FunctionHarness().call("matchesRegex", .values([.string(text), "(a+)+$"]), limits: limits)
        ) {
            XCTAssertTrue($0 is CancellationFailure, "\($0)")
        }
    }

    // MARK: Through the evaluator

    func testPatternsThroughTheEvaluator() throws {
        let environment = Environment()
        XCTAssertEqual(
            try environment.evaluate("^stripRegex(send now, don't send later|^q((send |don't )))", in: .object),
            "now, later")
        XCTAssertEqual(
            try environment.evaluate("^replaceRegex(Yankees, Mets, Jets, Nets|^q(([A-Z]ets|, ))|!)", in: .object),
            "Yankees!!!!!!")
        XCTAssertEqual(
            try environment.evaluate("^replaceRegex(John Smith|^q((\\w+) (\\w+))|$2, $1)", in: .object),
            "Smith, John")
        XCTAssertTrue(try environment.evaluateBoolean("^matchesRegex(212-452-2510|^212-|2510$)"))
        XCTAssertFalse(try environment.evaluateBoolean("^matchesRegex(unknown|[0-9]{3}|unknown)"))
        XCTAssertThrowsError(try environment.evaluate("^replaceRegex(||)", in: .object))
        XCTAssertThrowsError(try environment.evaluate("^matchesRegex(match|at|[)", in: .object))
    }
}
