import ArgumentParser
import Foundation

/// The `mbml` command: a front end to the MBML engine.
@main
struct MBMLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mbml",
        abstract: "Evaluate, inspect and measure Mockingbird (MBML) expressions.",
        discussion: """
            Expressions run against a variable space built from MBML manifests (--manifest) and JSON data \
            files (--data NAME=FILE.json). Run `mbml help <command>` for the options of each command.
            """,
        version: MBMLVersion.description,
        subcommands: MBMLCommand.commands,
        defaultSubcommand: MBMLCommand.defaultCommand
    )

    /// Every subcommand, in the order `mbml --help` lists them. Add new commands here.
    static let commands: [ParsableCommand.Type] = [
        InspectCommand.self,
        EvalCommand.self,
        RenderCommand.self,
        ExplainCommand.self,
        TokensCommand.self,
        VarsCommand.self,
        FunctionsCommand.self,
        BenchCommand.self,
        CheckCommand.self,
        TutorialCommand.self,
        LSPCommand.self,
        VersionCommand.self,
    ]

    /// The command that runs when `mbml` is given no command name (`mbml`, `mbml MANIFEST`).
    static let defaultCommand: ParsableCommand.Type? = InspectCommand.self

    static func main() {
        // A closed pipe must give a write error, not a SIGPIPE death.
        signal(SIGPIPE, SIG_IGN)
        do {
            // Options of the command written after `--compare` are the command's, not the second space's.
            let arguments = CompareArguments.reorder(Array(CommandLine.arguments.dropFirst()))
            if let eval = EvalFastPath.command(for: arguments) {
                try eval.evaluate()
                return
            }
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(reporting: error)
        }
    }

    /// Prints what ArgumentParser has to say about `error` — help, a version, a usage error quoting
    /// the arguments — through ``StandardStream`` (so an argument holding control characters is shown
    /// escaped), and exits with its status.
    private static func exit(reporting error: Error) -> Never {
        var status = exitCode(for: error)
        // `explain` promises status 1 for a usage error (its failures are explanations, 0).
        if CommandLine.arguments.dropFirst().first == ExplainCommand.configuration.commandName,
            status == .validationFailure
        {
            status = .failure
        }
        let message = fullMessage(for: error)
        if !message.isEmpty {
            (status == .success ? StandardStream.report : StandardStream.error).writeLine(message)
        }
        Foundation.exit(status.rawValue)
    }
}
