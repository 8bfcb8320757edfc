/// The left-to-right candidate scan of <doc:ExpressionSyntax> over one region of the source.
struct Scanner {
    var context: ParseContext
    let source: SourceText
    let start: Int
    let end: Int
    let grammar: Grammar
    let depth: Int

    private var items: [ScannedItem] = []
    private var literalStart: Int?

    init(context: ParseContext, source: SourceText, start: Int, end: Int, grammar: Grammar, depth: Int) {
        self.context = context
        self.source = source
        self.start = start
        self.end = end
        self.grammar = grammar
        self.depth = depth
    }

    /// The grammar contained brackets (subreferences) use inside this one.
    private var bracketGrammar: Grammar {
        switch grammar {
        case .parameterList: return .object
        case .mathParameterList: return .math
        default: return grammar
        }
    }

    private var isObjectFamily: Bool { grammar == .object || grammar == .parameterList }
    private var isMathFamily: Bool { grammar == .math || grammar == .mathParameterList }

    mutating func scan() throws -> [ScannedItem] {
        var p = start
        var subreferenceAllowed = false
        while p < end {
            if let (item, next, allowsSubreference) = try candidate(at: p, subreferenceAllowed: subreferenceAllowed) {
                flushLiteral(upTo: p)
                items.append(item)
                p = next
                subreferenceAllowed = allowsSubreference
            } else {
                if literalStart == nil { literalStart = p }
                p += 1
                subreferenceAllowed = false
            }
        }
        flushLiteral(upTo: end)
        return items
    }

    // MARK: Candidates

    private typealias Match = (ScannedItem, Int, Bool)

    /// The candidate at `p`; in a tolerant parse a candidate that fails is no candidate, so that its
    /// first character becomes literal text and scanning goes on inside it.
    private mutating func candidate(at p: Int, subreferenceAllowed: Bool) throws -> Match? {
        guard context.isTolerant else { return try match(at: p, subreferenceAllowed: subreferenceAllowed) }
        return (try? match(at: p, subreferenceAllowed: subreferenceAllowed)) ?? nil
    }

    private mutating func match(at p: Int, subreferenceAllowed: Bool) throws -> Match? {
        if subreferenceAllowed, let found = try subreference(at: p) { return found }
        switch grammar {
        case .object, .parameterList:
            if grammar == .parameterList, let found = delimiter(at: p) { return found }
            if let found = try variableReference(at: p) { return found }
            if let found = try mathExpression(at: p) { return found }
            if let found = try functionCall(at: p) { return found }
            return escapeSequence(at: p)
        case .math, .mathParameterList:
            if grammar == .mathParameterList, let found = delimiter(at: p) { return found }
            if let found = try variableReference(at: p) { return found }
            if let found = try functionCall(at: p) { return found }
            if let found = whitespace(at: p) { return found }
            if let found = try numericLiteral(at: p) { return found }
            if let found = mathOperator(at: p) { return found }
            if let found = try grouping(at: p, kind: .mathGrouping, contents: .math) { return found }
            return try mathExpression(at: p)
        case .boolean:
            if let found = try grouping(at: p, kind: .booleanGrouping, contents: .boolean) { return found }
            if let found = booleanOperator(at: p) { return found }
            if let found = try variableReference(at: p) { return found }
            if let found = try mathExpression(at: p) { return found }
            if let found = try functionCall(at: p) { return found }
            return whitespace(at: p)
        }
    }

    private func unit(_ i: Int) -> UInt16? { source.unit(i, before: end) }

    private func relative(_ a: Int, _ b: Int) -> SourceRange { SourceRange(location: a - start, length: b - a) }

    private func absolute(_ a: Int, _ b: Int) -> SourceRange {
        SourceRange(location: a + source.absoluteShift, length: b - a)
    }

    private func makeToken(
        _ kind: Token.Kind, _ a: Int, _ b: Int, children: [Token] = [],
        payload: Token.Payload = .none
    ) -> Token {
        Token(
            kind: kind, text: source.text(a, b), range: relative(a, b), absoluteRange: absolute(a, b),
            children: children, payload: payload)
    }

    private func identifierEnd(from i: Int) -> Int {
        source.identifierEnd(from: i, before: end)
    }

    private mutating func flushLiteral(upTo p: Int) {
        guard let literalStart = literalStart, literalStart < p else {
            self.literalStart = nil
            return
        }
        items.append(ScannedItem(token: makeToken(.literal, literalStart, p), role: .token, depth: 1))
        self.literalStart = nil
    }

    private mutating func parseContents(_ a: Int, _ b: Int, grammar: Grammar) throws -> (tokens: [Token], depth: Int) {
        try context.parseRegion(source, start: a, end: b, grammar: grammar, depth: depth + 1)
    }

    private func delimiter(at p: Int) -> Match? {
        guard unit(p) == CodeUnit.pipe else { return nil }
        return (ScannedItem(token: makeToken(.literal, p, p + 1), role: .delimiter, depth: 1), p + 1, false)
    }

    private func whitespace(at p: Int) -> Match? {
        var j = p
        while let u = unit(j), CodeUnit.isWhitespace(u) { j += 1 }
        guard j > p else { return nil }
        return (ScannedItem(token: makeToken(.literal, p, j), role: .whitespace, depth: 1), j, false)
    }

    private func escapeSequence(at p: Int) -> Match? {
        guard let character = source.escape(at: p, before: end) else { return nil }
        let token = makeToken(.escapeSequence, p, p + 2, payload: .escape(character))
        return (ScannedItem(token: token, role: .token, depth: 1), p + 2, false)
    }

    // MARK: Variable references (<doc:ExpressionSyntax>)

    private mutating func variableReference(at p: Int) throws -> Match? {
        if let nameEnd = source.simpleReferenceEnd(at: p, before: end) {
            let token = makeToken(
                .variableReference, p, nameEnd,
                payload: .variable(name: source.text(p + 1, nameEnd), form: .simple))
            return (ScannedItem(token: token, role: .token, depth: 1), nameEnd, true)
        }
        guard let bracket = source.referenceBracket(at: p, before: end), let next = unit(bracket) else { return nil }
        switch next {
        case CodeUnit.openSquare, CodeUnit.openParen:
            guard let close = source.match(of: bracket, before: end) else { return nil }
            let form: Token.ReferenceForm = next == CodeUnit.openSquare ? .bracket : .parenthesis
            let token = makeToken(
                .variableReference, p, close + 1,
                payload: .variable(name: source.text(p + 2, close), form: form))
            return (ScannedItem(token: token, role: .token, depth: 1), close + 1, form == .bracket)
        case CodeUnit.openCurly:
            guard let close = source.match(of: bracket, before: end) else { return nil }
            let token = try curlyReference(at: p, close: close)
            return (ScannedItem(token: token, role: .token, depth: 1 + token.children.count), close + 1, false)
        default:
            return nil
        }
    }

    /// `${...}`: the inside, prefixed with `$`, must parse to exactly one variable reference.
    private mutating func curlyReference(at p: Int, close: Int) throws -> Token {
        let whole = absolute(p, close + 1)
        if close == p + 2 {
            return Token(
                kind: .variableReference, text: source.text(p, close + 1), range: relative(p, close + 1),
                absoluteRange: whole, payload: .variable(name: "", form: .curly))
        }
        let inner = SourceText(
            [CodeUnit.dollar] + source.units[(p + 2)..<close], absoluteShift: p + 1 + source.absoluteShift)
        let parsed = try context.parseRegion(inner, start: 0, end: inner.count, grammar: .object, depth: depth + 1)
        guard parsed.tokens.count == 1, var token = parsed.tokens.first, token.kind == .variableReference,
            case .variable(let name, _) = token.payload
        else {
            throw context.error(
                .syntax, "expecting exactly one MBMLVariableReferenceToken here", source: source,
                start: p, end: close + 1)
        }
        token.payload = .variable(name: name, form: .curly)
        token.absoluteRange = whole
        return token
    }

    // MARK: Subreferences (<doc:ExpressionSyntax>)

    private mutating func subreference(at p: Int) throws -> Match? {
        guard let first = unit(p) else { return nil }
        if first == CodeUnit.dot {
            guard let next = unit(p + 1), CodeUnit.isIdentifierStart(next) else { return nil }
            let nameEnd = identifierEnd(from: p + 1)
            let token = makeToken(.subreference, p, nameEnd, payload: .key(source.text(p + 1, nameEnd)))
            return (ScannedItem(token: token, role: .token, depth: 1), nameEnd, true)
        }
        guard first == CodeUnit.openSquare, let close = source.match(of: p, before: end) else { return nil }
        let contents = try parseContents(p + 1, close, grammar: bracketGrammar)
        let token = makeToken(.subreference, p, close + 1, children: contents.tokens)
        return (ScannedItem(token: token, role: .token, depth: contents.depth + 1), close + 1, true)
    }

    // MARK: Math expressions and groupings (<doc:ExpressionSyntax>)

    private mutating func mathExpression(at p: Int) throws -> Match? {
        guard let parenthesis = source.mathParenthesis(at: p, before: end),
            let close = source.match(of: parenthesis, before: end)
        else { return nil }
        let contents = try parseContents(p + 2, close, grammar: .math)
        let token = makeToken(.mathExpression, p, close + 1, children: contents.tokens)
        return (ScannedItem(token: token, role: .token, depth: contents.depth + 1), close + 1, false)
    }

    private mutating func grouping(at p: Int, kind: Token.Kind, contents grammar: Grammar) throws -> Match? {
        guard unit(p) == CodeUnit.openParen, let close = source.match(of: p, before: end) else { return nil }
        let contents = try parseContents(p + 1, close, grammar: grammar)
        let token = makeToken(kind, p, close + 1, children: contents.tokens)
        return (ScannedItem(token: token, role: .token, depth: contents.depth + 1), close + 1, false)
    }

    // MARK: Numbers and operators (<doc:ExpressionSyntax>)

    /// A number in math. An integer with more digits than `Decimal` holds exactly keeps them as a
    /// ``BigInteger`` (<doc:ContextsAndCoercions>, "Numbers as JSON holds them"); another number that
    /// `Decimal` cannot hold (a fraction below 1e-128, more than 165 integer digits with a point) is an
    /// error at the literal, never a silent 0.
    private func numericLiteral(at p: Int) throws -> Match? {
        var j = p
        if let u = unit(j), u == CodeUnit.plus || u == CodeUnit.minus { j += 1 }
        var digits = 0
        var sawDot = false
        while let u = unit(j) {
            if CodeUnit.isDigit(u) {
                digits += 1
            } else if u == CodeUnit.dot && !sawDot {
                sawDot = true
            } else {
                break
            }
            j += 1
        }
        guard digits > 0 else { return nil }
        let text = source.text(p, j)
        if !sawDot, let number = BigInteger(beyondDecimal: text) {
            let token = makeToken(.numericLiteral, p, j, payload: .bigInteger(number))
            return (ScannedItem(token: token, role: .token, depth: 1), j, false)
        }
        guard let value = NumericParsing.decimal(from: text) else {
            throw context.error(
                .syntax,
                "The number is outside the range of decimal arithmetic "
                    + "(magnitudes from 1e-128 to 3.4e165)", source: source, start: p, end: j)
        }
        let token = makeToken(.numericLiteral, p, j, payload: .number(value))
        return (ScannedItem(token: token, role: .token, depth: 1), j, false)
    }

    private func mathOperator(at p: Int) -> Match? {
        guard let u = unit(p) else { return nil }
        let kind: Token.Kind
        switch u {
        case CodeUnit.plus: kind = .addition
        case CodeUnit.minus: kind = .subtraction
        case CodeUnit.star: kind = .multiplication
        case CodeUnit.slash: kind = .division
        case CodeUnit.percent: kind = .modulo
        default: return nil
        }
        return (ScannedItem(token: makeToken(kind, p, p + 1), role: .token, depth: 1), p + 1, false)
    }

    private static let booleanOperators: [(Token.Kind, [String])] = [
        (.equal, ["==", "-EQ"]),
        (.notEqual, ["!=", "-NE"]),
        (.lessThanOrEqual, ["<=", "=<", "-LTE"]),
        (.lessThan, ["<", "-LT"]),
        (.greaterThanOrEqual, [">=", "=>", "-GTE"]),
        (.greaterThan, [">", "-GT"]),
        (.and, ["&&", "-AND"]),
        (.or, ["||", "-OR"]),
        (.not, ["!"]),
    ]

    private static let booleanSpellings: [(Token.Kind, [UInt16])] = booleanOperators.flatMap { kind, spellings in
        spellings.map { (kind, Array($0.utf16)) }
    }

    private func booleanOperator(at p: Int) -> Match? {
        guard let first = unit(p),
            first == CodeUnit.equals || first == CodeUnit.bang || first == CodeUnit.less
                || first == CodeUnit.greater || first == CodeUnit.ampersand || first == CodeUnit.pipe
                || first == CodeUnit.minus
        else { return nil }
        for (kind, spelling) in Scanner.booleanSpellings {
            var matches = true
            for (offset, expected) in spelling.enumerated() where unit(p + offset) != expected {
                matches = false
                break
            }
            if matches {
                let next = p + spelling.count
                return (ScannedItem(token: makeToken(kind, p, next), role: .token, depth: 1), next, false)
            }
        }
        return nil
    }

    // MARK: Function calls (<doc:ExpressionSyntax>, <doc:FunctionCalls>)

    private mutating func functionCall(at p: Int) throws -> Match? {
        guard let j = source.callParenthesis(at: p, before: end), let close = source.match(of: j, before: end) else {
            return nil
        }
        let name = source.text(p + 1, j)
        var tokenEnd = close + 1
        if unit(tokenEnd) == CodeUnit.openParen { tokenEnd += 1 } // the original swallows it (normative quirk)
        let input = context.functions.definition(named: name)?.input
        // A tolerant parse reads what an unknown function or a raw one (`^log`) may evaluate.
        let read = context.isTolerant && (input == nil || input == .raw) ? .pipedExpressions : input
        let (groups, contentDepth) = try parameters(of: read, from: j + 1, to: close)
        let token = makeToken(
            .functionCall, p, tokenEnd, children: groups,
            payload: .function(name: name, input: input))
        return (ScannedItem(token: token, role: .token, depth: contentDepth + 1), tokenEnd, true)
    }

    private mutating func parameters(of input: FunctionInputType?, from a: Int, to b: Int) throws -> ([Token], Int) {
        guard let input = input, a < b else { return ([], 0) }
        switch input {
        case .none:
            return ([], 0)
        case .raw:
            let text = source.text(a, b)
            let literal = Token(
                kind: .literal, text: text, range: relative(a, b), absoluteRange: absolute(a, b),
                payload: .rawText(text))
            return ([group(a, b, [literal])], 2)
        case .string, .object, .math:
            let contents = try parseContents(a, b, grammar: input == .math ? .math : .object)
            return ([group(a, b, contents.tokens)], contents.depth + 1)
        case .pipedExpressions, .pipedStrings, .pipedObjects, .pipedMath:
            return try pipedParameters(from: a, to: b, math: input == .pipedMath)
        }
    }

    /// Splits at top-level delimiters: n delimiters always give n+1 groups (<doc:ExpressionSyntax>).
    private mutating func pipedParameters(from a: Int, to b: Int, math: Bool) throws -> ([Token], Int) {
        if depth + 1 > context.maximumDepth {
            throw context.error(
                .syntax, "Expression nested more than \(context.maximumDepth) levels deep",
                source: source, start: a, end: b)
        }
        var scanner = Scanner(
            context: context, source: source, start: a, end: b,
            grammar: math ? .mathParameterList : .parameterList, depth: depth + 1)
        let items = try scanner.scan()
        var groups: [Token] = []
        var current: [ScannedItem] = []
        var groupStart = a
        var maxDepth = 0
        let builder = TreeBuilder(context: context)
        func closeGroup(at groupEnd: Int) throws {
            let cleaned = TreeBuilder.attachSubreferences(current.filter { $0.role != .whitespace })
            let arranged = try builder.arrange(cleaned, grammar: math ? .math : .object, tolerant: context.isTolerant)
            maxDepth = max(maxDepth, (arranged.map(\.depth).max() ?? 0) + 1)
            groups.append(group(groupStart, groupEnd, arranged.map(\.token)))
            current = []
        }
        for item in items {
            if item.role == .delimiter {
                try closeGroup(at: item.token.absoluteRange.location - source.absoluteShift)
                groupStart = item.token.absoluteRange.upperBound - source.absoluteShift
            } else {
                current.append(item)
            }
        }
        try closeGroup(at: b)
        return (groups, maxDepth)
    }

    private func group(_ a: Int, _ b: Int, _ children: [Token]) -> Token {
        Token(
            kind: .parameterGroup, text: source.text(a, b), range: relative(a, b), absoluteRange: absolute(a, b),
            children: children)
    }
}
