/// Options anywhere on the line with `--compare`: `--compare` takes the rest of the command line as
/// the second space's options, so an option of the command itself written after it (`mbml a.xml
/// --compare b.xml --theme light`, `mbml check t.jsonl --compare --manifest b.xml --format json`)
/// is moved before `--compare` before the line is parsed. The second space keeps its own options:
/// its manifest, `--manifest`, `--data`, `--env`, `--no-env`, `--allow-file-writes`,
/// `--allow-file-reads`.
enum CompareArguments {
    /// The second space's options that take a value.
    static let spaceOptionsWithValue: Set<String> = ["--manifest", "--data", "--allow-file-reads"]
    /// The second space's flags.
    static let spaceFlags: Set<String> = ["--env", "--no-env", "--allow-file-writes"]
    /// The commands' own flags (options without a value) that may follow `--compare`.
    static let commandFlags: Set<String> = ["--no-lessons", "--log", "--raw", "--help", "-h", "--jsonl"]

    /// `arguments` (without the program name) with the command's own options after `--compare`
    /// moved before it.
    static func reorder(_ arguments: [String]) -> [String] {
        guard let compare = arguments.firstIndex(of: "--compare") else { return arguments }
        let command = arguments.first
        // `mbml check` builds its second space from options only; `mbml inspect` (the default
        // command) takes the second manifest as the first word after `--compare`.
        let takesManifest = command != "check"
        var space: [String] = []
        var own: [String] = []
        var hasManifest = false
        var index = compare + 1
        while index < arguments.count {
            let word = arguments[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if word == "--" {
                space += arguments[index...]
                break
            }
            if spaceOptionsWithValue.contains(name) {
                space.append(word)
                if !word.contains("="), index + 1 < arguments.count {
                    space.append(arguments[index + 1])
                    index += 1
                }
            } else if spaceFlags.contains(word) {
                space.append(word)
            } else if word.hasPrefix("-"), word.count > 1 {
                own.append(word)
                if !word.contains("="), !commandFlags.contains(word), index + 1 < arguments.count,
                    !arguments[index + 1].hasPrefix("-") || Double(arguments[index + 1]) != nil
                {
                    own.append(arguments[index + 1])
                    index += 1
                }
            } else if takesManifest, !hasManifest {
                space.append(word)
                hasManifest = true
            } else {
                own.append(word)
            }
            index += 1
        }
        return Array(arguments[..<compare]) + own + ["--compare"] + space
    }
}
