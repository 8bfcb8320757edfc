import ArgumentParser

/// `mbml eval …` parsed without the rest of the command tree.
///
/// Most of the start-up time of `mbml eval 1` went into ArgumentParser taking apart the types of
/// every command (`inspect`, the default command, above all) to find the one named. Parsing the
/// words after `eval` with ``EvalCommand`` as the root reads only its own options (and, as it names
/// a super-command, does not look for a completion-script request). Only a
/// successful parse to an ``EvalCommand`` is used: anything else (help, a usage error, a
/// completion-script request, `mbml eval help`) gives nil, and ``MBMLCommand/main()`` parses the
/// whole line with the full tree, so every message, help text and exit status is the full
/// parser's. `EvalFastPathTests` checks that both parse the same lines to the same command.
enum EvalFastPath {
    /// The `eval` command `arguments` (without the program name) parse to, or nil when the full
    /// command tree must parse them.
    static func command(for arguments: [String]) -> EvalCommand? {
        guard arguments.first == EvalCommand.configuration.commandName else { return nil }
        return (try? EvalCommand.parseAsRoot(Array(arguments.dropFirst()))) as? EvalCommand
    }
}
