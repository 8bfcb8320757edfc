extension Environment {
    /// Computes the dynamic variable `name` (its declared `expression`, in its `context`) as part of
    /// `evaluation`, as a read of `name` computes it — a read of `name` from inside its own
    /// expression is a re-entry and reads as nil, and the job counts as computing a dynamic variable
    /// meanwhile (``DynamicValueExchange``) — but throwing its error instead of logging it: what a
    /// host that shows each variable's value or failure (the inspector's tree) computes.
    public func computeDynamicVariable(
        _ name: String, expression: String, context: ExpressionContext, within evaluation: Evaluation
    ) throws -> Value? {
        evaluation.variables.computing.append(name)
        defer { evaluation.variables.computing.removeLast() }
        return try evaluate(expression, in: context, within: evaluation)
    }
}
