import Foundation

extension Environment {
    /// Evaluates `expression` in `context` with `bindings` set for this evaluation only, as one
    /// request of `mbml eval --jsonl` or one expectation is evaluated: in the boolean context the
    /// result is always a ``Value/boolean(_:)`` (no value is `false`).
    /// - Throws: ``ExpressionError`` for parse and evaluation errors.
    /// The job is `evaluation` (nil: a new one under this environment's limits).
    public func evaluate(
        _ expression: String, in context: ExpressionContext,
        binding bindings: [(String, Value?)], within evaluation: Evaluation? = nil
    ) throws -> Value? {
        let evaluation = evaluation ?? makeEvaluation()
        let value = try evaluation.withBindings(bindings) {
            try evaluate(expression, in: context, within: evaluation)
        }
        if context == .boolean { return .boolean(value?.isTruthy ?? false) }
        return value
    }
}

/// What an expression actually gave: a value ("no value" is `nil`) or an error message.
public enum ObservedOutcome: Sendable {
    case value(Value?)
    case error(String)

    /// True when `other` is the same outcome: two values that match under `match` (`type` and
    /// `nonempty` compare exactly), or two errors whatever their messages.
    public func agrees(with other: ObservedOutcome, match: Expectation.Match = .exact) -> Bool {
        switch (self, other) {
        case (.error, .error): return true
        case (.value(let a), .value(let b)):
            return ValueMatcher.matches(a, b, match: match == .set || match == .approx ? match : .exact)
        default: return false
        }
    }

    /// The outcome in the tagged JSON encoding (`error: message` for an error).
    public var displayText: String {
        switch self {
        case .value(let value): return JSONCodec.encode(value)
        case .error(let message): return "error: " + message
        }
    }

    /// ``displayText`` written under the job `evaluation` (charged to its budget).
    /// - Throws: the job's stop (``MemoryBudgetExceeded`` for a value too large as text).
    public func displayText(within evaluation: Evaluation) throws -> String {
        switch self {
        case .value(let value): return try evaluation.json(of: value)
        case .error(let message): return "error: " + message
        }
    }

    /// The first `limit` bytes or so of ``displayText`` (a preview), without making the rest, and
    /// whether it was cut.
    public func displayText(limit: Int) -> (text: String, isTruncated: Bool) {
        switch self {
        case .value(let value): return JSONCodec.encode(value, limit: limit)
        case .error(let message):
            let text = "error: " + message
            return text.utf8.count <= limit ? (text, false) : (String(text.prefix(limit)), true)
        }
    }
}

/// The result of checking one ``Expectation``.
public struct ExpectationResult: Sendable {
    public enum Status: String, Sendable {
        case passed, failed, watched
    }

    public var expectation: Expectation
    public var status: Status
    public var actual: ObservedOutcome
    /// Why the expectation failed, in one line (`expected 6, got 5`); nil unless it failed.
    public var reason: String?
    /// A line diff (strings) or path diff (structures) of expected against actual; empty when there
    /// is nothing more to say than ``reason``.
    public var diff: [String]
    /// How long the evaluation took, in seconds.
    public var duration: Double
}

/// Evaluates expectations against one environment.
///
/// Every expectation runs on its own: its `vars` are bound for its evaluation only, an error fails
/// that expectation and the next one runs. Expectations run in the order given, against the same
/// environment (as `mbml eval --jsonl` serves requests), so a function with side effects is seen by
/// later expectations.
public struct ExpectationChecker: Sendable {
    public let environment: Environment
    /// Longest an evaluation may run, in seconds (nil: no limit). Long loops (`^repeat`, `^filter`
    /// over huge collections, regular expressions) then stop with an error instead of hanging a run.
    public var timeLimit: Double?
    /// The host's stop check (the inspector's Esc), asked by every expectation's job.
    public var isCancelled: @Sendable () -> Bool

    public init(
        environment: Environment, timeLimit: Double? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.environment = environment
        self.timeLimit = timeLimit
        self.isCancelled = isCancelled
    }

    /// A new job for one expectation: the environment's memory budget, ``timeLimit`` from now.
    public func makeEvaluation() -> Evaluation {
        Evaluation(
            limits: EvaluationLimits(options: environment.options, seconds: timeLimit ?? 0, isCancelled: isCancelled))
    }

    /// Evaluates the expectation's expression with its variables bound, within ``timeLimit``.
    public func evaluate(_ expectation: Expectation) -> ObservedOutcome {
        do {
            let bindings = expectation.variables.map { ($0.name, Optional($0.value)) }
            let evaluation = makeEvaluation()
            let value = try evaluation.run {
                try environment.evaluate(
                    expectation.expression, in: expectation.context, binding: bindings, within: evaluation)
            }
            return .value(value)
        } catch {
            return .error(Environment.logText(for: error))
        }
    }

    /// Evaluates and judges one expectation. The evaluation and the comparison with the expected
    /// value share ``timeLimit``: comparing huge sets stops too.
    public func check(_ expectation: Expectation) -> ExpectationResult {
        let start = DispatchTime.now().uptimeNanoseconds
        let bindings = expectation.variables.map { ($0.name, Optional($0.value)) }
        var evaluated: Value?? = nil
        var result: ExpectationResult
        do {
            let evaluation = makeEvaluation()
            result = try evaluation.run {
                let value = try environment.evaluate(
                    expectation.expression, in: expectation.context, binding: bindings, within: evaluation)
                evaluated = .some(value)
                return try Self.judge(expectation, actual: .value(value), isCancelled: { evaluation.isStopped })
            }
        } catch {
            let message = Environment.logText(for: error)
            if let value = evaluated {
                result = ExpectationResult(
                    expectation: expectation, status: .failed, actual: .value(value),
                    reason: Self.stoppedComparison(error, message: message), diff: [], duration: 0)
            } else {
                result = Self.judge(expectation, actual: .error(message))
            }
        }
        result.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return result
    }

    /// Why an expectation whose result was not compared to the end failed.
    private static func stoppedComparison(_ error: Error, message: String) -> String {
        if let deadline = error as? DeadlineExceeded {
            return "the comparison with the expected value stopped: it ran longer than the time budget of "
                + DeadlineExceeded.budgetText(seconds: deadline.seconds)
        }
        return "the comparison with the expected value stopped: " + message
    }

    /// Judges an outcome against an expectation (no evaluation).
    public static func judge(
        _ expectation: Expectation, actual: ObservedOutcome,
        duration: Double = 0
    ) -> ExpectationResult {
        var result =
            (try? judge(expectation, actual: actual, isCancelled: { false }))
            ?? ExpectationResult(
                expectation: expectation, status: .failed, actual: actual, reason: "the comparison stopped",
                diff: [], duration: 0)
        result.duration = duration
        return result
    }

    /// Judges an outcome, asking `isCancelled` while comparing values.
    /// - Throws: ``ComparisonInterrupted`` once `isCancelled` returns true.
    static func judge(
        _ expectation: Expectation, actual: ObservedOutcome, isCancelled: @escaping () -> Bool
    ) throws -> ExpectationResult {
        var result = ExpectationResult(
            expectation: expectation, status: .passed, actual: actual, reason: nil,
            diff: [], duration: 0)
        if expectation.isWatch {
            result.status = .watched
            return result
        }
        let reason: String?
        switch (expectation.expected, actual) {
        case (.error, .error):
            reason = nil
        case (.error, .value(let value)):
            reason = "expected an error, got \(short(value))"
        case (_, .error(let message)):
            reason = "error: \(message)"
        case (.value(let expected), .value(let value)):
            reason = try mismatch(expected, value, match: expectation.match, isCancelled: isCancelled)
            if reason != nil, expectation.match != .type, expectation.match != .nonempty {
                result.diff = try ValueDiff.lines(
                    expected: expected, actual: value, match: expectation.match, isCancelled: isCancelled)
            }
        case (.watch, .value(let value)):
            reason = try mismatch(nil, value, match: expectation.match, isCancelled: isCancelled)
        }
        if let reason = reason {
            result.status = .failed
            result.reason = reason
        }
        return result
    }

    private static func mismatch(
        _ expected: Value?, _ actual: Value?, match: Expectation.Match, isCancelled: @escaping () -> Bool
    ) throws -> String? {
        if try ValueMatcher.matches(expected, actual, match: match, isCancelled: isCancelled) { return nil }
        let got = short(actual)
        switch match {
        case .type: return "expected \(EncodedKind(of: expected).withArticle), got \(got)"
        case .nonempty: return "expected a non-empty value, got \(got)"
        case .exact, .set, .approx: return "expected \(short(expected)), got \(got)"
        }
    }

    /// `text` cut to `limit` characters with `...`.
    static func short(_ text: String, limit: Int = 120) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 3)) + "..."
    }

    /// A value's JSON, cut at `limit` characters: written no further than that (a value huge as
    /// text is never encoded whole).
    static func short(_ value: Value?, limit: Int = 120) -> String {
        let (text, isTruncated) = JSONCodec.encode(value, limit: limit * 4)
        return isTruncated ? short(text + "...", limit: limit) : short(text, limit: limit)
    }
}
