import ArgumentParser
import MBMLEngine

/// `mbml tokens`: prints the token tree an expression parses into.
struct TokensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Print the token tree of an expression.",
        discussion: """
            One token a line as ^tokenize logs it: class name, source text and {location, length} in \
            UTF-16 code units relative to the enclosing construct; children follow, tab-indented.
            """
    )

    @OptionGroup var engine: EngineOptions

    @OptionGroup var budget: BudgetOptions

    @Option(name: .long, help: "The grammar to parse with, by context: object, string, number or boolean.")
    var context: ExpressionContext = .object

    @Argument(help: "The expression to parse.")
    var expression: String

    func run() throws {
        let environment = try engine.makeEnvironment(budget: budget, project: engine.session.projectFile())
        do {
            let tokens = try environment.parse(expression, in: context)
            for line in TokenTreeFormatter.lines(for: tokens) {
                // Keep the indenting tabs; filter the token text after them.
                let indent = line.prefix { $0 == "\t" }
                StandardStream.report.writeLine(
                    indent + TerminalSafeText.escaping(String(line.dropFirst(indent.count))))
            }
        } catch {
            StandardStream.error.writeLine("error: " + TerminalSafeText.escaping(ResultFormatter.message(of: error)))
            let range = (error as? ExpressionError)?.range
            ErrorCaret.lines(expression: expression, range: range).forEach(StandardStream.error.writeLine)
            throw ExitCode.failure
        }
    }
}
