/// Turns expression text into a token tree (<doc:ExpressionSyntax>).
///
/// Tokenization follows the original's candidate-matching algorithm (<doc:ExpressionSyntax>): at each position the
/// grammar's token kinds are tried in priority order; text no kind claims becomes literal text.
/// Contained expressions (`#( )`, groupings, bracket subreferences, function parameters, `${ }`) are
/// parsed recursively while scanning, then the list is arranged per grammar (<doc:ExpressionSyntax>).
///
/// Hard limits keep hostile input safe: bracket nesting deeper than `maximumDepth` and operator trees
/// deeper than four times that are parse errors, never a stack overflow. Scanning is linear in the
/// text length because bracket matches are computed once (``SourceText``).
struct Parser {
    let expression: String
    let grammar: Grammar
    let functions: FunctionRegistry
    let maximumDepth: Int

    func parse() throws -> [Token] {
        let source = SourceText(Array(expression.utf16))
        var context = ParseContext(expression: expression, functions: functions, maximumDepth: maximumDepth)
        return try context.parseRegion(source, start: 0, end: source.count, grammar: grammar, depth: 0).tokens
    }

    /// The token tree of text that may not parse, for tools that only read it (``MBMLSyntax``): a
    /// construct whose inside fails is read as literal text from its first character on (what it
    /// contains is still scanned), a list that can not be arranged keeps its scanned tokens, and the
    /// parameters of an unknown or a `raw` function are read as `pipedExpressions`. Never throws.
    func tolerantParse() -> [Token] {
        let source = SourceText(Array(expression.utf16))
        var context = ParseContext(expression: expression, functions: functions, maximumDepth: maximumDepth)
        context.isTolerant = true
        let parsed = try? context.parseRegion(source, start: 0, end: source.count, grammar: grammar, depth: 0)
        return parsed?.tokens ?? []
    }
}

/// A scanned item before whitespace removal and arrangement.
struct ScannedItem {
    enum Role { case token, whitespace, delimiter }
    var token: Token
    var role: Role
    /// Depth of the tree below this token (1 for a leaf).
    var depth: Int
}

/// The state shared by one parse: the expression (for errors), the functions (input types are
/// frozen into the tree at parse time, <doc:ExpressionSyntax>) and the limits.
struct ParseContext {
    let expression: String
    let functions: FunctionRegistry
    let maximumDepth: Int
    /// Whether errors are read around instead of thrown (``Parser/tolerantParse()``).
    var isTolerant = false

    var maximumTreeDepth: Int { maximumDepth * 4 }

    /// Parses `source[start..<end]` with `grammar` into arranged top-level tokens.
    mutating func parseRegion(
        _ source: SourceText, start: Int, end: Int, grammar: Grammar,
        depth: Int
    ) throws -> (tokens: [Token], depth: Int) {
        if depth > maximumDepth {
            throw error(
                .syntax, "Expression nested more than \(maximumDepth) levels deep",
                source: source, start: start, end: end)
        }
        var scanner = Scanner(context: self, source: source, start: start, end: end, grammar: grammar, depth: depth)
        let items = try scanner.scan()
        let cleaned = TreeBuilder.attachSubreferences(items.filter { $0.role != .whitespace })
        let arranged = try TreeBuilder(context: self).arrange(cleaned, grammar: grammar, tolerant: isTolerant)
        let maxDepth = arranged.map(\.depth).max() ?? 0
        if maxDepth > maximumTreeDepth {
            throw error(
                .syntax, "Expression nested more than \(maximumTreeDepth) levels deep",
                source: source, start: start, end: end)
        }
        return (arranged.map(\.token), maxDepth)
    }

    func error(_ kind: ExpressionError.Kind, _ message: String, source: SourceText, start: Int, end: Int)
        -> ExpressionError
    {
        ExpressionError(
            kind, message, expression: expression,
            range: SourceRange(location: start + source.absoluteShift, length: end - start),
            tokenText: source.text(start, end))
    }

    func error(_ kind: ExpressionError.Kind, _ message: String, token: Token) -> ExpressionError {
        ExpressionError(kind, message, expression: expression, range: token.absoluteRange, tokenText: token.text)
    }
}
