/// Placeholder replaced by the real evaluator in the next commit.
struct Evaluator {
    let environment: Environment
    let expression: String
    func evaluate(in context: ExpressionContext) throws -> Value? { nil }
    func evaluateTopLevelValues() throws -> [Value] { [] }
}
