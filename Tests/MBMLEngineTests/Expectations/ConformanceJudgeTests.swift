import MBMLTestSupport
import XCTest

/// The conformance judge agrees with the suite's reference runner (`run.py`): each row's verdict was
/// computed by that runner's `equal(expected, got, mode)`.
final class ConformanceJudgeTests: XCTestCase {
    static let rows: [(mode: String, expected: String, got: String, equal: Bool)] = [
        ("exact", "5", "5.0", true),
        ("exact", "5", "\"5\"", false),
        ("exact", "true", "1", false),
        ("exact", "1", "true", false),
        ("exact", "null", "null", true),
        ("exact", "null", "0", false),
        ("exact", "0.1", "0.1000000000001", true),
        ("exact", "0.1", "0.10001", false),
        ("approx", "0.1", "0.1000001", true),
        ("approx", "0.1", "0.10001", false),
        ("exact", "NaN", "NaN", true),
        ("exact", "Infinity", "1e308", true),
        ("exact", "\"é\"", "\"é\"", true),
        ("exact", "[1,2]", "[2,1]", false),
        ("set", "[1,2]", "[2,1]", true),
        ("set", "[1,[1,2]]", "[[2,1],1]", false),
        ("set", "[1,[1,2]]", "[[1,2],1]", true),
        ("exact", "{\"$set\":[1,2]}", "[2,1]", true),
        ("exact", "{\"$set\":[1,2]}", "{\"$set\":[2,1]}", true),
        ("exact", "[1,2]", "{\"$set\":[2,1]}", false),
        ("set", "[1,2]", "{\"$set\":[2,1]}", true),
        ("exact", "{\"$set\":[1,2]}", "{\"$set\":[2,1,1]}", false),
        ("exact", "{\"$date\":\"2015-02-03T04:05:06Z\"}", "{\"$date\":\"2015-02-03T04:05:06.0004Z\"}", true),
        ("exact", "{\"$date\":\"2015-02-03T04:05:06Z\"}", "{\"$date\":\"2015-02-03T04:05:07Z\"}", false),
        ("exact", "{\"$date\":\"2015-02-03T04:05:06Z\"}", "{\"$date\":\"2015-02-03T05:05:06+01:00\"}", true),
        ("exact", "{\"$date\":\"2015-02-03\"}", "{\"$date\":\"2015-02-03T00:00:00Z\"}", true),
        ("exact", "{\"$date\":\"garbage\"}", "{\"$date\":\"garbage\"}", false),
        ("exact", "{\"$data\":\"aGk=\"}", "{\"$data\":\"aGk=\"}", true),
        ("exact", "{\"$data\":\"aGk=\"}", "{\"$data\":\"aGl=\"}", true),
        ("exact", "{\"$data\":\"aGk=\"}", "{\"$date\":\"aGk=\"}", false),
        ("exact", "{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", true),
        ("exact", "{\"a\":1}", "{\"a\":1,\"b\":2}", false),
        ("exact", "{\"a\":[1,2]}", "{\"a\":[1,2.0000000000001]}", true),
        ("exact", "{\"$set\":[1],\"x\":1}", "{\"$set\":[1],\"x\":1}", true),
        ("exact", "{\"$other\":1}", "{\"$other\":1}", true),
        ("exact", "[]", "{}", false),
        ("exact", "\"a\"", "[\"a\"]", false),
        ("exact", "\"\u{e9}\"", "\"e\u{301}\"", false),
    ]

    func testEqualityAgreesWithTheReferenceRunner() throws {
        for row in Self.rows {
            let expected = try LooseJSON.parse(row.expected), got = try LooseJSON.parse(row.got)
            XCTAssertEqual(
                ConformanceJudge.equal(expected, got, mode: row.mode), row.equal,
                "\(row.mode): \(row.expected) vs \(row.got)")
        }
    }

    func testVerdictsOfTheOtherModes() throws {
        func verdict(_ line: String, _ answer: ConformanceJudge.Answer) throws -> String? {
            ConformanceJudge.verdict(try ConformanceCase(line: line, file: "t.jsonl", lineNumber: 1), answer)
        }
        let typeCase =
            #"{"id": "t.1", "context": "object", "expr": "x", "expect": {"$date": "2015-01-30T00:00:00Z"}, "compare": "type"}"#
        XCTAssertNil(try verdict(typeCase, .value(try LooseJSON.parse(#"{"$date": "1999-01-01T00:00:00Z"}"#))))
        XCTAssertEqual(try verdict(typeCase, .value(.string("2015"))), #"expected a date, got "2015""#)
        let nonEmpty = #"{"id": "t.2", "context": "object", "expr": "x", "expect": "a", "compare": "nonempty"}"#
        XCTAssertNil(try verdict(nonEmpty, .value(.array([.null]))))
        XCTAssertNotNil(try verdict(nonEmpty, .value(.string(""))))
        XCTAssertNotNil(try verdict(nonEmpty, .value(.number(5))))
        let error = #"{"id": "t.3", "context": "object", "expr": "x", "expectError": true}"#
        XCTAssertNil(try verdict(error, .error("boom")))
        XCTAssertEqual(try verdict(error, .value(.number(1))), "expected an error, got 1")
        let value = #"{"id": "t.4", "context": "object", "expr": "x", "expect": null}"#
        XCTAssertNil(try verdict(value, .value(.null)))
        XCTAssertEqual(try verdict(value, .error("boom")), "error: boom")
    }

    func testTheRunnerReportsAFailingCase() throws {
        let folder = try ConformanceTests.folder
        let runner = try ConformanceRunner(manifest: folder.appendingPathComponent("fixture/manifest.xml"))
        let wrong = try ConformanceCase(
            line: ##"{"id": "t.5", "context": "number", "expr": "#($x + 1)", "vars": {"x": 2}, "expect": 4}"##,
            file: "t.jsonl", lineNumber: 1)
        let right = try ConformanceCase(
            line: ##"{"id": "t.6", "context": "number", "expr": "#($x + 1)", "vars": {"x": 2}, "expect": 3}"##,
            file: "t.jsonl", lineNumber: 2)
        let report = runner.run([wrong, right])
        XCTAssertEqual(report.summary, "conformance: 2 cases, 1 passed")
        XCTAssertEqual(report.failures.map(\.testCase.id), ["t.5"])
        XCTAssertEqual(report.failures.first?.failure, "expected 4, got 3")
        XCTAssertNil(runner.environment.variables["x"], "vars are gone after the case")
    }
}

final class ConformanceCaseTests: XCTestCase {
    func testTheRequestCarriesExprAndVarsAsWritten() throws {
        let line =
            ##"{"id": "t.1", "context": "number", "expr": "#($x * 2)", "vars": {"x": 123456789012345678901}, "expect": {"$date": "nonsense"}}"##
        let testCase = try ConformanceCase(line: line, file: "t.jsonl", lineNumber: 1)
        XCTAssertEqual(
            testCase.requestLine, ##"{"context": "number", "expr": "#($x * 2)", "vars": {"x": 123456789012345678901}}"##
        )
        XCTAssertEqual(testCase.group, "t")
        XCTAssertFalse(testCase.expectsError)
    }

    func testEmptyVarsAreNotSentAndExpectErrorIsReadAsPythonDoes() throws {
        let line = #"{"id": "t.2", "context": "object", "expr": "x", "vars": {}, "expectError": 1}"#
        let testCase = try ConformanceCase(line: line, file: "t.jsonl", lineNumber: 1)
        XCTAssertEqual(testCase.requestLine, #"{"context": "object", "expr": "x"}"#)
        XCTAssertTrue(testCase.expectsError)
    }

    func testALineThatIsNotACaseNamesItsFileAndLine() {
        XCTAssertThrowsError(try ConformanceCase(line: #"{"id": "t.3"}"#, file: "t.jsonl", lineNumber: 7)) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("t.jsonl:7: "), "\(error)")
        }
    }
}
