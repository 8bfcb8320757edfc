import Foundation

/// Evaluates one top-level expression against an environment (<doc:ContextsAndCoercions>, <doc:ExpressionSyntax>).
struct Evaluator {
    let environment: Environment
    let expression: String
    /// Set while tracing (``Environment/trace(_:context:textLimit:)``): notes what every token produced.
    var recorder: TraceRecorder? = nil
    /// Set for an expression evaluated in several contexts (``SharedTokenValues``): references,
    /// calls and math expressions another context evaluated are read back.
    var tokenValues: SharedTokenValues? = nil
    /// The job this evaluation is part of: its limits, meter and depth.
    let evaluation: Evaluation
    /// The job's memory meter.
    var meter: EvaluationMeter? { evaluation.meter }

    init(environment: Environment, expression: String, evaluation: Evaluation) {
        self.environment = environment
        self.expression = expression
        self.evaluation = evaluation
    }

    /// The whole pipeline for one context: cache, constant shortcut, parse, evaluate, combine.
    func evaluate(in context: ExpressionContext) throws -> Value? {
        try evaluate(in: context, textLimit: nil).value
    }

    /// The pipeline with an optional bound on the text built in the object and string contexts:
    /// with a `textLimit`, interpolated and converted text stops after that many characters.
    func evaluate(in context: ExpressionContext, textLimit: Int?) throws -> (value: Value?, isTruncated: Bool) {
        let grammar = context.grammar
        let tokens: [Token]
        if let cached = environment.cache.tokens(for: expression, grammar: grammar) {
            tokens = cached
        } else if let constant = ConstantShortcut.result(for: expression, in: context) {
            recorder?.noteConstantShortcut()
            return (constant.value, false)
        } else {
            tokens = try environment.parse(expression, grammar: grammar)
        }
        return try evaluate(tokens, in: context, textLimit: textLimit)
    }

    /// Evaluates already parsed `tokens` (the tree of `expression` in `context`'s grammar).
    func evaluate(
        _ tokens: [Token], in context: ExpressionContext,
        textLimit: Int?
    ) throws -> (value: Value?, isTruncated: Bool) {
        if let limit = textLimit, context != .boolean {
            let (value, isTruncated) = try preview(tokens, in: context == .number ? .object : context, limit: limit)
            return context == .number ? (try number(from: value), false) : (value, isTruncated)
        }
        return (try combine(tokens, in: context), false)
    }

    /// The object and string contexts (<doc:ContextsAndCoercions>), building at most `limit` characters of text; values that are not text stay whole.
    private func preview(_ tokens: [Token], in context: ExpressionContext, limit: Int) throws -> (Value?, Bool) {
        if tokens.count == 1 {
            guard let value = try value(of: tokens[0]), !value.isNull else { return (nil, false) }
            if context == .object { return (value, false) }
            if case .string = value { return (value, false) }
            let (text, isTruncated) = value.text(limit: limit)
            return (.string(text), isTruncated)
        }
        if tokens.isEmpty { return (nil, false) }
        var text = ""
        var remaining = limit
        for token in tokens {
            guard let value = try value(of: token), !value.isNull else { continue }
            let (part, isTruncated) = value.text(limit: remaining)
            text += part
            remaining -= part.count
            if isTruncated || remaining < 0 { return (.string(text), true) }
        }
        return (.string(text), false)
    }

    /// The original's `asArray`: top-level values without interpolation.
    func evaluateTopLevelValues() throws -> [Value] {
        if environment.cache.tokens(for: expression, grammar: .object) == nil,
            ConstantShortcut.result(for: expression, in: .object) != nil
        {
            return [.string(expression)]
        }
        let tokens = try environment.parse(expression, grammar: .object)
        return try tokens.map { try value(of: $0) ?? .null }
    }

    // MARK: Combining (<doc:ContextsAndCoercions>)

    private func combine(_ tokens: [Token], in context: ExpressionContext) throws -> Value? {
        switch context {
        case .object:
            return try interpolate(tokens)
        case .string:
            return try interpolate(tokens).map { value in
                if case .string = value { return value }
                return .string(try evaluation.text(of: value))
            }
        case .number:
            return try number(from: try interpolate(tokens))
        case .boolean:
            guard tokens.count == 1, let token = tokens.first else {
                let offending = tokens.count > 1 ? tokens[1] : nil
                throw ExpressionError(
                    .evaluation, "expecting one and only one value here", expression: expression,
                    range: offending?.absoluteRange ?? SourceRange(location: 0, length: expression.utf16.count),
                    tokenText: offending?.text ?? expression)
            }
            return .boolean(try truth(of: token))
        }
    }

    /// The number context (<doc:ContextsAndCoercions>): the combined value as a decimal (a
    /// ``BigInteger`` stays itself); nil stays nil, anything else that is not a number is an error.
    private func number(from value: Value?) throws -> Value? {
        try ExpressionError.numberContextValue(of: value, expression: expression)
    }

    /// The object context (<doc:ContextsAndCoercions>): one value is itself (NULL → nil); several are concatenated as text, NULL contributing nothing.
    func interpolate(_ tokens: [Token]) throws -> Value? {
        if tokens.count == 1 {
            let value = try self.value(of: tokens[0])
            return value?.isNull == true ? nil : value
        }
        if tokens.isEmpty { return nil }
        var text = ""
        for token in tokens {
            guard let value = try value(of: token), !value.isNull else { continue }
            let part = try budgetedText(of: value)
            try meter?.charge(part.utf8.count)
            text += part
        }
        return .string(text)
    }

    /// A value's text, made under the job's limits: a collection's text never grows past what is left
    /// of the memory budget, and stops at the deadline or a cancellation.
    func budgetedText(of value: Value) throws -> String {
        if case .string(let text) = value { return text }
        return try evaluation.text(of: value, charging: false)
    }

    /// A value as a function's text parameter: a text as itself, anything else written under the
    /// job's limits and charged to its budget (a collection huge as text ends in the budget error).
    func parameterText(of value: Value) throws -> String {
        if case .string(let text) = value { return text }
        return try evaluation.text(of: value)
    }

    // MARK: Tokens (<doc:ExpressionSyntax>)

    /// A token's value; nil stands for "nothing" (recorded as NULL by callers that need it).
    func value(of token: Token) throws -> Value? {
        guard tokenValues != nil else { return try unsharedValue(of: token) }
        return try sharedValue(of: token) { try unsharedValue(of: token) }
    }

    /// A token's value, computed.
    private func unsharedValue(of token: Token) throws -> Value? {
        // Tests note their truth; a reference or a call notes its own value, then each subreference its own.
        if Evaluator.isTest(token.kind) || token.kind == .variableReference || token.kind == .functionCall {
            return try computeValue(of: token)
        }
        return try traced(token) { try computeValue(of: token) }
    }

    /// Runs `body` (which produces `token`'s value) and, while tracing, notes its outcome for `token`
    /// (shown in the step log as `label` from `anchor`, see ``TraceRecorder/recording(_:label:anchor:_:)``).
    func traced(
        _ token: Token, label: String? = nil, anchor: Token? = nil,
        _ body: () throws -> Value?
    ) rethrows -> Value? {
        guard let recorder else { return try body() }
        return try recorder.recording(token, label: label, anchor: anchor, body)
    }

    /// The kinds whose value is their truth: ``truth(of:)`` notes them while tracing.
    static func isTest(_ kind: Token.Kind) -> Bool {
        switch kind {
        case .booleanGrouping, .and, .or, .not, .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan,
            .greaterThanOrEqual:
            return true
        default:
            return false
        }
    }

    private func computeValue(of token: Token) throws -> Value? {
        switch token.kind {
        case .literal:
            if case .rawText(let text) = token.payload { return .string(text) }
            return .string(token.text)
        case .escapeSequence:
            if case .escape(let character) = token.payload { return .string(character) }
            return .string(token.text)
        case .numericLiteral:
            if case .number(let number) = token.payload { return .decimal(number) }
            if case .bigInteger(let number) = token.payload { return .bigInteger(number) }
            return nil
        case .variableReference:
            return try VariableResolver(evaluator: self).resolve(token)
        case .functionCall:
            let result = try traced(token) { try FunctionInvoker(evaluator: self).invoke(token) }
            return try VariableResolver(evaluator: self).applySubreferences(of: token, to: result)
        case .mathExpression, .mathGrouping:
            guard token.children.count == 1 else {
                throw failure(.generic, "Expecting one and only one value here", token)
            }
            return try value(of: token.children[0])
        case .booleanGrouping, .and, .or, .not, .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan,
            .greaterThanOrEqual:
            return .boolean(try truth(of: token))
        case .addition, .subtraction, .multiplication, .division, .modulo:
            return .decimal(try Arithmetic(evaluator: self).compute(token))
        case .subreference, .parameterGroup:
            return nil
        }
    }

    /// Truthiness of a token; operators and groupings produce their boolean directly (<doc:ExpressionSyntax>).
    func truth(of token: Token) throws -> Bool {
        guard let recorder, Evaluator.isTest(token.kind) else { return try computeTruth(of: token) }
        var truth = false
        _ = try recorder.recording(token) { () throws -> Value? in
            truth = try computeTruth(of: token)
            return .boolean(truth)
        }
        return truth
    }

    private func computeTruth(of token: Token) throws -> Bool {
        switch token.kind {
        case .and:
            return try truth(of: token.children[0]) ? try truth(of: token.children[1]) : false
        case .or:
            return try truth(of: token.children[0]) ? true : try truth(of: token.children[1])
        case .not:
            return !(try truth(of: token.children[0]))
        case .booleanGrouping:
            guard token.children.count == 1 else {
                throw failure(.evaluation, "expecting one and only one value here", token)
            }
            return try truth(of: token.children[0])
        case .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            let left = try value(of: token.children[0]) ?? .null
            let right = try value(of: token.children[1]) ?? .null
            return compare(token.kind, left, right)
        default:
            return try value(of: token).isTruthy
        }
    }

    private func compare(_ kind: Token.Kind, _ left: Value, _ right: Value) -> Bool {
        switch kind {
        case .equal: return Comparison.isEqual(left, right)
        case .notEqual: return !Comparison.isEqual(left, right)
        case .lessThan: return Comparison.compare(left, right) == .orderedAscending
        case .lessThanOrEqual: return Comparison.compare(left, right) != .orderedDescending
        case .greaterThan: return Comparison.compare(left, right) == .orderedDescending
        default: return Comparison.compare(left, right) != .orderedAscending
        }
    }

    func failure(_ kind: ExpressionError.Kind, _ message: String, _ token: Token) -> ExpressionError {
        ExpressionError(kind, message, expression: expression, range: token.absoluteRange, tokenText: token.text)
    }
}
