/// The function call whose parentheses enclose a position of unfinished expression text: what the
/// signature line, the function help and a language server's signature help show.
public struct SyntaxCall: Equatable, Sendable {
    /// The function's name, without `^`.
    public var name: String
    /// Where the name starts (the `^`), in characters of the text.
    public var start: Int
    /// Which `|`-separated parameter the position is in (0 for the first).
    public var parameterIndex: Int
}

extension MBMLSyntax {
    /// The innermost call whose `(` opens before `offset` (a character offset) and does not close
    /// before it. Escapes (`^^`, `$$`, `##`) are skipped; `(`, `[` and `{` of other constructs nest,
    /// so a `|` inside them belongs to them, not to the call.
    public func call(at offset: Int) -> SyntaxCall? {
        var stack: [SyntaxCall?] = []
        var index = 0
        let end = min(offset, characters.count)
        while index < end {
            let character = characters[index]
            if Self.isSigil(character), index + 1 < end, characters[index + 1] == character {
                index += 2
                continue
            }
            if character == "^" {
                var nameEnd = index + 1
                while nameEnd < characters.count, MBMLIdentifier.isCharacter(characters[nameEnd]) { nameEnd += 1 }
                if nameEnd < end, characters[nameEnd] == "(", nameEnd > index + 1 {
                    let name = String(characters[(index + 1)..<nameEnd])
                    stack.append(SyntaxCall(name: name, start: index, parameterIndex: 0))
                    index = nameEnd + 1
                    continue
                }
            } else if character == "(" || character == "[" || character == "{" {
                stack.append(nil)
            } else if character == ")" || character == "]" || character == "}" {
                _ = stack.popLast()
            } else if character == "|", let last = stack.indices.last, stack[last] != nil {
                stack[last]?.parameterIndex += 1
            }
            index += 1
        }
        return stack.last { $0 != nil } ?? nil
    }

    /// The function name at `offset` or just before it (`^jo|in(`, `^join|(`): the whole name, the
    /// part before `offset` (what completion extends; empty right after a lone `^`) and where its
    /// `^` is. Nil when no unescaped `^` starts the word at `offset`.
    public func functionName(at offset: Int) -> (name: String, typed: String, start: Int)? {
        let offset = min(max(offset, 0), characters.count)
        var start = offset
        while start > 0, MBMLIdentifier.isCharacter(characters[start - 1]) { start -= 1 }
        var end = offset
        while end < characters.count, MBMLIdentifier.isCharacter(characters[end]) { end += 1 }
        guard start > 0, characters[start - 1] == "^", !isEscaped(sigilAt: start - 1) else { return nil }
        let name = String(characters[start..<end])
        guard name.isEmpty || MBMLIdentifier.isStart(name.first) else { return nil }
        return (name, String(characters[start..<offset]), start - 1)
    }
}
