import Foundation
import XCTest

@testable import MBMLEngine

/// Issue #20: an expected number a `Double` cannot hold must not turn into infinity (which matched
/// every number) or zero; it is an error in the expectation file, at its line.
final class ExpectationNumberRangeTests: XCTestCase {
    private func problems(_ text: String) -> [ExpectationProblem] {
        ExpectationFile(parsing: text, path: "cases.jsonl").problems
    }

    func testAnExpectedNumberBeyondTheRangeOfADoubleIsAProblemAtItsLine() {
        let file = ExpectationFile(
            parsing: """
                {"id": "ok", "context": "number", "expr": "#(5)", "expect": 5}
                {"id": "huge", "context": "number", "expr": "#(5)", "expect": 1e400}
                """,
            path: "cases.jsonl")
        XCTAssertEqual(file.expectations.map(\.id), ["ok"])
        XCTAssertEqual(file.problems.count, 1)
        let problem = file.problems.first
        XCTAssertEqual(problem?.location, Expectation.Location(path: "cases.jsonl", line: 2))
        XCTAssertEqual(problem?.column, 63)
        XCTAssertTrue(problem?.description.hasPrefix("cases.jsonl:2:63: ") ?? false, "\(String(describing: problem))")
        XCTAssertTrue(problem?.message.contains("1e400") ?? false, "\(String(describing: problem))")
    }

    func testNegativeTinyLongAndNestedOutOfRangeNumbersAreProblemsToo() {
        for expect in [
            "-1e400", "1e-400", "[1, 2.5e308]", #"{"a": {"$set": [1E+309]}}"#,
            "1" + String(repeating: "0", count: 400),
        ] {
            let found = problems(##"{"id": "x", "expr": "#(5)", "compare": "approx", "expect": \##(expect)}"##)
            XCTAssertEqual(found.count, 1, expect)
            XCTAssertEqual(found.first?.location.line, 1, expect)
        }
        XCTAssertEqual(problems(##"{"id": "v", "expr": "$n", "vars": {"n": 1e999}, "expect": 1}"##).count, 1)
    }

    func testNumbersADoubleHoldsAndZerosAreStillRead() {
        for expect in [
            "0", "-0", "0e-999", "-0.0000e-999", "0.0e400", "1e308", "-1.7976931348623157e308", "5e-324", "1e-300",
            "12345678901234567890123456789012345678901234567890",
        ] {
            XCTAssertEqual(problems(##"{"id": "x", "expr": "#(5)", "expect": \##(expect)}"##), [], expect)
        }
    }

    func testSpelledOutNonFiniteValuesAreKeptAndMatchOnlyThemselves() throws {
        let file = ExpectationFile(
            parsing: ##"{"id": "inf", "expr": "#(5)", "expect": {"$number": "Infinity"}}"##, path: "c.jsonl")
        XCTAssertEqual(file.problems, [])
        let checker = ExpectationChecker(environment: TestEnvironment.make())
        let expectation = try XCTUnwrap(file.expectations.first)
        XCTAssertEqual(checker.check(expectation).status, .failed, "infinity is not within 1e-9 of 5")
    }

    func testInfinityNeverMatchesAFiniteNumber() {
        for match in [Expectation.Match.exact, .set, .approx] {
            XCTAssertFalse(ValueMatcher.matches(.double(.infinity), .integer(5), match: match), "\(match)")
            XCTAssertFalse(ValueMatcher.matches(.double(-.infinity), .double(-1e300), match: match), "\(match)")
            XCTAssertFalse(ValueMatcher.matches(.integer(5), .double(.infinity), match: match), "\(match)")
            XCTAssertTrue(ValueMatcher.matches(.double(.infinity), .double(.infinity), match: match), "\(match)")
            XCTAssertTrue(ValueMatcher.matches(.double(.nan), .double(.nan), match: match), "\(match)")
            XCTAssertFalse(ValueMatcher.matches(.double(.infinity), .double(-.infinity), match: match), "\(match)")
        }
    }

    func testPlainDataFilesStillReadHugeNumbersAsInfinity() throws {
        XCTAssertEqual(try JSONCodec.decodePlain("1e400").doubleValue, .infinity)
        XCTAssertEqual(try JSONCodec.decodeTagged("-1e400").doubleValue, -.infinity)
        let long = "1" + String(repeating: "0", count: 400)
        XCTAssertEqual(try JSONCodec.decodePlain(long).doubleValue, .infinity, "not a decimal NaN")
    }
}
