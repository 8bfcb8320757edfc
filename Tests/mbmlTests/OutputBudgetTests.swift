import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLLanguageServer
@testable import mbml

/// Issue 29, item 2: every output of the command line and the language server is written under the
/// job's budget. `$big` holds 100 × 100 references to one text of about 20 KB: a few kilobytes in
/// memory, about 200 MB as text, far past the 1 MiB budget these tests set.
final class OutputBudgetTests: XCTestCase {
    private let budget = 1 << 20

    private func amplified() throws -> Environment {
        try AmplifiedEnvironment.make(budget: budget)
    }

    private func job() -> Evaluation {
        Evaluation(limits: EvaluationLimits(maximumBytes: budget))
    }

    private func assertBudgetError(
        _ body: @autoclosure () throws -> Any?, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue(error is MemoryBudgetExceeded, "\(error)", file: file, line: line)
        }
    }

    func testEvalPrintingEndsInTheBudgetError() throws {
        let big = try XCTUnwrap(try amplified().variables["big"])
        for context in ExpressionContext.allCases where context != .boolean {
            assertBudgetError(try ResultFormatter.text(of: big, in: context, within: job()))
            assertBudgetError(try ResultFormatter.line(of: big, in: context, within: job()))
        }
    }

    func testAJSONLinesAnswerEndsInTheBudgetErrorAndTheNextIsAnswered() throws {
        var session = JSONLinesSession(environment: try amplified())
        session.maximumBytes = budget
        let first = session.response(to: #"{"id": 1, "expr": "$big"}"#)
        XCTAssertTrue(
            first.hasPrefix(#"{"id":1,"error":"evaluation stopped: what it built passed its memory budget"#), first)
        XCTAssertEqual(session.response(to: #"{"id": 2, "expr": "$big.count"}"#), #"{"id":2,"value":100}"#)
    }

    func testVarsEndsInTheBudgetError() throws {
        let environment = try amplified()
        let formatter = VariableTreeFormatter(evaluation: job())
        assertBudgetError(try formatter.lines(forVariable: "big", in: environment.variables))
        let small = VariableTreeFormatter(evaluation: job())
        XCTAssertEqual(try small.lines(for: .array([1]), label: "x"), ["x: Array[1]", "  [0]: Number 1"])
    }

    func testExplainEndsInTheBudgetError() throws {
        let environment = try amplified()
        let evaluation = job()
        let trace = environment.trace("$big", context: .object, within: evaluation)
        let explanation = ExplanationFormatter(trace: trace, hints: [], evaluation: evaluation)
        assertBudgetError(try explanation.text())
        assertBudgetError(try ExplanationFormatter(trace: trace, hints: [], evaluation: job()).json())
    }

    func testExplainStepsJSONEndsInTheBudgetError() throws {
        let environment = try amplified()
        let evaluation = job()
        let steps = environment.steps("$big", context: .object, within: evaluation)
        assertBudgetError(try StepsFormatter(steps: steps, evaluation: evaluation).json())
    }

    func testCheckReportsPreviewOrEndInTheBudgetError() throws {
        let environment = try amplified()
        let result = ExpectationChecker(environment: environment).check(
            Expectation(id: "big", expression: "$big", expected: .value("small")))
        XCTAssertEqual(result.status, .failed)
        let shown = CheckTextReport.cut(result.actual)
        XCTAssertTrue(shown.hasSuffix("… (cut at \(CheckTextReport.valueLimit) characters)"), shown)
        XCTAssertLessThan(shown.count, CheckTextReport.valueLimit + 100)
        assertBudgetError(try result.actual.displayText(within: job()))
    }

    func testHoverAndCompletionPreviewsStopAtTheirWidth() throws {
        let environment = try amplified()
        let limits = ValuePreview.limits(for: environment, seconds: LanguageServerLimits().answerSeconds)
        let hover = ValuePreview.text(of: "$big", in: environment, limits: limits)
        XCTAssertTrue(hover.hasSuffix("…"), String(hover.prefix(100)))
        XCTAssertLessThanOrEqual(hover.count, ValuePreview.maximumLength + 1)
        let member = ValuePreview.text(of: try XCTUnwrap(environment.variables["b"]), limit: 200)
        XCTAssertEqual(member.count, 201)
    }
}
