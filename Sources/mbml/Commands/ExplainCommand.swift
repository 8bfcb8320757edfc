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
            explanation); 1 only for usage errors and an evaluation stopped by --timeout. --json \
            prints the same as one JSON document.
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
        let environment = try engine.makeEnvironment(budget: budget)
        let prepared = environment.prepare(expression, contexts: [context])
        if steps {
            let formatter = StepsFormatter(
                steps: try budgeted(in: environment) { environment.steps(prepared, context: context) })
            if json {
                StandardStream.output.writeLine(formatter.json())
            } else {
                StandardStream.report.write(formatter.text())
            }
            return
        }
        let trace = try budgeted(in: environment) { environment.trace(prepared, context: context) }
        let hints = environment.hints(for: prepared, context: context, trace: trace)
        let explanation = ExplanationFormatter(trace: trace, hints: hints)
        if json {
            StandardStream.output.writeLine(explanation.json())
        } else {
            StandardStream.report.write(explanation.text())
        }
    }

    /// Runs the evaluation under the time budget (`--timeout`); past it, says so and fails.
    private func budgeted<T>(in environment: Environment, _ body: () -> T) throws -> T {
        do {
            return try budget.evaluate(in: environment, body)
        } catch {
            StandardStream.error.writeLine("error: " + ResultFormatter.message(of: error))
            throw ExitCode.failure
        }
    }
}
