import Foundation
import MBMLEngine

/// The `--format json` report of `mbml check`: one JSON object with the totals, every result,
/// every malformed line and (with `--compare`) every difference. Values use the tagged encoding.
///
/// Written by the engine's ``MBMLEngine/JSONTextEncoder`` (the one JSON writer of the CLI and the
/// language server); each value is written under the job's budget first and embedded as a
/// ``MBMLEngine/JSONFragment``.
struct CheckJSONReport {
    let run: CheckRun

    /// The report, written under the job `evaluation` (charged to its budget: values that are huge
    /// as text end in the budget error, never encoded whole first).
    /// - Throws: the job's stop.
    func text(within evaluation: Evaluation) throws -> String {
        let report = Report(
            passed: run.passedCount, failed: run.failedCount, watched: run.watchedCount,
            malformed: run.problems.count, differ: run.compared ? run.differences.count : nil,
            results: try run.results.map { try Entry($0, within: evaluation) },
            problems: run.problems.map {
                Problem(file: $0.location.path, line: $0.location.line, message: $0.message)
            },
            differences: run.compared
                ? try run.differences.map { try Difference($0, within: evaluation) } : nil)
        let text = try JSONTextEncoder().encode(report)
        try evaluation.charge(text.utf8.count)
        return text
    }

    /// The whole report; a nil member is left out.
    private struct Report: Encodable {
        let passed: Int
        let failed: Int
        let watched: Int
        let malformed: Int
        let differ: Int?
        let results: [Entry]
        let problems: [Problem]
        let differences: [Difference]?
    }

    /// Where an expectation is and what it evaluates: the members every entry starts with.
    private struct Identity: Encodable {
        let id: String
        let file: String?
        let line: Int?
        let context: String
        let expr: String

        init(_ expectation: Expectation) {
            id = expectation.id
            file = expectation.location?.path
            line = expectation.location?.line
            context = expectation.context.rawValue
            expr = expectation.expression
        }

        func encode(into container: inout KeyedEncodingContainer<EntryKey>) throws {
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(file, forKey: .file)
            try container.encodeIfPresent(line, forKey: .line)
            try container.encode(context, forKey: .context)
            try container.encode(expr, forKey: .expr)
        }
    }

    /// The keys of a result or a difference, in the order they are written.
    private enum EntryKey: String, CodingKey {
        case id, file, line, context, expr, status, expect, expectError, compare, actual, reason, diff, seconds
        case first, second
    }

    /// One result: its identity, status, expectation, what was observed and how long it took.
    private struct Entry: Encodable {
        let identity: Identity
        let status: String
        let expect: JSONFragment?
        let expectError: Bool?
        let compare: String?
        let actual: Outcome
        let reason: String?
        let diff: [String]
        let seconds: Double

        init(_ result: ExpectationResult, within evaluation: Evaluation) throws {
            identity = Identity(result.expectation)
            status = result.status.rawValue
            switch result.expectation.expected {
            case .value(let value):
                (expect, expectError) = (JSONFragment(try evaluation.json(of: value)), nil)
            case .error: (expect, expectError) = (nil, true)
            case .watch: (expect, expectError) = (nil, nil)
            }
            compare = result.expectation.match == .exact ? nil : result.expectation.match.rawValue
            actual = try Outcome(result.actual, within: evaluation)
            reason = result.reason
            diff = result.diff
            seconds = result.duration
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: EntryKey.self)
            try identity.encode(into: &container)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(expect, forKey: .expect)
            try container.encodeIfPresent(expectError, forKey: .expectError)
            try container.encodeIfPresent(compare, forKey: .compare)
            try container.encode(actual, forKey: .actual)
            try container.encodeIfPresent(reason, forKey: .reason)
            if !diff.isEmpty { try container.encode(diff, forKey: .diff) }
            try container.encode(seconds, forKey: .seconds)
        }
    }

    /// A case whose two environments (`--compare`) disagree.
    private struct Difference: Encodable {
        let identity: Identity
        let first: Outcome
        let second: Outcome
        let diff: [String]

        init(_ difference: CheckRun.Difference, within evaluation: Evaluation) throws {
            identity = Identity(difference.expectation)
            first = try Outcome(difference.first, within: evaluation)
            second = try Outcome(difference.second, within: evaluation)
            diff = difference.diff
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: EntryKey.self)
            try identity.encode(into: &container)
            try container.encode(first, forKey: .first)
            try container.encode(second, forKey: .second)
            if !diff.isEmpty { try container.encode(diff, forKey: .diff) }
        }
    }

    /// A malformed line of an expectation file.
    private struct Problem: Encodable {
        let file: String
        let line: Int
        let message: String
    }

    /// `{"value": V}` or `{"error": "message"}`.
    private struct Outcome: Encodable {
        let value: JSONFragment?
        let error: String?

        init(_ outcome: ObservedOutcome, within evaluation: Evaluation) throws {
            switch outcome {
            case .value(let value): (self.value, error) = (JSONFragment(try evaluation.json(of: value ?? .null)), nil)
            case .error(let message): (value, error) = (nil, message)
            }
        }
    }
}
