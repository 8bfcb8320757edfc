import ArgumentParser
import Foundation
import MBMLEngine

/// `mbml eval`: evaluates one expression, or serves the `--jsonl` batch protocol.
///
/// These are `eval`'s options as ArgumentParser reads them (for help, completions and errors);
/// the run is ``EvalSettings``'. A line ``EvalFastPath`` can read does not come here.
struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
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
    var context: ContextChoice = EvalCommand.defaultContext

    @Flag(name: .long, help: "Serve the JSON Lines batch protocol on standard input and output.")
    var jsonl = false

    @Argument(help: "The expression to evaluate.")
    var expression: String?

    /// The context when `--context` is not given.
    static let defaultContext = ContextChoice.object

    func validate() throws {
        try checkCombination()
    }

    func run() throws {
        try evaluate()
    }
}

extension EvalCommand: EvalSettings {}
