import Foundation
import MBMLEngine

/// One evaluation of the editor's text in the four contexts, on the calling thread, as cheap as the
/// language allows (the ContextsAndCoercions article of MBMLEngine):
///
/// - the string context is the object context's result as text: it reuses that result (a large
///   collection is evaluated once and rendered only as far as a row shows);
/// - when every context reads the text as one reference or call
///   (``PreparedExpression/readsOneValueInEveryContext``), the number and boolean contexts only
///   coerce the object context's value: the text is evaluated once;
/// - the contexts read each dynamic variable once between them, and not at all when the tree has
///   its value (`knownDynamicValues`).
///
/// Each row is handed to the reporter as soon as it is ready, object first, so that a slow text
/// shows its first rows early; the outcome returned adds the traces, hints and log lines.
struct ContextEvaluation {
    let prepared: PreparedExpression
    let generation: Int
    let environment: Environment
    let isCancelled: @Sendable () -> Bool
    /// The `--timeout` of the four contexts together.
    let deadline: Deadline?
    /// Values of dynamic variables the tree computed for this environment.
    var knownDynamicValues: [String: Value?] = [:]

    /// How much interpolated text a result row keeps. Rows show one line; a longer interpolation (a
    /// whole collection turned into text while an expression is half typed) ends with "…".
    static let displayTextLimit = 4096

    /// The variables `prepared` names in any context (the dynamic ones among them are worth waiting
    /// for while the tree computes them).
    static func variableNames(in prepared: PreparedExpression) -> Set<String> {
        var names: Set<String> = []
        var stack = ExpressionContext.allCases.flatMap { prepared.tokens(in: $0) }
        while let token = stack.popLast() {
            if case .variable(let name, _) = token.payload { names.insert(name) }
            stack += token.children
        }
        return names
    }

    /// Runs it; `report` gets partial outcomes (``EvaluationOutcome/isComplete`` false) with the rows
    /// ready so far.
    /// - Returns: the whole outcome, or nil when cancelled (its answer is no longer wanted).
    func run(reporting report: (EvaluationOutcome) -> Void) -> EvaluationOutcome? {
        guard !isCancelled() else { return nil }
        // The contexts read each dynamic variable once between them, starting from those the tree
        // already has.
        let sharing = SharedDynamicValues(for: environment.variables, reusing: knownDynamicValues)
        return evaluateEveryContext(sharing: sharing, reporting: report)
    }

    /// What the contexts evaluated so far gave.
    private struct Progress {
        var results: [ExpressionContext: ContextResult] = [:]
        var traces: [ExpressionContext: ExpressionTrace] = [:]
        /// Log lines, grouped by the contexts that logged the same ones.
        var logs: [(contexts: [ExpressionContext], lines: [String])] = []
        /// How many results the reporter has seen.
        var reported = 0

        mutating func log(_ lines: [String], for context: ExpressionContext) {
            if let last = logs.last, last.lines == lines {
                logs[logs.count - 1].contexts.append(context)
            } else {
                logs.append(([context], lines))
            }
        }

        /// `context` gives what `source` gave (the same evaluation): its trace, and a place in its log group.
        mutating func share(_ context: ExpressionContext, with source: ExpressionContext, trace: ExpressionTrace?) {
            traces[context] = trace
            if let last = logs.last, last.contexts.contains(source) {
                logs[logs.count - 1].contexts.append(context)
            }
        }
    }

    private func evaluateEveryContext(
        sharing: SharedDynamicValues, reporting report: (EvaluationOutcome) -> Void
    ) -> EvaluationOutcome? {
        let text = prepared.text
        let sharesOneValue = prepared.readsOneValueInEveryContext
        var progress = Progress()
        func reportNew() {
            guard progress.results.count > progress.reported else { return }
            progress.reported = progress.results.count
            var partial = EvaluationOutcome(text: text, generation: generation, results: progress.results)
            partial.isComplete = false
            report(partial)
        }
        for context in ExpressionContext.allCases {
            if isCancelled() { return nil }
            // Past the time budget (`--timeout`) the contexts left are not evaluated.
            if let deadline, deadline.hasPassed {
                progress.results[context] = .error(deadline.expressionError(expression: text))
                continue
            }
            if prepared.parseError(in: context) != nil { continue }
            if context != .object, let object = progress.results[.object],
                context == .string || sharesOneValue
            {
                progress.results[context] = coerced(
                    object, trace: progress.traces[.object], to: context, progress: &progress)
                continue
            }
            // A row that needs an evaluation of its own: show the rows ready before it starts.
            reportNew()
            environment.log.clear()
            // One traced evaluation gives the row's value and what each token produced. Object
            // results whose interpolated text would pass ``displayTextLimit`` are cut there, so that
            // a keystroke never renders megabytes of text.
            let job = Evaluation(
                limits: EvaluationLimits(
                    deadline: deadline, maximumBytes: environment.options.maximumEvaluationBytes,
                    isCancelled: isCancelled),
                sharing: sharing)
            let trace = environment.trace(
                prepared, context: context, textLimit: Self.displayTextLimit, within: job)
            progress.traces[context] = trace
            progress.results[context] = result(of: trace, in: context)
            progress.log(environment.log.lines, for: context)
        }
        if isCancelled() { return nil }
        reportNew()
        var hints: [ExpressionContext: [Hint]] = [:]
        for context in [ExpressionContext.object, .number, .boolean] {
            guard let trace = progress.traces[context], deadline?.hasPassed != true else { continue }
            if isCancelled() { return nil }
            hints[context] = environment.hints(for: prepared, context: context, trace: trace)
        }
        // The string context shares the object context's trace, and so its hints.
        if progress.traces[.string] != nil { hints[.string] = hints[.object] }
        environment.log.clear()
        if isCancelled() { return nil }
        // Contexts that logged the same lines share them: `[object, string] hello`.
        let logLines = progress.logs.flatMap { group in
            group.lines.map { "[\(group.contexts.map(\.rawValue).joined(separator: ", "))] \($0)" }
        }
        var outcome = EvaluationOutcome(
            text: text, generation: generation, results: progress.results, logLines: logLines)
        outcome.traces = progress.traces
        outcome.hints = hints
        return outcome
    }

    /// `context`'s row from the object context's (the same evaluation): the string row is the object
    /// result itself (rows render it as text), the number and boolean rows its coercion.
    private func coerced(
        _ object: ContextResult, trace: ExpressionTrace?, to context: ExpressionContext, progress: inout Progress
    ) -> ContextResult {
        guard context != .string, let trace else {
            progress.share(context, with: .object, trace: trace)
            return object
        }
        let derived = trace.coerced(to: context)
        progress.share(context, with: .object, trace: derived)
        return result(of: derived, in: context)
    }

    /// A trace's result as a row.
    private func result(of trace: ExpressionTrace, in context: ExpressionContext) -> ContextResult {
        switch trace.result {
        case .value(let value?):
            if trace.isTruncated, case .string(let prefix) = value { return .value(.string(prefix + "…")) }
            return .value(value)
        case .value(nil), .notEvaluated:
            return context == .boolean ? .value(.boolean(false)) : .noValue
        case .error(let error):
            return .error(
                deadline.map { $0.hasPassed ? $0.expressionError(expression: trace.expression) : error } ?? error)
        }
    }
}
