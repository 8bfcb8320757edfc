import MBMLEngine

/// `mbml eval …` read without ArgumentParser.
///
/// ArgumentParser learns a command's options by reflecting on its types at run time, and on Linux
/// each type it asks about is looked up in the runtime's conformance tables: that was about 4 ms,
/// 40%, of `mbml eval 1`. This reads `eval`'s own options (every one of them) into the same
/// settings (``Command`` is an ``EvalSettings`` like ``EvalCommand``), so the run is the same code.
///
/// It reads only what it can read exactly as ArgumentParser does and gives nil for everything
/// else — help and version requests, `-`-words it does not know, an option given twice that may be
/// given once, a value that starts with `-`, `help` as the expression, a value that does not
/// convert, `--name=` without a value, options that do not go together (``EvalSettings/checkValues()``). Then
/// ``MBMLCommand/main()`` parses the whole line with the full command tree, so every message,
/// help text and exit status is ArgumentParser's. `EvalFastPathTests` checks that both readings
/// agree on 1,500 generated lines that use every option `eval`'s help lists.
enum EvalFastPath {
    /// The `eval` settings `arguments` (without the program name) give, or nil when the full
    /// command tree must parse them.
    static func command(for arguments: [String]) -> Command? {
        guard arguments.first == EvalCommand.configuration.commandName else { return nil }
        var command = Command()
        var given: Set<String> = []
        var words = arguments.dropFirst()
        var onlyPositional = false
        while let word = words.popFirst() {
            if onlyPositional || !word.hasPrefix("-") {
                // `help` as the first positional is ArgumentParser's help request.
                guard command.expression == nil, onlyPositional || word != "help" else { return nil }
                command.expression = word
                continue
            }
            if word == "--" {
                onlyPositional = true
                continue
            }
            guard word.hasPrefix("--") else { return nil }
            let spelled = word.dropFirst(2)
            let name = spelled.prefix { $0 != "=" }
            // `--name=` with nothing after it: ArgumentParser takes the next word as the value.
            let inlineValue =
                spelled.index(name.endIndex, offsetBy: 1, limitedBy: spelled.endIndex).map { spelled[$0...] }
            if inlineValue?.isEmpty == true { return nil }
            if let flag = FlagName(rawValue: String(name)) {
                guard inlineValue == nil, given.insert(flag.once).inserted else { return nil }
                flag.set(in: &command)
            } else if let option = OptionName(rawValue: String(name)) {
                guard option.isRepeatable || given.insert(option.rawValue).inserted else { return nil }
                guard let value = inlineValue.map(String.init) ?? words.popFirst(),
                    inlineValue != nil || !value.hasPrefix("-"),
                    option.set(value, in: &command)
                else { return nil }
            } else {
                return nil
            }
        }
        guard (try? command.checkValues()) != nil else { return nil }
        return command
    }

    /// `eval`'s options that take a value, by their long names.
    private enum OptionName: String {
        case manifest, data, project, context, timeout
        case allowFileReads = "allow-file-reads"
        case maxFileSize = "max-file-size"
        case maxMemory = "max-memory"

        /// Whether the option collects every occurrence (an array option).
        var isRepeatable: Bool { self == .manifest || self == .data || self == .allowFileReads }

        /// Sets `value` as ArgumentParser converts it; false when it does not convert.
        func set(_ value: String, in command: inout Command) -> Bool {
            switch self {
            case .manifest: command.engine.manifest.append(value)
            case .data: command.engine.session.data.append(value)
            case .allowFileReads: command.engine.session.allowFileReads.append(value)
            case .project: command.engine.session.project = value
            case .context:
                guard let context = ContextChoice(rawValue: value) else { return false }
                command.context = context
            case .timeout:
                guard let seconds = Double(value) else { return false }
                command.budget.timeout = seconds
            case .maxFileSize:
                guard let bytes = Int(value) else { return false }
                command.budget.maxFileSize = bytes
            case .maxMemory:
                guard let bytes = Int(value) else { return false }
                command.budget.maxMemory = bytes
            }
            return true
        }
    }

    /// `eval`'s flags, by their long names.
    private enum FlagName: String {
        case env, jsonl, raw
        case noEnv = "no-env"
        case allowFileWrites = "allow-file-writes"
        case noProject = "no-project"

        /// The key under which the flag may be given once: `--env` and `--no-env` share one.
        var once: String { self == .noEnv ? FlagName.env.rawValue : rawValue }

        func set(in command: inout Command) {
            switch self {
            case .env: command.engine.session.env = true
            case .noEnv: command.engine.session.env = false
            case .jsonl: command.jsonl = true
            case .raw: command.result.raw = true
            case .allowFileWrites: command.engine.session.allowFileWrites = true
            case .noProject: command.engine.session.noProject = true
            }
        }
    }
}
