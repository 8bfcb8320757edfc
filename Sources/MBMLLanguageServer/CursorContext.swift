import MBMLEngine

/// The expression text around an LSP position: the position's line as characters, the character
/// offset of the position in it, and ``MBMLSyntax`` over that line (expressions are read a line at
/// a time; an expression that spans lines is seen one line at a time).
struct CursorContext {
    let line: Int
    let characters: [Character]
    let offset: Int
    let syntax: MBMLSyntax

    init(document: TextDocument, position: LSPPosition) {
        line = position.line
        characters = document.characters(ofLine: position.line)
        offset = TextDocument.characterOffset(utf16: position.character, in: characters)
        syntax = MBMLSyntax(characters: characters)
    }

    /// The function name under the position (on its `^` too).
    var functionName: (name: String, typed: String, start: Int)? {
        syntax.functionName(under: offset)
    }

    /// The reference under the position: the chain that ends where the word under the position ends
    /// (`$tot|al.count` → `$total`), its variable and expression text.
    var reference: (variable: String, expression: String, start: Int, end: Int)? {
        // `${name}`, `${ns:name}`, `$(name with spaces)` and `$[name]` themselves, as the engine's parser reads them.
        if let written = syntax.variableReferences().first(where: {
            $0.form != .simple && $0.start <= offset && offset < $0.end
        }) {
            return (written.name, String(characters[written.start..<written.end]), written.start, written.end)
        }
        guard let (chain, end) = syntax.referenceChain(under: offset) else { return nil }
        let variable: String
        switch chain.partial {
        case .variableName(let name): variable = chain.variable ?? name
        default:
            guard let name = chain.variable else { return nil }
            variable = name
        }
        guard !variable.isEmpty else { return nil }
        return (variable, String(characters[chain.start..<end]), chain.start, end)
    }

    /// The LSP range of the character offsets `start..<end` on this line.
    func range(from start: Int, to end: Int) -> LSPRange {
        LSPRange(
            start: LSPPosition(line: line, character: TextDocument.utf16Offset(character: start, in: characters)),
            end: LSPPosition(line: line, character: TextDocument.utf16Offset(character: end, in: characters)))
    }
}

/// Values shown in hovers and completion details: as `mbml eval` prints them, evaluated as part of
/// the request's job (its ``EvaluationLimits``: the client's cancellation, a deadline, the memory
/// budget), so that a slow dynamic variable never stops the server, and written only as far as the
/// preview shows (a value huge as text is never encoded whole).
enum ValuePreview {
    /// The longest preview text.
    static let maximumLength = 2000

    /// The limits of one request: `seconds` from now (``LanguageServerLimits/answerSeconds``), the
    /// environment's memory budget, and `isCancelled` (the client's `$/cancelRequest`).
    static func limits(
        for environment: Environment, seconds: Double, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> EvaluationLimits {
        EvaluationLimits(options: environment.options, seconds: seconds, isCancelled: isCancelled)
    }

    /// The value of `expression` in the object context, as JSON, cut at `limit` characters; or the
    /// error.
    static func text(
        of expression: String, in environment: Environment, limits: EvaluationLimits, limit: Int = maximumLength
    ) -> String {
        do {
            let value = try environment.evaluate(expression, in: .object, limits: limits)
            return text(of: value, limit: limit)
        } catch {
            return "error: " + truncated(String(describing: error), to: limit)
        }
    }

    /// `value` as JSON, written no further than `limit` characters (with `…` when cut).
    static func text(of value: Value?, limit: Int) -> String {
        let (text, isTruncated) = JSONCodec.encode(value, limit: limit)
        return isTruncated || text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// The value of `expression`, or nil on an error or a stop.
    static func value(of expression: String, in environment: Environment, limits: EvaluationLimits) -> Value? {
        (try? environment.evaluate(expression, in: .object, limits: limits)) ?? nil
    }

    static func truncated(_ text: String, to limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
