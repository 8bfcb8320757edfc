import Foundation
import MBMLEngine

/// Runs conformance cases in process, the way the reference runner drives `mbml eval --jsonl`: one
/// environment loaded from the fixture manifest for all cases, each case's `vars` bound for that case
/// only, the result written in the tagged JSON encoding and read back as JSON before it is judged
/// (so a value that does not survive the encoding fails here as it fails there), and in the boolean
/// context the result's truth value.
public struct ConformanceRunner {
    /// The environment the cases run in.
    public let environment: Environment

    /// Loads `manifest` into a new environment with default options (no file writes), as
    /// `mbml eval --jsonl --manifest FILE` does.
    /// - Throws: the loader's ``ManifestError``, or ``ConformanceRunnerError`` when the manifest loads
    ///   with diagnostics (the fixture must load cleanly).
    public init(manifest: URL) throws {
        let result = try ManifestLoader().load(manifestAt: manifest)
        guard result.diagnostics.isEmpty else {
            throw ConformanceRunnerError(message: result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        environment = result.environment
    }

    /// The engine's answer to `testCase`.
    public func answer(_ testCase: ConformanceCase) -> ConformanceJudge.Answer {
        let fields: OrderedFields
        do {
            guard case .dictionary(let dictionary) = try JSONCodec.decodeTagged(testCase.requestLine) else {
                return .error("A request must be a JSON object")
            }
            fields = OrderedFields(dictionary.map { ($0.key, $0.value) })
        } catch {
            return .error("Invalid JSON request: \(error)")
        }
        guard let context = ExpressionContext(rawValue: testCase.context) else {
            return .error("Unknown context \"\(testCase.context)\"")
        }
        guard case .string(let expression)? = fields["expr"] else {
            return .error("The request has no \"expr\" string")
        }
        let bindings: [(String, Value?)]
        switch fields["vars"] {
        case nil, .null?: bindings = []
        case .dictionary(let entries)?: bindings = entries.map { ($0.key, $0.value) }
        default: return .error("\"vars\" must be a JSON object")
        }
        do {
            let value = try environment.evaluate(expression, in: context, binding: bindings)
            return .value(try LooseJSON.parse(JSONCodec.encode(value)))
        } catch let error as LooseJSONError {
            return .error("unparseable response: \(error)")
        } catch {
            return .error(Environment.logText(for: error))
        }
    }

    /// Runs every case in order and judges each.
    public func run(_ cases: [ConformanceCase]) -> ConformanceReport {
        ConformanceReport(results: cases.map { ($0, ConformanceJudge.verdict($0, answer($0))) })
    }
}

/// Key-value pairs of a decoded request, looked up by key.
private struct OrderedFields {
    let pairs: [(String, Value)]
    init(_ pairs: [(String, Value)]) { self.pairs = pairs }
    subscript(key: String) -> Value? { pairs.first { $0.0 == key }?.1 }
}

/// The fixture manifest did not load cleanly.
public struct ConformanceRunnerError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "the conformance fixture did not load cleanly:\n\(message)" }
}

/// The outcome of a run: every case with nil (passed) or the reason it failed.
public struct ConformanceReport {
    public var results: [(testCase: ConformanceCase, failure: String?)]

    public var failures: [(testCase: ConformanceCase, failure: String)] {
        results.compactMap { result in result.failure.map { (result.testCase, $0) } }
    }

    public var passedCount: Int { results.count - failures.count }

    /// `conformance: 833 cases, 833 passed`.
    public var summary: String { "conformance: \(results.count) cases, \(passedCount) passed" }

    /// One line per group (`core 277/277`, ...) in first-seen order, then the value and error case counts.
    public var table: [String] {
        var order: [String] = []
        var counts: [String: (passed: Int, total: Int)] = [:]
        for (testCase, failure) in results {
            if counts[testCase.group] == nil { order.append(testCase.group) }
            let old = counts[testCase.group] ?? (0, 0)
            counts[testCase.group] = (old.passed + (failure == nil ? 1 : 0), old.total + 1)
        }
        var lines = order.map { group -> String in
            let count = counts[group] ?? (0, 0)
            return group.padding(toLength: 10, withPad: " ", startingAt: 0) + " \(count.passed)/\(count.total)"
        }
        for (kind, wantsError) in [("value", false), ("error", true)] {
            let subset = results.filter { $0.testCase.expectsError == wantsError }
            lines.append("\(kind) cases: \(subset.filter { $0.failure == nil }.count) of \(subset.count) pass")
        }
        return lines
    }

    /// `FAIL id [context] expr` and the reason, for each failure.
    public var failureLines: [String] {
        failures.map { "FAIL \($0.testCase.id) [\($0.testCase.context)] \($0.testCase.expression)\n     \($0.failure)" }
    }
}
