import Foundation

extension PreparedExpression {
    /// Whether every context reads the text as one and the same reference, function call or math
    /// expression (`$cats.count`, `^count($cats)`, `#($count + 1)`): one top-level token, the same
    /// tree in the object, math and boolean grammars. Then the contexts differ only in how they combine that one value
    /// (<doc:ContextsAndCoercions>), so the object context's result, coerced with
    /// ``ExpressionTrace/coerced(to:within:)``, is every context's result and the text needs evaluating once.
    ///
    /// False for anything else: several top-level values (`x $a`, interpolated in the object context,
    /// an error in the boolean one), operators (`$a - 1`), literals and grouping (which take the
    /// constant shortcut or read differently per grammar), or a text whose trees differ per grammar
    /// (`$cats[1]`: the index is text in the object grammar, a number in the math one).
    public var readsOneValueInEveryContext: Bool {
        guard case .success(let object)? = parse(in: .object), object.count == 1,
            [.variableReference, .functionCall, .mathExpression].contains(object[0].kind)
        else { return false }
        for context in [ExpressionContext.number, .boolean] {
            guard case .success(let tokens)? = parse(in: context), tokens == object else { return false }
        }
        return true
    }
}

extension ExpressionTrace {
    /// This object-context trace as `context` would have ended it, when the text reads one value in
    /// every context (``PreparedExpression/readsOneValueInEveryContext``): the same nodes, the result
    /// combined as `context` combines one value (<doc:ContextsAndCoercions>): the string context its
    /// text, the number context its decimal (nil stays nil; a value with no number form is the
    /// "could not be interpreted as an NSNumber" error), the boolean context its truthiness. An error
    /// stays the error (every context stops at the same token).
    public func coerced(to target: ExpressionContext, within evaluation: Evaluation? = nil) -> ExpressionTrace {
        var result = self.result
        if case .value(let value) = result {
            do {
                result = .value(try Self.combine(value, as: target, expression: expression, within: evaluation))
            } catch {
                result = .error(TraceOutcome.expressionError(error, in: expression))
            }
        }
        return ExpressionTrace(
            expression: expression, context: target, nodes: nodes, result: result, isTruncated: isTruncated,
            usedConstantShortcut: usedConstantShortcut)
    }

    /// One top-level value (nil: no value) as the result of `context`.
    static func combine(
        _ value: Value?, as context: ExpressionContext, expression: String, within evaluation: Evaluation?
    ) throws -> Value? {
        switch context {
        case .object:
            return value
        case .string:
            guard let value else { return nil }
            if case .string = value { return value }
            return .string(try (evaluation ?? Evaluation()).text(of: value))
        case .number:
            return try ExpressionError.numberContextValue(of: value, expression: expression)
        case .boolean:
            return .boolean(value.isTruthy)
        }
    }
}

extension ExpressionError {
    /// The number context's result for a combined value (<doc:ContextsAndCoercions>): its decimal (a
    /// ``BigInteger`` stays itself);
    /// nil stays nil; a value with no number form is the ``notANumberMessage`` error about the whole
    /// `expression`.
    static func numberContextValue(of value: Value?, expression: String) throws -> Value? {
        guard let value else { return nil }
        if case .bigInteger = value { return value }
        guard let number = value.decimalValue else {
            throw ExpressionError(
                .evaluation, notANumberMessage, expression: expression,
                range: SourceRange(location: 0, length: expression.utf16.count), tokenText: expression)
        }
        return .decimal(number)
    }
}
