import MBMLEngine

/// One row of the token pane: a token of the flattened tree with its depth and, once the text was
/// evaluated, what it produced (see ``TokenPaneRows``).
struct TokenRow: Equatable {
    var token: Token
    var depth: Int
    /// The token's value, error or why it was not evaluated; nil before the evaluation arrives.
    var outcome: TraceOutcome? = nil
    /// For a function parameter: the context the function evaluated it in.
    var parameterContext: ExpressionContext? = nil
    /// How many times the token was evaluated (a per-item parameter once per item).
    var evaluationCount = 0
    /// The first few outcomes, when it was evaluated more than once.
    var outcomes: [TraceOutcome] = []
}
