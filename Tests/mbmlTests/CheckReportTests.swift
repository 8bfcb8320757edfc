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
