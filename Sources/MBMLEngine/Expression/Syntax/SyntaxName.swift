/// A `$name` reference or a `^name(` call written in text, in characters: what a language
/// server's find references and semantic tokens report.
public struct SyntaxName: Equatable, Sendable {
    /// A variable or a function.
    public enum Kind: Equatable, Sendable {
        case variable, function
    }

    public var kind: Kind
    /// The variable's or the function's name.
    public var name: String
    /// Where the `$` or `^` is.
    public var start: Int
    /// Just past the name.
    public var end: Int

    public init(kind: Kind, name: String, start: Int, end: Int) {
        self.kind = kind
        self.name = name
        self.start = start
        self.end = end
    }
}

extension MBMLSyntax {
    /// The `$name` references and the names of `^name(` calls in the text, left to right. Escapes
    /// (`$$`, `^^`) are not references; `$[name]` and `${name}` are not listed.
    public func names() -> [SyntaxName] {
        var found: [SyntaxName] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "$" || character == "^" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, MBMLIdentifier.isCharacter(characters[end]) { end += 1 }
            if character == "$", end > index + 1, let chain = referenceChain(endingAt: end),
                chain.start == index, case .variableName(let name) = chain.partial
            {
                found.append(SyntaxName(kind: .variable, name: name, start: index, end: end))
            } else if character == "^", end > index + 1, let call = functionName(at: end), call.start == index,
                end < characters.count, characters[end] == "("
            {
                found.append(SyntaxName(kind: .function, name: call.name, start: index, end: end))
            }
            index = max(end, index + 1)
        }
        return found
    }

    /// The function name under `offset`: the one ``functionName(at:)`` finds, or the one whose `^`
    /// is at `offset`.
    public func functionName(under offset: Int) -> (name: String, typed: String, start: Int)? {
        if let found = functionName(at: offset), !found.name.isEmpty { return found }
        if offset >= 0, offset < characters.count, characters[offset] == "^" { return functionName(at: offset + 1) }
        return nil
    }

    /// The reference chain under `offset`: the one that ends where the word under `offset` ends
    /// (`$tot|al.count` → `$total`; on the `$` too), and that end.
    public func referenceChain(under offset: Int) -> (chain: SyntaxReferenceChain, end: Int)? {
        var end = max(offset, 0)
        if end < characters.count, characters[end] == "$" { end += 1 }
        while end < characters.count, MBMLIdentifier.isCharacter(characters[end]) { end += 1 }
        guard let chain = referenceChain(endingAt: end) else { return nil }
        return (chain, end)
    }
}
