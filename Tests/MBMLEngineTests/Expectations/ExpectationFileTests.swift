import Foundation
import XCTest

@testable import MBMLEngine

final class ExpectationFileTests: XCTestCase {
    private func parse(_ text: String) -> ExpectationFile {
        ExpectationFile(parsing: text, path: "cases.jsonl")
    }

    private func single(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) throws -> Expectation
    {
        let parsed = parse(line)
        XCTAssertEqual(parsed.problems, [], file: file, line: lineNumber)
        return try XCTUnwrap(parsed.expectations.first, file: file, line: lineNumber)
    }

    func testReadsEveryField() throws {
        let expectation = try single(
            """
            {"id": "core.x.01", "from": "Tests.m testX", "context": "number", "expr": "#($a + 1)", \
            "vars": {"a": 2, "b": {"$set": [1]}}, "expect": 3, "compare": "approx", "note": "why"}
            """)
        XCTAssertEqual(expectation.id, "core.x.01")
        XCTAssertEqual(expectation.origin, "Tests.m testX")
        XCTAssertEqual(expectation.context, .number)
        XCTAssertEqual(expectation.expression, "#($a + 1)")
        XCTAssertEqual(expectation.variables.map(\.name), ["a", "b"])
        XCTAssertEqual(expectation.variables.map(\.value), [.integer(2), .set([.integer(1)])])
        guard case .value(let value) = expectation.expected else { return XCTFail("expected a value") }
        XCTAssertEqual(value, .integer(3))
        XCTAssertEqual(expectation.match, .approx)
        XCTAssertEqual(expectation.note, "why")
        XCTAssertEqual(expectation.location, Expectation.Location(path: "cases.jsonl", line: 1))
        XCTAssertFalse(expectation.isWatch)
    }

    func testDefaultsAreObjectContextExactMatchNoVariables() throws {
        let expectation = try single(#"{"id": "a", "expr": "$x", "expect": null}"#)
        XCTAssertEqual(expectation.context, .object)
        XCTAssertEqual(expectation.match, .exact)
        XCTAssertTrue(expectation.variables.isEmpty)
        XCTAssertNil(expectation.note)
        XCTAssertNil(expectation.origin)
        guard case .value(.null) = expectation.expected else { return XCTFail("null is an expected value") }
    }

    func testEveryCompareModeIsRead() throws {
        for mode in Expectation.Match.allCases {
            let expectation = try single(#"{"id": "a", "expr": "x", "expect": "x", "compare": "\#(mode.rawValue)"}"#)
            XCTAssertEqual(expectation.match, mode)
        }
    }

    func testExpectErrorAndWatches() throws {
        let failing = try single(#"{"id": "e", "expr": "^nope()", "expectError": true}"#)
        guard case .error = failing.expected else { return XCTFail("expectError") }
        let watch = try single(#"{"id": "w", "expr": "$x"}"#)
        XCTAssertTrue(watch.isWatch)
        let notError = try single(#"{"id": "w2", "expr": "$x", "expectError": false}"#)
        XCTAssertTrue(notError.isWatch)
        let nonEmpty = try single(#"{"id": "n", "expr": "$x", "compare": "nonempty"}"#)
        XCTAssertFalse(nonEmpty.isWatch, "compare: nonempty needs no expect")
    }

    func testNumericIdIsUsedAsText() throws {
        XCTAssertEqual(try single(#"{"id": 7, "expr": "x"}"#).id, "7")
    }

    func testMalformedLinesAreReportedWithTheirLineAndTheOthersRead() {
        let parsed = parse(
            """
            {"id": "a", "expr": "1", "expect": "1"}
            {"id": "b", "expr": 
            [1, 2]

            {"expr": "x"}
            {"id": "c", "expr": "x", "expected": 1}
            {"id": "d", "expr": "x", "context": "numbers"}
            {"id": "e", "expr": "x", "compare": "fuzzy"}
            {"id": "f", "expr": "x", "vars": [1]}
            {"id": "g", "expr": "x", "expect": 1, "expectError": true}
            {"id": "h", "expr": "x", "expectError": "yes"}
            {"id": "i", "expr": "x", "note": 5}
            {"id": "j", "expr": "x", "expect": {"$date": "yesterday"}}
            {"id": "k", "context": "string"}
            {"id": "z", "expr": "2", "expect": "2"}
            """)
        XCTAssertEqual(parsed.expectations.map(\.id), ["a", "z"])
        XCTAssertEqual(parsed.expectations.map { $0.location?.line }, [1, 15])
        XCTAssertEqual(parsed.problems.map(\.location.line), [2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        let messages = parsed.problems.map(\.description)
        XCTAssertTrue(messages[0].hasPrefix("cases.jsonl:2:"), messages[0])
        XCTAssertTrue(messages[0].contains("invalid JSON"), messages[0])
        XCTAssertEqual(messages[1], "cases.jsonl:3: an expectation must be a JSON object")
        XCTAssertEqual(messages[2], "cases.jsonl:5: the expectation has no \"id\" string")
        XCTAssertTrue(messages[3].contains("c: unknown field \"expected\""), messages[3])
        XCTAssertTrue(messages[4].contains("\"context\" must be"), messages[4])
        XCTAssertTrue(messages[5].contains("\"compare\" must be one of \"exact\", \"set\""), messages[5])
        XCTAssertTrue(messages[6].contains("\"vars\" must be a JSON object"), messages[6])
        XCTAssertTrue(messages[7].contains("not both"), messages[7])
        XCTAssertTrue(messages[8].contains("\"expectError\" must be true or false"), messages[8])
        XCTAssertTrue(messages[9].contains("\"note\" must be a string"), messages[9])
        XCTAssertTrue(messages[10].contains("$date"), messages[10])
        XCTAssertTrue(messages[11].contains("no \"expr\""), messages[11])
        XCTAssertEqual(parsed.problems[3].id, "c")
    }

    func testCarriageReturnsAndBlankLinesAreTolerated() {
        let parsed = parse("{\"id\": \"a\", \"expr\": \"x\"}\r\n\r\n  \n{\"id\": \"b\", \"expr\": \"y\"}\r\n")
        XCTAssertEqual(parsed.problems, [])
        XCTAssertEqual(parsed.expectations.map(\.id), ["a", "b"])
        XCTAssertEqual(parsed.expectations.map { $0.location?.line }, [1, 4])
    }

    func testJSONLineReadsBackAsTheSameExpectation() throws {
        let original = Expectation(
            id: "x\"1", context: .boolean, expression: "$a == 1",
            variables: [(name: "a", value: ["$k": .set([1, 2])])],
            expected: .value(.date(Date(timeIntervalSince1970: 1_422_936_306))),
            match: .set, note: "n", origin: "o")
        let copy = try single(original.jsonLine)
        XCTAssertEqual(copy.jsonLine, original.jsonLine)
        XCTAssertEqual(copy.variables.first?.value, ["$k": .set([1, 2])])
        let watch = Expectation(id: "w", expression: "x", expected: .watch)
        XCTAssertEqual(watch.jsonLine, #"{"id":"w","expr":"x"}"#)
        XCTAssertTrue(try single(watch.jsonLine).isWatch)
    }

    func testUnreadableFileIsOneProblemAtLineZero() {
        XCTAssertThrowsError(try ExpectationFile(contentsOf: "/nonexistent/x.jsonl")) { error in
            let problem = error as? ExpectationProblem
            XCTAssertEqual(problem?.location.line, 0)
            XCTAssertTrue(
                problem?.description.hasPrefix("/nonexistent/x.jsonl: cannot read") == true,
                problem?.description ?? "")
        }
    }

    func testARepeatedIdIsAProblemAndTheFirstLineStands() {
        let parsed = parse(
            """
            {"id": "a", "expr": "1"}
            {"id": "b", "expr": "2"}
            {"id": "a", "expr": "3"}
            """)
        XCTAssertEqual(parsed.expectations.map(\.expression), ["1", "2"])
        XCTAssertEqual(parsed.problems.map(\.description), ["cases.jsonl:3: a: the id is used already on line 1"])
    }
}
