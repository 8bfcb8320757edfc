import ArgumentParser
import MBMLEngine

/// `mbml vars`: the variable space as an indented tree with types.
struct VarsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vars",
        abstract: "Print the variable space as a tree with types.",
        discussion: """
            Every variable the manifests and data files declare, plus $Environment and $Platform, sorted \
            by name. Dynamic variables are evaluated on display; their expression is shown beside them.
            """
    )

    @OptionGroup var engine: EngineOptions

    @OptionGroup var budget: BudgetOptions

    @Option(name: .long, help: "Show at most this many levels below each variable.")
    var depth: Int?

    @Argument(help: "Only these variables (names without $).")
    var names: [String] = []

    func validate() throws {
        if let depth = depth, depth < 0 { throw ValidationError("--depth must be 0 or more.") }
    }

    func run() throws {
        let environment = try engine.makeEnvironment(budget: budget, project: engine.session.projectFile())
        let variables = environment.variables
        // The listing is one job: dynamic variables are evaluated in it, and every line is charged
        // to its memory budget.
        var formatter = VariableTreeFormatter(evaluation: budget.makeEvaluation(over: environment))
        if let depth = depth { formatter.maximumDepth = depth }
        let known = Set(variables.names)
        var missing = false
        for raw in names.isEmpty ? variables.names : names {
            let name = raw.hasPrefix("$") ? String(raw.dropFirst()) : raw
            guard known.contains(name) else {
                StandardStream.error.writeLine("error: no variable named $" + TerminalSafeText.escaping(name))
                missing = true
                continue
            }
            do {
                try environment.answer { try formatter.lines(forVariable: name, in: variables) }
                    .forEach(StandardStream.report.writeLine)
            } catch {
                StandardStream.error.writeLine(
                    "error: $" + TerminalSafeText.escaping(name) + ": "
                        + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
                throw ExitCode.failure
            }
        }
        if missing { throw ExitCode.failure }
    }
}
