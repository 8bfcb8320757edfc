import MBMLEngine

/// What evaluating the expression in one context gave.
enum ContextResult: Equatable {
    /// A value.
    case value(Value)
    /// No value (an unset variable, empty text, ...).
    case noValue
    /// An error, with the range it points at.
    case error(ExpressionError)

    var error: ExpressionError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

/// The four results of one evaluation.
struct EvaluationOutcome: Equatable {
    /// The text that was evaluated.
    var text: String
    /// Which edit of the text this evaluation answers (stale outcomes are ignored).
    var generation: Int
    /// The result of each context the text parses in (see ``InspectorState/parseError(in:)``).
    var results: [ExpressionContext: ContextResult]
    /// What the evaluation wrote to the log (`^log`, `^dump`, `^tokenize`, swallowed errors),
    /// prefixed with the context.
    var logLines: [String]
    /// What each token produced, per context (the string context shares the object context's).
    var traces: [ExpressionContext: ExpressionTrace] = [:]
    /// The hints about the text, per context.
    var hints: [ExpressionContext: [Hint]] = [:]
    /// False for the rows an evaluation hands over while it goes on (object first): only
    /// ``results`` is set then; the complete outcome repeats them with everything else.
    var isComplete = true

    init(text: String, generation: Int, results: [ExpressionContext: ContextResult], logLines: [String] = []) {
        self.text = text
        self.generation = generation
        self.results = results
        self.logLines = logLines
    }
}

/// The results pane: the rows on show, and whether an evaluation is running.
///
/// When the text does not parse in a context (``InspectorState/isInvalid(_:)``), that context's
/// row keeps its last valid result, dimmed, and the editor points at the parse error.
struct ResultsState {
    /// The result shown for each context (the last good one for contexts the text is invalid in).
    var shown: [ExpressionContext: ContextResult] = [:]
    /// The last result of each context that was not an error, shown (dimmed) while the text
    /// does not parse in that context.
    var lastGood: [ExpressionContext: ContextResult] = [:]
    /// The text of the latest evaluation.
    var shownText = ""
    /// The generation of the latest requested evaluation.
    var requestedGeneration = 0
    /// The generation of the results on show.
    var shownGeneration = 0
    /// The row selected in the results pane.
    var selected: ExpressionContext = .object
    /// The results on show when a reload arrived, with their text: the next evaluation of the same
    /// text marks the contexts whose result it changed.
    var beforeReload: (text: String, results: [ExpressionContext: ContextResult])?
    /// The contexts whose result the last reload changed (until the text is edited).
    var changedByReload: Set<ExpressionContext> = []
    /// What each token produced in the evaluation on show, per context (see ``TokenPaneRows``).
    var traces: [ExpressionContext: ExpressionTrace] = [:]
    /// The hints about the text on show, per context.
    var hints: [ExpressionContext: [Hint]] = [:]

    /// The contexts whose row the running evaluation has already handed over (see
    /// ``EvaluationOutcome/isComplete``), and the evaluation they are of.
    var arrived: (generation: Int, contexts: Set<ExpressionContext>) = (0, [])

    var isEvaluating: Bool { shownGeneration < requestedGeneration }

    /// The evaluation whose traces are on show, or that will bring none (cancelled).
    var tracedGeneration = 0

    /// Whether the rows on show still wait for their traces (made after the rows): the token pane
    /// shows the parse meanwhile, without values.
    var isTracing: Bool { !isEvaluating && tracedGeneration < shownGeneration }

    /// Whether `context`'s row waits for the running evaluation while others already show its
    /// results (drawn as `…`, not as the result of an earlier text).
    func isWaiting(for context: ExpressionContext) -> Bool {
        isEvaluating && arrived.generation == requestedGeneration && !arrived.contexts.contains(context)
    }
}
