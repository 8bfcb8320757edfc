/// A variable reference being written: `$name`, `$[name]`, then `.key` and `[key]` steps, ending in
/// a step (or a name) that is still being typed. What completion needs: the value to look into and
/// the text to complete.
public struct SyntaxReferenceChain: Equatable, Sendable {
    /// A completed step after the variable.
    public enum Step: Equatable, Sendable {
        /// `.key`.
        case property(String)
        /// `[key]`: the text inside the brackets (a number, a key, escapes not undone).
        case subscripted(String)
    }

    /// What is being typed at the end.
    public enum Partial: Equatable, Sendable {
        /// The variable's name after `$` (possibly empty).
        case variableName(String)
        /// The variable's name after `$[`, no `]` yet.
        case bracketedVariableName(String)
        /// A key after `.` (possibly empty).
        case property(String)
        /// A key after `[`, no `]` yet.
        case subscripted(String)
    }

    /// Where the `$` is, in characters.
    public var start: Int
    /// The variable's name; nil while it is the partial.
    public var variable: String?
    /// The completed steps.
    public var steps: [Step]
    /// What is being typed at the end.
    public var partial: Partial
    /// Where the partial (with its `.` or `[`; for a variable name, the `$`) starts, in characters.
    public var partialStart: Int

    public init(start: Int, variable: String?, steps: [Step], partial: Partial, partialStart: Int) {
        self.start = start
        self.variable = variable
        self.steps = steps
        self.partial = partial
        self.partialStart = partialStart
    }
}

extension MBMLSyntax {
    /// The reference chain that ends exactly at `offset` (a character offset), if any: the last
    /// unescaped `$` before it whose chain reaches `offset` without leaving the reference syntax.
    public func referenceChain(endingAt offset: Int) -> SyntaxReferenceChain? {
        let end = min(offset, characters.count)
        var start = end - 1
        while start >= 0 {
            if characters[start] == "$", !isEscaped(sigilAt: start), let chain = chain(from: start, to: end) {
                return chain
            }
            start -= 1
        }
        return nil
    }

    private func chain(from start: Int, to end: Int) -> SyntaxReferenceChain? {
        var index = start + 1
        var variable: String
        if index < end, characters[index] == "[" {
            guard let close = closingBracket(from: index, before: end) else {
                let name = String(characters[(index + 1)..<end])
                guard !name.contains("]") else { return nil }
                return SyntaxReferenceChain(
                    start: start, variable: nil, steps: [], partial: .bracketedVariableName(name), partialStart: start)
            }
            variable = String(characters[(index + 1)..<close])
            index = close + 1
        } else {
            let nameStart = index
            while index < end, MBMLIdentifier.isCharacter(characters[index]) { index += 1 }
            let name = String(characters[nameStart..<index])
            guard name.isEmpty || MBMLIdentifier.isStart(name.first) else { return nil }
            if index == end {
                return SyntaxReferenceChain(
                    start: start, variable: nil, steps: [], partial: .variableName(name), partialStart: start)
            }
            guard !name.isEmpty else { return nil }
            variable = name
        }
        var steps: [SyntaxReferenceChain.Step] = []
        while index < end {
            let stepStart = index
            if characters[index] == "." {
                index += 1
                let keyStart = index
                while index < end, MBMLIdentifier.isCharacter(characters[index]) { index += 1 }
                let key = String(characters[keyStart..<index])
                if index == end {
                    return SyntaxReferenceChain(
                        start: start, variable: variable, steps: steps, partial: .property(key), partialStart: stepStart
                    )
                }
                guard !key.isEmpty else { return nil }
                steps.append(.property(key))
            } else if characters[index] == "[" {
                guard let close = closingBracket(from: index, before: end) else {
                    let partial = String(characters[(index + 1)..<end])
                    guard !partial.contains(where: { "$^#[".contains($0) }) else { return nil }
                    return SyntaxReferenceChain(
                        start: start, variable: variable, steps: steps, partial: .subscripted(partial),
                        partialStart: stepStart)
                }
                let key = String(characters[(index + 1)..<close])
                guard !key.contains(where: { "$^#".contains($0) }) else { return nil }
                steps.append(.subscripted(key))
                index = close + 1
            } else {
                return nil
            }
        }
        return nil
    }

    /// The `]` that closes the `[` at `open`, before `end`.
    private func closingBracket(from open: Int, before end: Int) -> Int? {
        var depth = 0
        for index in open..<end {
            if characters[index] == "[" { depth += 1 }
            if characters[index] == "]" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}
