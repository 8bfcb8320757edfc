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
    /// What the evaluation wrote to the log (`^log`, `^dump`, `^tokenize`, swallowed errors),
    /// prefixed with the context.
    public var logLines: [String]

    public init(text: String, generation: Int, results: [ExpressionContext: ContextResult], logLines: [String] = []) {
        self.text = text
        self.generation = generation
        self.results = results
        self.logLines = logLines
    }

    /// The error that makes the text invalid: a syntax error in the object context, or an error in
    /// every context. Nil when at least one context produced something meaningful.
    public var invalidity: ExpressionError? {
        if let error = results[.object]?.error, error.kind == .syntax { return error }
        let errors = ExpressionContext.allCases.compactMap { results[$0]?.error }
        return errors.count == ExpressionContext.allCases.count ? errors.first : nil
    }
}

/// The results pane: the rows on show, the last valid ones, and whether an evaluation is running.
public struct ResultsState: Equatable {
    /// The results shown (the last valid ones while ``invalidError`` is set).
    public var shown: [ExpressionContext: ContextResult] = [:]
    /// Why the current text is invalid; the rows then show the last valid results, dimmed.
    public var invalidError: ExpressionError?
    /// The text the shown results belong to.
    public var shownText = ""
    /// The generation of the latest requested evaluation.
    public var requestedGeneration = 0
    /// The generation of the results on show.
    public var shownGeneration = 0
    /// The row selected in the results pane.
    public var selected: ExpressionContext = .object

    public var isEvaluating: Bool { shownGeneration < requestedGeneration }
    public var isStale: Bool { invalidError != nil }
}
