/// The lexical rules of <doc:ExpressionSyntax> that say where a construct or an escape starts,
/// shared by the ``Scanner`` and by ``SyntaxUnits`` (the hints' reading of text that may not
/// parse), so that both read a `$`, `#`, `^` or `\` alike. Each looks at the units before `limit`.
extension SourceText {
    /// The character the escape sequence at `index` stands for (`$$`, `##`, `^^`, `\n`, `\t`), if
    /// one starts there. Any other backslash is kept as it is.
    func escape(at index: Int, before limit: Int) -> String? {
        guard let first = unit(index, before: limit), let second = unit(index + 1, before: limit) else { return nil }
        switch (first, second) {
        case (CodeUnit.dollar, CodeUnit.dollar): return "$"
        case (CodeUnit.hash, CodeUnit.hash): return "#"
        case (CodeUnit.caret, CodeUnit.caret): return "^"
        case (CodeUnit.backslash, CodeUnit.n): return "\n"
        case (CodeUnit.backslash, CodeUnit.t): return "\t"
        default: return nil
        }
    }

    /// Where the name of a `$name` reference ends, if a `$` followed by an identifier starts at
    /// `index`.
    func simpleReferenceEnd(at index: Int, before limit: Int) -> Int? {
        guard unit(index, before: limit) == CodeUnit.dollar, let next = unit(index + 1, before: limit),
            CodeUnit.isIdentifierStart(next)
        else { return nil }
        return identifierEnd(from: index + 1, before: limit)
    }

    /// The bracket of a `$[…]`, `$(…)` or `${…}` reference starting at `index` (closed or not).
    func referenceBracket(at index: Int, before limit: Int) -> Int? {
        guard unit(index, before: limit) == CodeUnit.dollar, let next = unit(index + 1, before: limit) else {
            return nil
        }
        switch next {
        case CodeUnit.openSquare, CodeUnit.openParen, CodeUnit.openCurly: return index + 1
        default: return nil
        }
    }

    /// The `(` of a `#(…)` math expression starting at `index` (closed or not).
    func mathParenthesis(at index: Int, before limit: Int) -> Int? {
        guard unit(index, before: limit) == CodeUnit.hash, unit(index + 1, before: limit) == CodeUnit.openParen else {
            return nil
        }
        return index + 1
    }

    /// The `(` of a `^name(…)` call (or a nameless `^(…)`) starting at `index` (closed or not).
    func callParenthesis(at index: Int, before limit: Int) -> Int? {
        guard unit(index, before: limit) == CodeUnit.caret else { return nil }
        var parenthesis = index + 1
        if let next = unit(parenthesis, before: limit), CodeUnit.isIdentifierStart(next) {
            parenthesis = identifierEnd(from: parenthesis, before: limit)
        }
        return unit(parenthesis, before: limit) == CodeUnit.openParen ? parenthesis : nil
    }

    /// The end of the identifier characters from `index`.
    func identifierEnd(from index: Int, before limit: Int) -> Int {
        var end = index
        while let next = unit(end, before: limit), CodeUnit.isIdentifierPart(next) { end += 1 }
        return end
    }
}
