import ArgumentParser
import Foundation
import MBMLEngine

/// What `mbml eval` was asked — the engine, budget and output options, the context, `--jsonl`
/// and the expression — and the run that answers it.
///
/// ``EvalCommand`` (ArgumentParser's parse) and ``EvalFastPath/Command`` (the fast path's) both
/// conform, so `mbml eval` runs the same code whichever parser read its line.
protocol EvalSettings {
    associatedtype Engine: EngineSettings
    associatedtype Budget: BudgetSettings
    associatedtype Output: ResultOutputSettings
    /// The manifests and the session's options.
    var engine: Engine { get }
    /// The time and memory budget.
    var budget: Budget { get }
    /// How a string result reaches standard output.
    var result: Output { get }
    /// `--context`.
    var context: ContextChoice { get }
    /// `--jsonl`.
    var jsonl: Bool { get }
    /// The expression (nil with `--jsonl`).
    var expression: String? { get }
}

extension EvalSettings {
    /// Throws the usage error of any value or combination ArgumentParser's validation refuses: the
    /// option groups' (which it checks first), then ``checkCombination()``.
    func checkValues() throws {
        try engine.checkValues()
        try engine.session.checkValues()
        try budget.checkValues()
        try checkCombination()
    }

    /// Throws the usage error of `eval`'s own options that cannot go together (its option groups
    /// check theirs).
    func checkCombination() throws {
        if jsonl, expression != nil {
            throw ValidationError("--jsonl reads expressions from standard input; give no EXPRESSION.")
        }
        if jsonl, engine.standardInputReaders > 0 {
            throw ValidationError(
                "--jsonl reads requests from standard input; no --manifest or --data may read it (-).")
        }
        if !jsonl, expression == nil {
            throw ValidationError("Missing expected argument '<expression>' (or use --jsonl).")
        }
    }

    /// Evaluates the expression (or serves `--jsonl`) and prints the answer.
    /// - Throws: `ExitCode.failure` after the error is reported on standard error.
    func evaluate() throws {
        // The manifest is read while the rest of the start is done.
        let prefetch = engine.prefetchFirstManifest()
        // JSON piped in is `$data` when the expression reads it (as piped JSON opens in the inspector).
        // Nothing piped: the expression is not parsed for it (parsing it builds a function table).
        let pipedData =
            StandardInputJSON.isPiped
                && expression.map { StandardInputJSON.expression($0, reads: StandardInputJSON.defaultName) } == true
            ? StandardInputJSON.defaultName : nil
        let environment = try engine.makeEnvironment(
            budget: budget, pipedData: pipedData, project: engine.session.projectFile(), prefetch: prefetch,
            endsAfterAnswering: !jsonl)
        // The process ends after this command: taking a large space apart value by value would
        // only delay the exit (the system frees it all at once), so it is deliberately kept.
        defer { _ = Unmanaged.passRetained(environment) }
        if jsonl {
            JSONLinesSession(environment: environment, timeout: budget.timeout, maximumBytes: budget.maxMemory).run()
            return
        }
        guard let expression = expression else { return }
        if context == .all {
            try evaluateInAllContexts(expression, environment: environment)
            return
        }
        let single = context.contexts[0]
        do {
            // One job: the evaluation and the text printed from its result; no answer read from a
            // data file truncated or written while mapped is shown.
            let text = try environment.answer {
                let evaluation = budget.makeEvaluation(over: environment)
                let value = try environment.evaluate(expression, in: single, within: evaluation)
                return try ResultFormatter.text(of: value, in: single, within: evaluation)
            }
            result.write(text + "\n")
        } catch {
            report(error, expression: expression)
            throw ExitCode.failure
        }
    }

    private func evaluateInAllContexts(_ expression: String, environment: Environment) throws {
        var failed = false
        // The contexts read each dynamic variable once between them, and each reference, call and
        // `#( )` their grammars parse alike, as the inspector's rows do.
        let sharing = SharedDynamicValues(for: environment.variables)
        let tokens = SharedTokenValues()
        let prepared = environment.prepare(expression)
        let lines: [String]
        do {
            // The four answers are shown only when no data file changed under any of them.
            lines = try environment.answer {
                ExpressionContext.allCases.map { context in
                    let label = context.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                    do {
                        let evaluation = budget.makeEvaluation(over: environment, sharing: sharing)
                        let value = try environment.evaluate(
                            prepared, in: context, within: evaluation, sharing: tokens
                        ).value
                        return label + " " + (try ResultFormatter.line(of: value, in: context, within: evaluation))
                    } catch {
                        failed = true
                        return label + " error: " + TerminalSafeText.escaping(ResultFormatter.message(of: error))
                    }
                }
            }
        } catch {
            report(error, expression: expression)
            throw ExitCode.failure
        }
        lines.forEach(StandardStream.report.writeLine)
        if failed { throw ExitCode.failure }
    }

    /// Prints the error, the expression line and a caret under the failing range to standard error.
    private func report(_ error: Error, expression: String) {
        StandardStream.error.writeLine("error: " + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
        let expressionError = error as? ExpressionError
        let failing =
            expressionError?.expression.isEmpty == false ? expressionError?.expression ?? expression : expression
        // Without a range, the expression as typed.
        ErrorCaret.lines(
            expression: expressionError?.range == nil ? expression : failing, range: expressionError?.range
        )
        .forEach(StandardStream.error.writeLine)
    }
}
