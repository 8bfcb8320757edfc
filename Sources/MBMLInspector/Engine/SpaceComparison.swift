import MBMLEngine

/// Evaluates the same expressions in two environments for the compare pane.
enum SpaceComparison {
    /// The editor's `text` in every context (nothing when it is empty), then every pin, each in both
    /// environments; every evaluation stops when `limits` says (the evaluation lane's cancellation).
    static func rows(
        text: String, pins: [Expectation], first: Environment, second: Environment,
        limits: EvaluationLimits = EvaluationLimits()
    ) -> [CompareRow] {
        var rows: [CompareRow] = []
        if !text.isEmpty {
            for context in ExpressionContext.allCases {
                rows.append(
                    CompareRow(
                        label: context.rawValue, first: outcome(text, context, in: first, limits: limits),
                        second: outcome(text, context, in: second, limits: limits)))
            }
        }
        let firstChecker = ExpectationChecker(environment: first, isCancelled: limits.isCancelled)
        let secondChecker = ExpectationChecker(environment: second, isCancelled: limits.isCancelled)
        for pin in pins {
            rows.append(
                CompareRow(
                    label: pin.expression, first: firstChecker.evaluate(pin),
                    second: secondChecker.evaluate(pin)))
        }
        return rows
    }

    private static func outcome(
        _ text: String, _ context: ExpressionContext, in environment: Environment, limits: EvaluationLimits
    ) -> ObservedOutcome {
        ExpectationChecker(environment: environment, isCancelled: limits.isCancelled)
            .evaluate(Expectation(id: context.rawValue, context: context, expression: text, expected: .watch))
    }
}
