extension MBMLSyntax {
    /// The outermost function call whose parentheses enclose `offset` (a character offset): from its
    /// `^` to just past its closing `)`. Nil when no call encloses the offset or the outermost one is
    /// not closed in the text. Escapes (`^^`, `$$`, `##`) are skipped; `(`, `[` and `{` nest.
    public func outermostCall(around offset: Int) -> Range<Int>? {
        guard var call = call(at: offset) else { return nil }
        while let outer = self.call(at: call.start) { call = outer }
        var index = call.start + 1 + call.name.count
        var depth = 0
        while index < characters.count {
            let character = characters[index]
            if Self.isSigil(character), index + 1 < characters.count, characters[index + 1] == character {
                index += 2
                continue
            }
            if character == "(" || character == "[" || character == "{" {
                depth += 1
            } else if character == ")" || character == "]" || character == "}" {
                depth -= 1
                if depth == 0 { return call.start..<(index + 1) }
            }
            index += 1
        }
        return nil
    }
}
