import Foundation
import MBMLEngine

/// The `--format json` report of `mbml check`: one JSON object with the totals, every result,
/// every malformed line and (with `--compare`) every difference. Values use the tagged encoding.
struct CheckJSONReport {
    let run: CheckRun

    /// The report, written under the job `evaluation` (charged to its budget: values that are huge
    /// as text end in the budget error, never encoded whole first).
    /// - Throws: the job's stop.
    func text(within evaluation: Evaluation) throws -> String {
        var report = JSONObject()
        report["passed"] = .integer(run.passedCount)
        report["failed"] = .integer(run.failedCount)
        report["watched"] = .integer(run.watchedCount)
        report["malformed"] = .integer(run.problems.count)
        if run.compared { report["differ"] = .integer(run.differences.count) }
        report["results"] = .array(run.results.map(Self.entry))
        report["problems"] = .array(
            run.problems.map { problem in
                [
                    "file": .string(problem.location.path), "line": .integer(problem.location.line),
                    "message": .string(problem.message),
                ]
            })
        if run.compared {
            report["differences"] = .array(
                run.differences.map { difference in
                    var entry = Self.identity(difference.expectation)
                    entry["first"] = Self.outcome(difference.first)
                    entry["second"] = Self.outcome(difference.second)
                    if !difference.diff.isEmpty { entry["diff"] = .array(difference.diff.map(Value.string)) }
                    return entry.value
                })
        }
        return try evaluation.json(of: report.value)
    }

    private static func entry(_ result: ExpectationResult) -> Value {
        var entry = identity(result.expectation)
        entry["status"] = .string(result.status.rawValue)
        switch result.expectation.expected {
        case .value(let value): entry["expect"] = value
        case .error: entry["expectError"] = .boolean(true)
        case .watch: break
        }
        if result.expectation.match != .exact { entry["compare"] = .string(result.expectation.match.rawValue) }
        entry["actual"] = outcome(result.actual)
        if let reason = result.reason { entry["reason"] = .string(reason) }
        if !result.diff.isEmpty { entry["diff"] = .array(result.diff.map(Value.string)) }
        entry["seconds"] = .double(result.duration)
        return entry.value
    }

    private static func identity(_ expectation: Expectation) -> JSONObject {
        var entry = JSONObject()
        entry["id"] = .string(expectation.id)
        if let location = expectation.location {
            entry["file"] = .string(location.path)
            entry["line"] = .integer(location.line)
        }
        entry["context"] = .string(expectation.context.rawValue)
        entry["expr"] = .string(expectation.expression)
        return entry
    }

    /// `{"value": V}` or `{"error": "message"}`.
    private static func outcome(_ outcome: ObservedOutcome) -> Value {
        switch outcome {
        case .value(let value): return ["value": value ?? .null]
        case .error(let message): return ["error": .string(message)]
        }
    }
}

/// Keys and values in insertion order, turned into a dictionary ``Value`` at the end.
private struct JSONObject {
    private var pairs: [(String, Value)] = []

    subscript(key: String) -> Value? {
        get { pairs.first { $0.0 == key }?.1 }
        set {
            pairs.removeAll { $0.0 == key }
            if let value = newValue { pairs.append((key, value)) }
        }
    }

    var value: Value {
        var dictionary: Value = [:]
        if case .dictionary(var entries) = dictionary {
            for (key, value) in pairs { entries[key] = value }
            dictionary = .dictionary(entries)
        }
        return dictionary
    }
}
