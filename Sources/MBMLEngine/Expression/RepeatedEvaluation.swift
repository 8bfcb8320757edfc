/// An expression that a function evaluates once per item of a collection (a `^filter` test, a
/// `^list` value, a `^sort` comparison): looked up, checked for the constant shortcut and parsed
/// once, then evaluated for every item without going back to the expression cache.
///
/// Results are those of ``Environment/evaluate(_:in:)`` on the same text: the same constant
/// shortcut, the same tree, the same parse error (thrown, and so logged, on every evaluation), and a
/// traced evaluation still records every step.
struct RepeatedEvaluation {
    let expression: String
    let context: ExpressionContext
    let plan: Plan
    /// The plan's fast path, when the expression has one of its shapes (``ItemFastPath``).
    let fastPath: ItemFastPath?

    init(expression: String, context: ExpressionContext, plan: Plan) {
        self.expression = expression
        self.context = context
        self.plan = plan
        fastPath = ItemFastPath(plan: plan, context: context)
    }

    enum Plan {
        case tokens([Token])
        case constant(Value?)
        case failure(Error)
    }
}

extension Environment {
    /// Prepares `expression` for evaluating in `context` many times.
    func prepareRepeated(_ expression: String, in context: ExpressionContext) -> RepeatedEvaluation {
        let plan: RepeatedEvaluation.Plan
        if let cached = cache.tokens(for: expression, grammar: context.grammar) {
            plan = .tokens(cached)
        } else if let constant = ConstantShortcut.result(for: expression, in: context) {
            plan = .constant(constant.value)
        } else {
            do {
                plan = .tokens(try parse(expression, grammar: context.grammar))
            } catch {
                plan = .failure(error)
            }
        }
        return RepeatedEvaluation(expression: expression, context: context, plan: plan)
    }

    /// The fast path ``evaluate(_:within:)`` tries for `repeated` in `evaluation`, if any: only where
    /// the general one would nest the evaluation in the running job without a trace — inside it
    /// (not at the top level), not past the nesting limit.
    func fastPath(of repeated: RepeatedEvaluation, in evaluation: Evaluation) -> ItemFastPath? {
        guard let fastPath = repeated.fastPath, evaluation.depth > 0, evaluation.depth < maximumNestingDepth,
            evaluation.captures.isEmpty
        else { return nil }
        return fastPath
    }

    /// Evaluates a prepared expression in `evaluation`, as ``evaluate(_:in:within:)`` evaluates its text.
    func evaluate(_ repeated: RepeatedEvaluation, within evaluation: Evaluation) throws -> Value? {
        if let fastPath = fastPath(of: repeated, in: evaluation), let value = try fastPath.evaluate(in: evaluation) {
            return value
        }
        return try evaluate(repeated.expression, in: repeated.context, within: evaluation) { evaluator in
            switch repeated.plan {
            case .tokens(let tokens): return try evaluator.evaluate(tokens, in: repeated.context, textLimit: nil).value
            case .constant(let value): return value
            case .failure(let error): throw error
            }
        }
    }
}

extension FunctionCall {
    /// Prepares `expression` for evaluating in `context` once per item.
    func repeated(_ expression: String, as context: ExpressionContext) -> RepeatedEvaluation {
        environment.prepareRepeated(expression, in: context)
    }

    /// Evaluates a prepared expression, logging and swallowing any error (the failure reads as nil)
    /// but the job's stop, which it throws.
    func evaluateQuietly(_ repeated: RepeatedEvaluation) throws -> Value? {
        do {
            return try environment.evaluate(repeated, within: evaluation)
        } catch {
            try evaluation.checkStop()
            evaluation.write(describing(error), to: environment.log)
            return nil
        }
    }

    /// Evaluates a prepared boolean expression, logging and swallowing any error (false) but the
    /// job's stop, which it throws.
    func evaluateBooleanQuietly(_ repeated: RepeatedEvaluation) throws -> Bool {
        do {
            return try environment.evaluate(repeated, within: evaluation)?.isTruthy ?? false
        } catch {
            try evaluation.checkStop()
            evaluation.write(describing(error), to: environment.log)
            return false
        }
    }
}

extension RepeatedEvaluation {
    /// This expression as a worker of a parallel per-item scope (``ParallelItemScope``) evaluates
    /// it: with a text and a tree of its own, parsed again, so that the worker's evaluations retain
    /// and release no token (nor text) that another core's evaluations retain and release too. The
    /// tree is the one the cache holds (the same text and grammar parse the same). On any call that
    /// is not such a worker, the expression itself; and the expression itself when its plan is not
    /// the parse of its whole text (a part of a tree, such as ``ReduceSum``'s term or
    /// ``leftComparisonOperand``), since parsing the text again would evaluate the whole.
    func unshared(for call: FunctionCall) -> RepeatedEvaluation {
        guard call.evaluation.isWorker, case .tokens(let planned) = plan else { return self }
        let text = String(decoding: Array(expression.utf8), as: UTF8.self)
        guard let tokens = try? call.environment.parse(text, grammar: context.grammar, caching: false),
            tokens == planned
        else {
            return self
        }
        return RepeatedEvaluation(expression: text, context: context, plan: .tokens(tokens))
    }

    /// The parsed tree, when the expression parsed (nil for a constant or a parse error).
    var tokens: [Token]? {
        if case .tokens(let tokens) = plan { return tokens }
        return nil
    }

    /// When the whole expression is one comparison (`L -EQ R`, `L -LT R`, …) of two operands: the
    /// left operand alone, evaluated in the object context as the comparison evaluates it (nil reads
    /// as NULL), with the comparison's kind; else nil.
    var leftComparisonOperand: (operand: RepeatedEvaluation, kind: Token.Kind)? {
        guard case .tokens(let tokens) = plan, tokens.count == 1, let root = tokens.first,
            root.children.count == 2
        else { return nil }
        switch root.kind {
        case .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            let operand = RepeatedEvaluation(
                expression: expression, context: .object, plan: .tokens([root.children[0]]))
            return (operand, root.kind)
        default:
            return nil
        }
    }
}
