import MBMLEngine

/// Evaluating the editor's text (``InspectorEffect/evaluation(_:)``).
enum EvaluationEffect: Equatable {
    /// Parse and evaluate the editor's text (answer with `.parsed`, `.evaluated` for the rows as
    /// they come and when they are all there, then `.traced`).
    case evaluate(text: String, generation: Int)
    /// Abandon the running evaluation.
    case cancelEvaluation
    /// Work out the steps of `text` in `context` off the UI thread (answer with `.stepsComputed`).
    case computeSteps(text: String, context: ExpressionContext, generation: Int)
}
