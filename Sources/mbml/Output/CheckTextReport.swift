import Foundation
import MBMLEngine

/// The text report of `mbml check`: each failure, watch, unreadable line and (with `--compare`)
/// difference, then the totals, ending with the line `N passed, M failed`.
struct CheckTextReport {
    let run: CheckRun

    /// Longest value text printed in full; longer ones are cut (the diff shows the differences).
    static let valueLimit = 2_000

    var text: String {
        var lines: [String] = []
        for file in run.files {
            for problem in file.problems { lines.append("MALFORMED " + problem.description) }
            for result in file.results {
                switch result.status {
                case .passed: continue
                case .failed: lines += failure(result)
                case .watched: lines += watch(result)
                }
            }
        }
        for difference in run.differences { lines += Self.lines(of: difference) }
        if !lines.isEmpty { lines.append("") }
        if run.watchedCount > 0 { lines.append("\(run.watchedCount) watched") }
        if !run.problems.isEmpty {
            lines.append("\(run.problems.count) malformed or unreadable (see MALFORMED above)")
        }
        if run.compared { lines.append("\(run.differences.count) differ between the two environments") }
        lines.append("\(run.passedCount) passed, \(run.failedCount) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    private func failure(_ result: ExpectationResult) -> [String] {
        let expectation = result.expectation
        var lines = ["FAIL \(expectation.id)" + Self.place(expectation)]
        lines.append(
            "  expression (\(expectation.context.rawValue)): " + TerminalSafeText.escaping(expectation.expression))
        lines.append("  expected: " + Self.expectedText(expectation))
        lines.append("  actual:   " + Self.cut(result.actual))
        if !result.diff.isEmpty {
            lines.append("  diff:")
            lines += result.diff.map { "    " + $0 }
        } else if let reason = result.reason, case .value = expectation.expected, expectation.match != .exact {
            lines.append("  why:      " + reason)
        }
        return lines
    }

    private func watch(_ result: ExpectationResult) -> [String] {
        let expectation = result.expectation
        return [
            "WATCH \(expectation.id)" + Self.place(expectation),
            "  expression (\(expectation.context.rawValue)): " + TerminalSafeText.escaping(expectation.expression),
            "  value:    " + Self.cut(result.actual),
        ]
    }

    private static func lines(of difference: CheckRun.Difference) -> [String] {
        let expectation = difference.expectation
        var lines = [
            "DIFFER \(expectation.id)" + place(expectation),
            "  expression (\(expectation.context.rawValue)): " + TerminalSafeText.escaping(expectation.expression),
            "  first:    " + cut(difference.first),
            "  second:   " + cut(difference.second),
        ]
        if !difference.diff.isEmpty {
            lines.append("  diff:")
            lines += difference.diff.map { "    " + $0 }
        }
        return lines
    }

    /// What an expectation wants, in words a report reader understands.
    static func expectedText(_ expectation: Expectation) -> String {
        switch (expectation.expected, expectation.match) {
        case (.error, _): return "an error"
        case (_, .nonempty): return "a non-empty value"
        case (.value(let value), .type): return EncodedKind(of: value).withArticle + " (compare: type)"
        case (.value(let value), .exact): return cut(.value(value))
        case (.value(let value), let match): return cut(.value(value)) + " (compare: \(match.rawValue))"
        case (.watch, _): return "nothing (a watch)"
        }
    }

    private static func place(_ expectation: Expectation) -> String {
        expectation.location.map { "  (\($0))" } ?? ""
    }

    /// The outcome's text up to ``valueLimit`` characters, written no further than that (a value
    /// huge as text is never encoded whole).
    static func cut(_ outcome: ObservedOutcome) -> String {
        let (text, isTruncated) = outcome.displayText(limit: valueLimit)
        return isTruncated ? text + "… (cut at \(valueLimit) characters)" : text
    }
}
