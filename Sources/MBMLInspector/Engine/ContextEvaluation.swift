import Foundation
import MBMLEngine

/// One evaluation of the editor's text in the four contexts, on the calling thread, as cheap as the
/// language allows (the ContextsAndCoercions article of MBMLEngine), rows first:
///
/// 1. **Rows.** Each context is evaluated without a trace, and the contexts share their work:
///    - the string context is the object context's result as text: it reuses that result (a large
///      collection is evaluated once and rendered only as far as a row shows);
///    - a reference, call or math expression that reads alike in two grammars is evaluated once
///      (``SharedTokenValues``): `x $slow` evaluates `$slow` once for its object, number and
///      boolean rows, and a text of one such value (`^count(…)`) is evaluated once in all;
///    - the contexts read each dynamic variable once between them, and take those the tree has, or
///      is computing, from it (and give it those they compute first: ``DynamicValueStore``).
///
///    Each row is handed to the reporter as soon as it is ready, object first, then all four with
///    the log lines (``EvaluationOutcome/isComplete``, no traces yet).
/// 2. **Traces** of what each token produced, and the hints drawn from them, only then: the
///    outcome returned repeats the rows with them. A text of one value is traced once (the other
///    contexts' traces are its coercions).
struct ContextEvaluation {
    let prepared: PreparedExpression
    let generation: Int
    let environment: Environment
    let isCancelled: @Sendable () -> Bool
    /// The `--timeout` of the four contexts together.
    let deadline: Deadline?
    /// The dynamic values of the space on show computed, or being computed, by the tree and other
    /// evaluations (nil: none).
    var dynamicValues: (any DynamicValueExchange)? = nil

    /// How much interpolated text a result row keeps. Rows show one line; a longer interpolation (a
    /// whole collection turned into text while an expression is half typed) ends with "…".
    static let displayTextLimit = 4096

    /// Runs it; `report` gets the rows as they are ready (``EvaluationOutcome/isComplete`` false),
    /// then the complete rows and log lines, before the traces are made.
    /// - Returns: the whole outcome with its traces and hints, or nil when cancelled (its answer is
    ///   no longer wanted).
    func run(reporting report: (EvaluationOutcome) -> Void) -> EvaluationOutcome? {
        guard !isCancelled() else { return nil }
        // The contexts read each dynamic variable once between them.
        let sharing = SharedDynamicValues(for: environment.variables, exchange: dynamicValues)
        guard var outcome = rows(sharing: sharing, reporting: report) else { return nil }
        report(outcome)
        guard let (traces, hints) = traces(of: outcome, sharing: sharing) else { return nil }
        outcome.traces = traces
        outcome.hints = hints
        return outcome
    }

    /// A job of this evaluation: its deadline and memory budget, stopped by a newer text or Esc.
    private func job(sharing: SharedDynamicValues) -> Evaluation {
        Evaluation(
            limits: EvaluationLimits(
                deadline: deadline, maximumBytes: environment.options.maximumEvaluationBytes,
                isCancelled: isCancelled),
            sharing: sharing)
    }

    // MARK: Rows

    /// Log lines, grouped by the contexts that logged the same ones.
    private struct LogGroups {
        var groups: [(contexts: [ExpressionContext], lines: [String])] = []

        mutating func add(_ lines: [String], for context: ExpressionContext) {
            if let last = groups.last, last.lines == lines {
                groups[groups.count - 1].contexts.append(context)
            } else {
                groups.append(([context], lines))
            }
        }

        /// `context` gives what `source` gave (the same evaluation): it joins its group.
        mutating func share(_ context: ExpressionContext, with source: ExpressionContext) {
            if let last = groups.last, last.contexts.contains(source) {
                groups[groups.count - 1].contexts.append(context)
            }
        }

        /// Contexts that logged the same lines share them: `[object, string] hello`.
        var lines: [String] {
            groups.flatMap { group in
                group.lines.map { "[\(group.contexts.map(\.rawValue).joined(separator: ", "))] \($0)" }
            }
        }
    }

    /// The four rows, untraced, each reported as it is ready.
    private func rows(
        sharing: SharedDynamicValues, reporting report: (EvaluationOutcome) -> Void
    ) -> EvaluationOutcome? {
        let text = prepared.text
        let tokenValues = SharedTokenValues()
        var results: [ExpressionContext: ContextResult] = [:]
        var logs = LogGroups()
        var reported = 0
        func reportNew() {
            guard results.count > reported else { return }
            reported = results.count
            var partial = EvaluationOutcome(text: text, generation: generation, results: results)
            partial.isComplete = false
            report(partial)
        }
        for context in ExpressionContext.allCases {
            if isCancelled() { return nil }
            // Past the time budget (`--timeout`) the contexts left are not evaluated.
            if let deadline, deadline.hasPassed {
                results[context] = .error(deadline.expressionError(expression: text))
                continue
            }
            if prepared.parseError(in: context) != nil { continue }
            // The string row is the object result itself (rows render it as text).
            if context == .string, let object = results[.object] {
                results[.string] = object
                logs.share(.string, with: .object)
                continue
            }
            // A row that needs an evaluation of its own: show the rows ready before it starts.
            reportNew()
            environment.log.clear()
            // Object results whose interpolated text would pass ``displayTextLimit`` are cut there,
            // so that a keystroke never renders megabytes of text.
            do {
                let (value, isTruncated) = try environment.evaluate(
                    prepared, in: context, textLimit: Self.displayTextLimit, within: job(sharing: sharing),
                    sharing: tokenValues)
                results[context] = row(value, isTruncated: isTruncated, in: context)
            } catch {
                results[context] = .error(rowError(error))
            }
            logs.add(environment.log.lines, for: context)
        }
        environment.log.clear()
        if isCancelled() { return nil }
        return EvaluationOutcome(text: text, generation: generation, results: results, logLines: logs.lines)
    }

    /// A value as `context`'s row: text cut at ``displayTextLimit`` ends with "…"; no value is
    /// false in the boolean context.
    private func row(_ value: Value?, isTruncated: Bool, in context: ExpressionContext) -> ContextResult {
        guard let value else { return context == .boolean ? .value(.boolean(false)) : .noValue }
        if isTruncated, case .string(let prefix) = value { return .value(.string(prefix + "…")) }
        return .value(value)
    }

    /// An evaluation's error as a row: past the `--timeout`, the time budget's error.
    private func rowError(_ error: any Error) -> ExpressionError {
        if let deadline, deadline.hasPassed { return deadline.expressionError(expression: prepared.text) }
        return ExpressionError(error, expression: prepared.text)
    }

    // MARK: Traces

    /// What each token produced in each context the rows evaluated, and the hints drawn from that;
    /// nil when cancelled. None once the `--timeout` has passed.
    private func traces(
        of rows: EvaluationOutcome, sharing: SharedDynamicValues
    ) -> ([ExpressionContext: ExpressionTrace], [ExpressionContext: [Hint]])? {
        var traces: [ExpressionContext: ExpressionTrace] = [:]
        var hints: [ExpressionContext: [Hint]] = [:]
        let readsOneValue = prepared.readsOneValueInEveryContext
        for context in [ExpressionContext.object, .number, .boolean] {
            if isCancelled() { return nil }
            guard rows.results[context] != nil, prepared.parseError(in: context) == nil,
                deadline?.hasPassed != true
            else { continue }
            if readsOneValue, let object = traces[.object] {
                traces[context] = object.coerced(to: context)
                continue
            }
            traces[context] = environment.trace(
                prepared, context: context, textLimit: Self.displayTextLimit, within: job(sharing: sharing))
        }
        // The tracing evaluated again: what it logged was logged by the rows already.
        environment.log.clear()
        if isCancelled() { return nil }
        if deadline?.hasPassed == true { return ([:], [:]) }
        for (context, trace) in traces {
            if isCancelled() { return nil }
            hints[context] = environment.hints(for: prepared, context: context, trace: trace)
        }
        // The string context shares the object context's trace, and so its hints.
        if rows.results[.string] != nil, let object = traces[.object] {
            traces[.string] = object
            hints[.string] = hints[.object]
        }
        return (traces, hints)
    }
}
