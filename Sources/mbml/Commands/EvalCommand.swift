import ArgumentParser
import Foundation
import MBMLEngine

/// `mbml eval`: evaluates one expression, or serves the `--jsonl` batch protocol.
struct EvalCommand: ParsableCommand {
    /// `mbml` is named the super-command so that ``EvalFastPath``, which parses `eval`'s words
    /// with this command as the root, skips ArgumentParser's check for a completion-script request
    /// (a parse of two more commands, a sixth of `mbml eval 1`'s time). Only a root's super-command
    /// name is read: under ``MBMLCommand`` this changes nothing.
    static let configuration = CommandConfiguration(
        commandName: "eval",
        _superCommandName: "mbml",
        abstract: "Evaluate an expression and print the result.",
        discussion: """
            Object and number results print in the JSON value encoding ({"$set": [...]}, {"$date": "..."}, \
            {"$data": "..."} for what JSON cannot say); string results print as plain text; boolean results \
            as true or false. JSON piped on standard input is $data when the expression reads $data \
            (`curl -s URL | mbml eval '$data.items.count'`; JSON Lines: an array of the records); \
            --data NAME=- reads it into another name. On an error the message and a caret under the failing part go to standard \
            error and the exit status is 1.

            With --jsonl, reads one JSON request a line from standard input, e.g.
              {"id": "1", "context": "number", "expr": "#(2 + 3)", "vars": {"x": [1, "a"]}}
            and answers each with one line: {"id": "1", "value": 5} or {"id": "1", "error": "message"}.
            "vars" are set for that request only. End of input ends the process with status 0.

            Each evaluation (with --jsonl: each request) stops with an error after --timeout seconds; \
            ^repeat, ^repeatBool and ^distributeArrayElements refuse counts above 1000000; ^fileContents \
            and ^fileData read only regular files up to --max-file-size bytes.
            """
    )

    @OptionGroup var engine: EngineOptions

    @OptionGroup var budget: BudgetOptions

    @OptionGroup var result: ResultOutputOptions

    @Option(name: .long, help: "The evaluation context: object, string, number, boolean or all.")
    var context: ContextChoice = .object

    @Flag(name: .long, help: "Serve the JSON Lines batch protocol on standard input and output.")
    var jsonl = false

    @Argument(help: "The expression to evaluate.")
    var expression: String?

    func validate() throws {
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

    func run() throws {
        // JSON piped in is `$data` when the expression reads it (as piped JSON opens in the inspector).
        // Nothing piped: the expression is not parsed for it (parsing it builds a function table).
        let pipedData =
            StandardInputJSON.isPiped
                && expression.map { StandardInputJSON.expression($0, reads: StandardInputJSON.defaultName) } == true
            ? StandardInputJSON.defaultName : nil
        let environment = try engine.makeEnvironment(
            budget: budget, pipedData: pipedData, project: engine.session.projectFile())
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
