import MBMLEngine

/// Evaluates the same expressions in two environments for the compare pane.
enum SpaceComparison {
    /// The editor's `text` in every context (nothing when it is empty), then every pin, each in both
    /// environments.
    static func rows(text: String, pins: [Expectation], first: Environment, second: Environment) -> [CompareRow] {
        var rows: [CompareRow] = []
        if !text.isEmpty {
            for context in ExpressionContext.allCases {
                rows.append(
                    CompareRow(
                        label: context.rawValue, first: outcome(text, context, in: first),
                        second: outcome(text, context, in: second)))
            }
        }
        let firstChecker = ExpectationChecker(environment: first)
        let secondChecker = ExpectationChecker(environment: second)
        for pin in pins {
            rows.append(
                CompareRow(
                    label: pin.expression, first: firstChecker.evaluate(pin),
                    second: secondChecker.evaluate(pin)))
        }
        return rows
    }

    private static func outcome(_ text: String, _ context: ExpressionContext, in environment: Environment)
        -> ObservedOutcome
    {
        ExpectationChecker(environment: environment)
            .evaluate(Expectation(id: context.rawValue, context: context, expression: text, expected: .watch))
    }
}
