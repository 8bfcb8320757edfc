import Foundation
import MBMLEngine
import XCTest

@testable import mbml

/// `mbml check`'s run over expectation files and its three reports (text, JSON, JUnit), on a
/// file with a pass, a failure, a watch, an expected error and a malformed line.
final class CheckReportTests: XCTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("cats.jsonl").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lines = [
            #"{"id": "count", "context": "number", "expr": "$cats.count", "expect": 2}"#,
            #"{"id": "first", "expr": "$cats[0]", "expect": "Duncan"}"#,
            #"{"id": "all", "expr": "$cats"}"#,
            #"{"id": "broken", "expr": "^nope(1)", "expectError": true}"#,
            #"{"id": "bad", "expr": "$cats", "expect": 1, "expectError": true}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private func checkRun(second: Environment? = nil) -> CheckRun {
        CheckRun(paths: [path], environment: environment(["Barrett", "Duncan"]), second: second)
    }

    private func environment(_ cats: [String]) -> Environment {
        let environment = Environment()
        environment.variables.declare("cats", value: .array(cats.map(Value.string)))
        return environment
    }

    func testTheRunCountsEveryOutcome() {
        let run = checkRun()
        XCTAssertEqual(run.results.map(\.expectation.id), ["count", "first", "all", "broken"])
        XCTAssertEqual(run.results.map(\.status), [.passed, .failed, .watched, .passed])
        XCTAssertEqual([run.passedCount, run.failedCount, run.watchedCount, run.problems.count], [2, 1, 1, 1])
        XCTAssertEqual(run.problems.first?.location.line, 5)
        XCTAssertFalse(run.compared)
    }

    func testAnUnreadableFileIsAProblemNotACrash() {
        let run = CheckRun(paths: [folder.appendingPathComponent("missing.jsonl").path], environment: environment([]))
        XCTAssertEqual(run.files.count, 1)
        XCTAssertEqual(run.problems.count, 1)
        XCTAssertEqual(run.results.count, 0)
    }

    func testTheTextReportListsWhatNeedsAttentionThenTheTotals() {
        let text = CheckTextReport(run: checkRun()).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("MALFORMED \(path):5") }, text)
        XCTAssertTrue(lines.contains("FAIL first  (\(path):2)"), text)
        XCTAssertTrue(lines.contains(#"  expected: "Duncan""#), text)
        XCTAssertTrue(lines.contains(#"  actual:   "Barrett""#), text)
        XCTAssertTrue(lines.contains("WATCH all  (\(path):3)"), text)
        XCTAssertFalse(text.contains("count  ("), "a pass is not listed:\n\(text)")
        XCTAssertEqual(
            Array(lines.suffix(4)),
            ["1 watched", "1 malformed or unreadable (see MALFORMED above)", "2 passed, 1 failed", ""])
    }

    func testTheTextReportWithACompareCountsTheDifferences() {
        let run = checkRun(second: environment(["Barrett", "Duncan", "Gabby"]))
        XCTAssertTrue(run.compared)
        XCTAssertEqual(run.differences.map(\.expectation.id), ["count", "all"])
        let text = CheckTextReport(run: run).text
        XCTAssertTrue(text.contains("DIFFER count  (\(path):1)"), text)
        XCTAssertTrue(text.contains("2 differ between the two environments\n2 passed, 1 failed\n"), text)
    }

    func testExpectedTextSaysWhatTheExpectationWants() throws {
        let file = try ExpectationFile(contentsOf: path)
        XCTAssertEqual(
            file.expectations.map(CheckTextReport.expectedText),
            ["2", #""Duncan""#, "nothing (a watch)", "an error"])
    }

    func testTheJSONReportCarriesTheTotalsAndEveryResult() throws {
        let json = try CheckJSONReport(run: checkRun()).text(within: Evaluation())
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
        XCTAssertEqual(report["passed"] as? Int, 2)
        XCTAssertEqual(report["failed"] as? Int, 1)
        XCTAssertEqual(report["watched"] as? Int, 1)
        XCTAssertEqual(report["malformed"] as? Int, 1)
        XCTAssertNil(report["differ"])
        let results = try XCTUnwrap(report["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["status"] as? String }, ["passed", "failed", "watched", "passed"])
        XCTAssertEqual(results[1]["line"] as? Int, 2)
        XCTAssertEqual((results[1]["actual"] as? [String: Any])?["value"] as? String, "Barrett")
        XCTAssertEqual(results[3]["expectError"] as? Bool, true)
        let problems = try XCTUnwrap(report["problems"] as? [[String: Any]])
        XCTAssertEqual(problems.map { $0["line"] as? Int }, [5])
    }

    /// The report written by `JSONTextEncoder` is the text the value writer wrote before, byte for
    /// byte: with and without `--compare`, with values, errors, watches and malformed lines.
    func testTheJSONReportIsTheTextTheValueWriterWrote() throws {
        for run in [checkRun(), checkRun(second: environment(["Duncan", "Barrett", "Tom"]))] {
            XCTAssertEqual(
                try CheckJSONReport(run: run).text(within: Evaluation()), try Self.valueWriterText(of: run))
        }
        XCTAssertTrue(checkRun(second: environment(["Tom"])).compared)
    }

    /// A report whose values exceed the job's memory budget ends in the budget error.
    func testTheJSONReportIsChargedToTheJob() throws {
        let big = Environment()
        big.variables.declare(
            "cats", value: .array(Array(repeating: .string(String(repeating: "x", count: 4096)), count: 64)))
        let run = CheckRun(paths: [path], environment: big)
        XCTAssertThrowsError(
            try CheckJSONReport(run: run).text(within: Evaluation(limits: EvaluationLimits(maximumBytes: 64 << 10))))
    }

    /// The report as `mbml check` wrote it through the value writer (`Evaluation.json(of:)` of one
    /// dictionary value): the reference the encoder's text is compared with.
    private static func valueWriterText(of run: CheckRun) throws -> String {
        func identity(_ expectation: Expectation) -> [(String, Value)] {
            var entry: [(String, Value)] = [("id", .string(expectation.id))]
            if let location = expectation.location {
                entry += [("file", .string(location.path)), ("line", .integer(location.line))]
            }
            return entry + [
                ("context", .string(expectation.context.rawValue)), ("expr", .string(expectation.expression)),
            ]
        }
        func outcome(_ outcome: ObservedOutcome) -> Value {
            switch outcome {
            case .value(let value): return ["value": value ?? .null]
            case .error(let message): return ["error": .string(message)]
            }
        }
        func object(_ pairs: [(String, Value)]) -> Value {
            var entries = ValueDictionary()
            for (key, value) in pairs { entries[key] = value }
            return .dictionary(entries)
        }
        var report: [(String, Value)] = [
            ("passed", .integer(run.passedCount)), ("failed", .integer(run.failedCount)),
            ("watched", .integer(run.watchedCount)), ("malformed", .integer(run.problems.count)),
        ]
        if run.compared { report.append(("differ", .integer(run.differences.count))) }
        let results = run.results.map { result -> Value in
            var entry = identity(result.expectation)
            entry.append(("status", .string(result.status.rawValue)))
            switch result.expectation.expected {
            case .value(let value): entry.append(("expect", value))
            case .error: entry.append(("expectError", .boolean(true)))
            case .watch: break
            }
            if result.expectation.match != .exact {
                entry.append(("compare", .string(result.expectation.match.rawValue)))
            }
            entry.append(("actual", outcome(result.actual)))
            if let reason = result.reason { entry.append(("reason", .string(reason))) }
            if !result.diff.isEmpty { entry.append(("diff", .array(ValueArray(result.diff.map(Value.string))))) }
            entry.append(("seconds", .double(result.duration)))
            return object(entry)
        }
        report.append(("results", .array(ValueArray(results))))
        report.append(
            (
                "problems",
                .array(
                    ValueArray(
                        run.problems.map {
                            object([
                                ("file", .string($0.location.path)), ("line", .integer($0.location.line)),
                                ("message", .string($0.message)),
                            ])
                        }))
            ))
        if run.compared {
            let differences = run.differences.map { difference -> Value in
                var entry = identity(difference.expectation)
                entry += [("first", outcome(difference.first)), ("second", outcome(difference.second))]
                if !difference.diff.isEmpty {
                    entry.append(("diff", .array(ValueArray(difference.diff.map(Value.string)))))
                }
                return object(entry)
            }
            report.append(("differences", .array(ValueArray(differences))))
        }
        return try Evaluation().json(of: object(report))
    }

    func testTheJUnitReportIsOneSuiteAFile() throws {
        let xml = CheckJUnitReport(run: checkRun()).text
        XCTAssertTrue(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"mbml check\" tests=\"5\" failures=\"1\" errors=\"1\""
            ), xml)
        XCTAssertEqual(xml.components(separatedBy: "<testsuite ").count - 1, 1, xml)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 5, xml)
        XCTAssertEqual(xml.components(separatedBy: "<failure").count - 1, 1, xml)
        XCTAssertEqual(xml.components(separatedBy: "<error").count - 1, 1, xml)
    }

    func testJUnitTextIsEscapedForXMLAndTheTerminal() {
        XCTAssertEqual(CheckJUnitReport.escaped("a<b & \"c\"\n\u{1B}[2J"), "a&lt;b &amp; &quot;c&quot;&#10;\u{FFFD}[2J")
        XCTAssertEqual(CheckJUnitReport.escaped("caf\u{E9}"), "caf\u{E9}")
    }
}
