import MBMLEngine

/// What evaluating the expression in one context gave.
public enum ContextResult: Equatable {
    /// A value.
    case value(Value)
    /// No value (an unset variable, empty text, ...).
    case noValue
    /// An error, with the range it points at.
    case error(ExpressionError)

    public var error: ExpressionError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

/// The four results of one evaluation.
public struct EvaluationOutcome: Equatable {
    /// The text that was evaluated.
    public var text: String
    /// Which edit of the text this evaluation answers (stale outcomes are ignored).
    public var generation: Int
    public var results: [ExpressionContext: ContextResult]
    /// The contexts whose grammar could not parse the text, with the parse error. These contexts
    /// have no result: the text is invalid there.
    public var parseFailures: [ExpressionContext: ExpressionError]
    /// What the evaluation wrote to the log (`^log`, `^dump`, `^tokenize`, swallowed errors),
    /// prefixed with the context.
    public var logLines: [String]
    /// What each token produced, per context (the string context shares the object context's).
    public var traces: [ExpressionContext: ExpressionTrace] = [:]
    /// The hints about the text, per context.
    public var hints: [ExpressionContext: [Hint]] = [:]

    public init(text: String, generation: Int, results: [ExpressionContext: ContextResult],
                parseFailures: [ExpressionContext: ExpressionError] = [:], logLines: [String] = []) {
        self.text = text
        self.generation = generation
        self.results = results
        self.parseFailures = parseFailures
        self.logLines = logLines
    }
}

/// The results pane: the rows on show, and whether an evaluation is running.
///
/// When the text does not parse in a context, that context's row keeps its last valid result,
/// dimmed (the context is in ``invalid``), and the editor points at the parse error.
public struct ResultsState {
    /// The result shown for each context (the last good one for contexts in ``invalid``).
    public var shown: [ExpressionContext: ContextResult] = [:]
    /// The last result of each context that was not an error, shown (dimmed) while the text
    /// does not parse in that context.
    public var lastGood: [ExpressionContext: ContextResult] = [:]
    /// The contexts in which the current text does not parse, with the error.
    public var invalid: [ExpressionContext: ExpressionError] = [:]
    /// The text of the latest evaluation.
    public var shownText = ""
    /// The generation of the latest requested evaluation.
    public var requestedGeneration = 0
    /// The generation of the results on show.
    public var shownGeneration = 0
    /// The row selected in the results pane.
    public var selected: ExpressionContext = .object
    /// The results on show when a reload arrived, with their text: the next evaluation of the same
    /// text marks the contexts whose result it changed.
    public var beforeReload: (text: String, results: [ExpressionContext: ContextResult])?
    /// The contexts whose result the last reload changed (until the text is edited).
    public var changedByReload: Set<ExpressionContext> = []
    /// What each token produced in the evaluation on show, per context (see ``TokenPaneRows``).
    public var traces: [ExpressionContext: ExpressionTrace] = [:]
    /// The hints about the text on show, per context.
    public var hints: [ExpressionContext: [Hint]] = [:]

    public var isEvaluating: Bool { shownGeneration < requestedGeneration }

    /// Whether the row of `context` shows a result of an earlier text.
    public func isStale(_ context: ExpressionContext) -> Bool {
        invalid[context] != nil
    }

    /// The parse error to point at: the first invalid context's, in pane order.
    public var invalidError: (context: ExpressionContext, error: ExpressionError)? {
        for context in ExpressionContext.allCases {
            if let error = invalid[context] { return (context, error) }
        }
        return nil
    }
}
