import Foundation

/// An expression parsed once per grammar: its text, the token tree of each context it was prepared
/// for, or the parse error. The token pane, evaluation, traces and hints all read the same parse
/// (see ``Environment/prepare(_:contexts:)``).
public struct PreparedExpression: Sendable, Equatable {
    /// The expression text.
    public let text: String
    private let parses: [Grammar: Result<[Token], ExpressionError>]

    init(text: String, parses: [Grammar: Result<[Token], ExpressionError>]) {
        self.text = text
        self.parses = parses
    }

    /// The token tree of `context`, or its parse error. Nil when the expression was not prepared
    /// for `context`.
    public func parse(in context: ExpressionContext) -> Result<[Token], ExpressionError>? {
        parses[context.grammar]
    }

    /// The token tree of `context` (empty when it does not parse or was not prepared).
    public func tokens(in context: ExpressionContext) -> [Token] {
        (try? parses[context.grammar]?.get()) ?? []
    }

    /// The parse error of `context`, if the text does not parse with its grammar.
    public func parseError(in context: ExpressionContext) -> ExpressionError? {
        if case .failure(let error)? = parses[context.grammar] { return error }
        return nil
    }
}

extension Environment {
    /// Parses `text` once for each grammar of `contexts` (object and string share one), without
    /// storing the trees in the expression cache: preparing never changes a later result.
    public func prepare(_ text: String, contexts: [ExpressionContext] = ExpressionContext.allCases)
        -> PreparedExpression
    {
        var parses: [Grammar: Result<[Token], ExpressionError>] = [:]
        for context in contexts where parses[context.grammar] == nil {
            do {
                parses[context.grammar] = .success(try parse(text, grammar: context.grammar, caching: false))
            } catch {
                parses[context.grammar] = .failure(TraceOutcome.expressionError(error, in: text))
            }
        }
        return PreparedExpression(text: text, parses: parses)
    }

    /// Evaluates a prepared expression as ``evaluate(_:in:)`` would, using its token tree instead of
    /// parsing again (the cache and the constant shortcut behave as for ``evaluate(_:in:)``).
    /// With a `textLimit`, behaves as ``evaluatePreview(_:in:limit:within:)``. `prepared` must come from
    /// this environment's ``prepare(_:contexts:)`` (its trees froze this environment's input types).
    ///
    /// - Parameters:
    ///   - prepared: the text and its trees.
    ///   - context: the context to evaluate it in.
    ///   - textLimit: with a limit, at most that many characters of text are built.
    ///   - evaluation: the job (nil: a new one under this environment's limits).
    ///   - sharing: the values of references, calls and math expressions shared with the
    ///     evaluations of the same text in other contexts (``SharedTokenValues``): hand the same
    ///     object to each context's evaluation and what they read alike is evaluated once.
    /// - Returns: the value (a prefix when `isTruncated`) and whether text was cut.
    public func evaluate(
        _ prepared: PreparedExpression, in context: ExpressionContext,
        textLimit: Int? = nil, within evaluation: Evaluation? = nil, sharing: SharedTokenValues? = nil
    ) throws -> (value: Value?, isTruncated: Bool) {
        try evaluate(
            prepared, in: context, textLimit: textLimit, recorder: nil, within: evaluation ?? makeEvaluation(),
            sharing: sharing)
    }

    func evaluate(
        _ prepared: PreparedExpression, in context: ExpressionContext, textLimit: Int?,
        recorder: TraceRecorder?, within evaluation: Evaluation, sharing: SharedTokenValues? = nil
    ) throws -> (value: Value?, isTruncated: Bool) {
        let text = prepared.text
        if text.isEmpty { return (nil, false) }
        return try withDepth(text, in: evaluation) { _ in
            var evaluator = Evaluator(environment: self, expression: text, evaluation: evaluation)
            evaluator.recorder = recorder
            evaluator.tokenValues = sharing
            let grammar = context.grammar
            guard cache.tokens(for: text, grammar: grammar) == nil,
                ConstantShortcut.result(for: text, in: context) == nil,
                let parsed = prepared.parse(in: context)
            else {
                return try evaluator.evaluate(in: context, textLimit: textLimit)
            }
            let tokens = try parsed.get()
            cache.store(tokens, for: text, grammar: grammar)
            return try evaluator.evaluate(tokens, in: context, textLimit: textLimit)
        }
    }
}
