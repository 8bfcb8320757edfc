/// The signature of the function around the cursor, with the parameter the cursor is in
/// highlighted: `^join(list|separator)` with `separator` marked after the first `|`.
enum SignatureLine {
    static func draw(
        _ signature: String, characters: [Character], cursor: Int, row: Int, column: Int,
        painter: Painter
    ) {
        let index = parameterIndex(in: characters, cursor: cursor)
        guard let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")"), open < close else {
            painter.truncated(signature, row: row, column: column, role: .hint)
            return
        }
        let parameters = signature[signature.index(after: open)..<close].split(
            separator: "|", omittingEmptySubsequences: false)
        // A trailing `…` parameter repeats: the cursor past the end stays on the last one.
        let current = index.map { min($0, parameters.count - 1) }
        var x = painter.text(String(signature[...open]), row: row, column: column, role: .hint)
        for (offset, parameter) in parameters.enumerated() {
            if offset > 0 { x = painter.text("|", row: row, column: x, role: .hint) }
            x = painter.text(String(parameter), row: row, column: x, role: offset == current ? .highlight : .hint)
        }
        painter.text(String(signature[close...]), row: row, column: x, role: .hint)
    }

    /// Which `|`-separated parameter of the innermost open call the cursor is in (0 for the first).
    static func parameterIndex(in characters: [Character], cursor: Int) -> Int? {
        var stack: [(isCall: Bool, pipes: Int)] = []
        var index = 0
        let end = min(cursor, characters.count)
        while index < end {
            let character = characters[index]
            if character == "^" || character == "$" || character == "#", index + 1 < end,
                characters[index + 1] == character
            {
                index += 2
                continue
            }
            if character == "^" {
                var nameEnd = index + 1
                while nameEnd < end, Completer.isIdentifierCharacter(characters[nameEnd]) { nameEnd += 1 }
                if nameEnd < end, characters[nameEnd] == "(", nameEnd > index + 1 {
                    stack.append((true, 0))
                    index = nameEnd + 1
                    continue
                }
            } else if character == "(" || character == "[" || character == "{" {
                stack.append((false, 0))
            } else if character == ")" || character == "]" || character == "}" {
                _ = stack.popLast()
            } else if character == "|", !stack.isEmpty {
                stack[stack.count - 1].pipes += 1
            }
            index += 1
        }
        return stack.last(where: \.isCall)?.pipes
    }
}
