/// What is being typed at a position of unfinished expression text, as completion sees it: a
/// function's name, a variable's name in one of the reference forms, or a step after a path.
public enum CompletionContext: Equatable, Sendable {
    /// `^jo|`: the name typed so far; `start` is the `^`.
    case function(typed: String, start: Int)
    /// `$ca|`, `${ca|`, `$[ca|`, `$(ca|`: the name typed so far in `form`; `start` is the `$` (for a
    /// bracket inside `${…}`, the `{` that stands for it).
    case variable(typed: String, form: Token.ReferenceForm, start: Int)
    /// `$cats.|`, `$cats[|`, `${cats[0].le|`: a step after `path`, `.key` or (`bracketed`) `[key`;
    /// `start` is the `.` or `[`.
    case step(path: ReferencePath, typed: String, bracketed: Bool, start: Int)

    /// Where the text the completion replaces starts.
    public var start: Int {
        switch self {
        case .function(_, let start), .variable(_, _, let start), .step(_, _, _, let start): return start
        }
    }

    /// The text typed so far, that candidates are matched against.
    public var typed: String {
        switch self {
        case .function(let typed, _), .variable(let typed, _, _), .step(_, let typed, _, _): return typed
        }
    }
}

extension MBMLSyntax {
    /// The farthest a `${…}` or `$(…)` being typed is looked for before the position.
    static let completionLookBehind = 1000

    /// What is being typed just before `offset` (a character offset), or nil when nothing there can
    /// be completed. Every reference form the engine reads: `$name`, `$[name]`, `${name}`,
    /// `${ns:name}`, `$(name)`, and the `.key` / `[key]` steps after the first three.
    public func completionContext(at offset: Int) -> CompletionContext? {
        let end = min(max(offset, 0), characters.count)
        if let function = functionName(at: end) {
            return .function(typed: function.typed, start: function.start)
        }
        if let chain = referenceChain(endingAt: end) {
            return Self.context(of: chain, shift: 0, form: .simple)
        }
        return curlyContext(endingAt: end) ?? parenthesisContext(endingAt: end)
    }

    private static func context(of chain: SyntaxReferenceChain, shift: Int, form: Token.ReferenceForm)
        -> CompletionContext?
    {
        switch chain.partial {
        case .variableName(let typed):
            return .variable(typed: typed, form: form, start: chain.partialStart + shift)
        case .bracketedVariableName(let typed):
            return .variable(typed: typed, form: .bracket, start: chain.partialStart + shift)
        case .property(let typed), .subscripted(let typed):
            guard let variable = chain.variable else { return nil }
            let bracketed = if case .subscripted = chain.partial { true } else { false }
            return .step(
                path: ReferencePath(variable: variable, steps: chain.steps), typed: typed, bracketed: bracketed,
                start: chain.partialStart + shift)
        }
    }

    /// Inside an unclosed `${…}`: its inside read as the reference it stands for.
    private func curlyContext(endingAt end: Int) -> CompletionContext? {
        var index = end - 1
        while index >= 1, end - index < Self.completionLookBehind {
            if characters[index] == "}" { return nil }
            if characters[index] == "{", characters[index - 1] == "$", !isEscaped(sigilAt: index - 1) {
                let inside = MBMLSyntax(characters: ["$"] + characters[(index + 1)..<end])
                guard let chain = inside.referenceChain(endingAt: inside.characters.count), chain.start == 0
                else { return nil }
                // The `$` of the inside stands at the `{`; a name right after `${` starts at the `$`.
                if case .variableName = chain.partial {
                    return Self.context(of: chain, shift: index - 1, form: .curly)
                }
                return Self.context(of: chain, shift: index, form: .curly)
            }
            index -= 1
        }
        return nil
    }

    /// Inside an unclosed `$(…)`: the raw name typed so far.
    private func parenthesisContext(endingAt end: Int) -> CompletionContext? {
        var index = end - 1
        while index >= 1, end - index < Self.completionLookBehind {
            let character = characters[index]
            if character == ")" || character.isNewline || character == "|" { return nil }
            if character == "(", characters[index - 1] == "$", !isEscaped(sigilAt: index - 1) {
                let typed = characters[(index + 1)..<end]
                guard !typed.contains(where: { "$^#(".contains($0) }) else { return nil }
                return .variable(typed: String(typed), form: .parenthesis, start: index - 1)
            }
            index -= 1
        }
        return nil
    }
}
