/// A variable reference written in text, in any form the engine reads — `$name`, `${name}`,
/// `${ns:name}`, `$(name with spaces)`, `$[name]`, with its subreferences — as the engine's parser
/// finds it: what a language server's hover, definition, references and semantic tokens work on.
public struct SyntaxVariableReference: Equatable, Sendable {
    /// The variable's name (for `${ns:name}`, `ns:name`).
    public var name: String
    /// How it is written.
    public var form: Token.ReferenceForm
    /// Where the `$` is, in characters.
    public var start: Int
    /// Just past the reference itself: its name or closing bracket (for `${…}`, the `}`, which
    /// encloses its subreferences).
    public var end: Int
    /// Just past its last subreference (`$a.b[0]`), or ``end``.
    public var chainEnd: Int

    public init(name: String, form: Token.ReferenceForm, start: Int, end: Int, chainEnd: Int) {
        self.name = name
        self.form = form
        self.start = start
        self.end = end
        self.chainEnd = chainEnd
    }
}

extension MBMLSyntax {
    /// Every variable reference in the text, left to right, read by the engine's parser with
    /// `grammar` (tolerantly: text that does not parse is read around, so the references in it still
    /// count). Escapes (`$$`) are not references; references nested in a function call, a math
    /// expression or another reference's subscript are listed too.
    public func variableReferences(grammar: Grammar = .object) -> [SyntaxVariableReference] {
        let offsets = CharacterOffsets(characters)
        var found: [SyntaxVariableReference] = []
        var stack = Array(Self.tolerantTokens(of: String(characters), grammar: grammar).reversed())
        while let token = stack.popLast() {
            if token.kind == .variableReference, case .variable(let name, let form) = token.payload, !name.isEmpty {
                let range = offsets.characters(in: token.absoluteRange)
                var chainEnd = range.upperBound
                if form != .curly {
                    for child in token.children where child.kind == .subreference {
                        chainEnd = max(chainEnd, offsets.characters(in: child.absoluteRange).upperBound)
                    }
                }
                found.append(
                    SyntaxVariableReference(
                        name: name, form: form, start: range.lowerBound, end: range.upperBound, chainEnd: chainEnd))
            }
            stack.append(contentsOf: token.children.reversed())
        }
        return found.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The name being typed after an unclosed `${` that ends at `offset` (`${ca|` → `ca`, and where
    /// the `$` is), for completion; nil elsewhere.
    public func curlyReferenceName(endingAt offset: Int) -> (typed: String, start: Int)? {
        let end = min(max(offset, 0), characters.count)
        var index = end
        while index > 0, MBMLIdentifier.isCharacter(characters[index - 1]) { index -= 1 }
        guard index >= 2, characters[index - 1] == "{", characters[index - 2] == "$",
            !isEscaped(sigilAt: index - 2)
        else { return nil }
        let typed = String(characters[index..<end])
        guard typed.isEmpty || MBMLIdentifier.isStart(typed.first) else { return nil }
        return (typed, index - 2)
    }
}
