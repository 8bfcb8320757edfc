/// The longest run of literal characters every match of a regular expression must contain, so
/// that a search can skip, with a byte scan, the candidates that cannot match before asking
/// `NSRegularExpression` (which costs far more per candidate on Linux).
///
/// Conservative: nil (no filter) for a pattern with a top-level `|`, inline options or quoting
/// (`(?`, `\Q`), or no run of at least two plain characters outside groups, classes and escapes;
/// a character made optional by `?`, `*` or `{` is not part of a run.
enum RegexLiteral {
    static func required(in pattern: String) -> String? {
        if pattern.contains("(?") || pattern.contains("\\Q") { return nil }
        let characters = Array(pattern)
        var runs: [String] = []
        var run = ""
        var depth = 0
        var index = 0
        func endRun() {
            if run.count >= 2 { runs.append(run) }
            run = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                endRun()
                index += 2
                continue
            case "[":
                endRun()
                // Skip the class: `]` right after `[` or `[^` is a member, escapes are skipped.
                index += 1
                if index < characters.count, characters[index] == "^" { index += 1 }
                if index < characters.count, characters[index] == "]" { index += 1 }
                while index < characters.count, characters[index] != "]" {
                    index += characters[index] == "\\" ? 2 : 1
                }
            case "(":
                endRun()
                depth += 1
            case ")":
                endRun()
                depth = max(depth - 1, 0)
            case "|":
                if depth == 0 { return nil }
                endRun()
            case "?", "*", "{":
                // The character before is optional (or repeated a number of times that may be 0).
                if !run.isEmpty { run.removeLast() }
                endRun()
            case "+", ".", "^", "$", "}", "]":
                endRun()
            default:
                if depth == 0 { run.append(character) } else { endRun() }
            }
            index += 1
        }
        endRun()
        return runs.max { $0.count < $1.count }
    }
}
