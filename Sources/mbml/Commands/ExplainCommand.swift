import ArgumentParser
import Foundation
import MBMLEngine

/// `mbml explain`: evaluates an expression once and prints what every part produced, then the hints.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show what each part of an expression produced, and hints about likely mistakes.",
        discussion: """
            Prints the token tree of the context, one node a line: kind, source text, range (UTF-16 \
            {location, length}), and its value, its error, or why it was not evaluated. Parameters of \
            functions that evaluate them themselves (^filter, ^if, ^list, ...) are shown as parsed in the \
            context the function used, marked [boolean] etc. Then the result, and each hint as
              hint[CODE] col N: message (try: REPLACEMENT)
            Hint codes: \(HintCode.allCases.map(\.rawValue).joined(separator: ", ")).
            The exit status is 0 even when the expression fails (the failure is part of the \
            explanation, an evaluation stopped by --timeout or --max-memory too); 1 only for usage \
            errors. --json prints the same as one JSON document.
            With --steps, prints instead the evaluation's steps, numbered, in the order they \
            happened: each sub-expression with its value, each function call with its arguments, \
            each iteration of ^filter, ^list, ^sort, ... with its $item (and $key, ...), and each \
            call's result (at most \(ExpressionSteps.defaultLimit) events; a cut log says so).
            """
    )

    @OptionGroup var engine: EngineOptions
    @OptionGroup var budget: BudgetOptions

    @Option(name: .long, help: "The evaluation context: object, string, number or boolean.")
    var context: ExpressionContext = .object

    @Flag(name: .long, help: "Print one JSON document instead of text.")
    var json = false

    @Flag(name: .long, help: "Print the evaluation's steps in order instead of the token tree.")
    var steps = false

    @Argument(help: "The expression to explain.")
    var expression: String

    func run() throws {
        let environment = try engine.makeEnvironment(budget: budget, project: engine.session.projectFile())
        // One job: the traced evaluation and the explanation printed from it (--timeout, --max-memory).
        let evaluation = budget.makeEvaluation(over: environment)
        let prepared = environment.prepare(expression, contexts: [context])
        do {
            // Shown only when no data file changed while it was mapped.
            let text = try environment.answer {
                if steps {
                    let formatter = StepsFormatter(
                        steps: environment.steps(prepared, context: context, within: evaluation), evaluation: evaluation
                    )
                    if json { return try formatter.json() + "\n" }
                    return formatter.text()
                }
                let trace = environment.trace(prepared, context: context, within: evaluation)
                let hints = environment.hints(for: prepared, context: context, trace: trace)
                let explanation = ExplanationFormatter(trace: trace, hints: hints, evaluation: evaluation)
                if json { return try explanation.json() + "\n" }
                return try explanation.text()
            }
            (json ? StandardStream.output : StandardStream.report).write(text)
        } catch {
            StandardStream.error.writeLine("error: " + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
            throw ExitCode.failure
        }
    }
}
