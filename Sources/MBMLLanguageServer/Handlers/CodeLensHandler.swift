import Foundation
import MBMLEngine

/// `textDocument/codeLens` on an expectation file (one named by the document's project, `mbml.json`'s
/// `"expectations"`, or any `*.expectations.jsonl`): its checks run against the project's variable
/// space as `mbml check` runs them, and each case's line shows how it went — `✓ passed`,
/// `✗ failed: expected 6, got 5`, `◦ watched: …` —, a line that is no expectation shows its
/// problem, and the first line sums up (`▶ Run 24 checks: 23 passed, 1 failed`). Picking a lens runs
/// the checks again (``runCommand``: all of them, or the one case) and shows the outcome.
///
/// The checks of one answer share the request's limits: those not reached before its deadline show
/// `▶ Run` without an outcome.
enum CodeLensHandler {
    /// The command that runs an expectation file's checks: `[uri]` for all, `[uri, id]` for one case.
    static let runCommand = "mbml.runExpectations"
    /// The longest outcome text shown in a lens.
    static let maximumTitle = 80

    /// Whether `document` is an expectation file of its project (or named like one).
    static func isExpectationFile(_ document: TextDocument, analysis: DocumentAnalysis) -> Bool {
        guard let path = document.path else { return false }
        return path.hasSuffix(".expectations.jsonl") || analysis.expectationFiles.contains(path)
    }

    static func lenses(for document: TextDocument, analysis: DocumentAnalysis, limits: EvaluationLimits) -> [CodeLens] {
        guard isExpectationFile(document, analysis: analysis) else { return [] }
        let file = ExpectationFile(parsing: document.text, path: analysis.name)
        let results = run(file.expectations, analysis: analysis, limits: limits)
        var lenses: [CodeLens] = []
        let firstLine = max(0, (file.expectations.first?.location?.line ?? 1) - 1)
        lenses.append(
            lens(
                line: firstLine, title: summary(of: results, total: file.expectations.count), arguments: [document.uri])
        )
        for (index, expectation) in file.expectations.enumerated() {
            guard let line = expectation.location?.line else { continue }
            let title = index < results.count ? outcome(of: results[index]) : "▶ Run \(expectation.id)"
            lenses.append(
                lens(line: line - 1, title: title, arguments: [document.uri, expectation.id]))
        }
        for problem in file.problems {
            lenses.append(
                lens(
                    line: max(0, problem.location.line - 1),
                    title: "⚠ " + ValuePreview.truncated(problem.message, to: maximumTitle), arguments: [document.uri]))
        }
        return lenses
    }

    /// Checks `expectations` in order against the document's space, each under `limits`, until
    /// its deadline passes or it is cancelled.
    static func run(
        _ expectations: [Expectation], analysis: DocumentAnalysis, limits: EvaluationLimits
    ) -> [ExpectationResult] {
        let checker = ExpectationChecker(
            environment: analysis.environment, timeLimit: analysis.limits.answerSeconds,
            isCancelled: { limits.isCancelled() || limits.deadline?.hasPassed == true })
        var results: [ExpectationResult] = []
        for expectation in expectations {
            guard !limits.isCancelled(), limits.deadline?.hasPassed != true else { break }
            results.append(checker.check(expectation))
        }
        return results
    }

    /// `workspace/executeCommand` of ``runCommand``: the outcomes (`{passed, failed, watched, notRun,
    /// failures: [{id, line, reason}]}`) and the message that sums them up.
    static func runChecks(
        of document: TextDocument, id: String?, analysis: DocumentAnalysis, limits: EvaluationLimits
    ) -> (JSONValue, ShowMessageParams) {
        let file = ExpectationFile(parsing: document.text, path: analysis.name)
        let chosen = file.expectations.filter { id == nil || $0.id == id }
        let results = run(chosen, analysis: analysis, limits: limits)
        let failures = results.filter { $0.status == .failed }
        let value = JSONValue.object([
            "passed": .int(results.count { $0.status == .passed }),
            "failed": .int(failures.count),
            "watched": .int(results.count { $0.status == .watched }),
            "notRun": .int(chosen.count - results.count),
            "failures": .array(
                failures.map { result in
                    .object([
                        "id": .string(result.expectation.id),
                        "line": result.expectation.location.map { .int($0.line) },
                        "reason": .string(result.reason ?? "failed"),
                    ])
                }),
        ])
        var message = summary(of: results, total: chosen.count).replacingOccurrences(of: "▶ Run ", with: "Ran ")
        if let failure = failures.first {
            message += " — \(failure.expectation.id): " + (failure.reason ?? "failed")
        }
        return (value, ShowMessageParams(type: failures.isEmpty ? 3 : 1, message: message))
    }

    /// `▶ Run 24 checks: 23 passed, 1 failed` (and how many were not reached).
    static func summary(of results: [ExpectationResult], total: Int) -> String {
        var parts: [String] = []
        let passed = results.count { $0.status == .passed }
        let failed = results.count { $0.status == .failed }
        let watched = results.count { $0.status == .watched }
        parts.append("\(passed) passed")
        parts.append("\(failed) failed")
        if watched > 0 { parts.append("\(watched) watched") }
        if results.count < total { parts.append("\(total - results.count) not run (time)") }
        return "▶ Run \(total) check\(total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
    }

    /// One case's lens title: `✓ passed`, `✗ failed: reason`, `◦ watched: value`.
    static func outcome(of result: ExpectationResult) -> String {
        switch result.status {
        case .passed: return "✓ passed"
        case .failed: return "✗ failed: " + ValuePreview.truncated(result.reason ?? "", to: maximumTitle)
        case .watched: return "◦ watched: " + result.actual.displayText(limit: maximumTitle).text
        }
    }

    private static func lens(line: Int, title: String, arguments: [String]) -> CodeLens {
        let position = LSPPosition(line: line, character: 0)
        return CodeLens(
            range: LSPRange(start: position, end: position),
            command: Command(title: title, command: runCommand, arguments: arguments.map(JSONValue.string)))
    }
}

extension CodeLensRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> [CodeLens]? {
        CodeLensHandler.lenses(for: context.document, analysis: context.analysis, limits: context.limits)
    }
}
