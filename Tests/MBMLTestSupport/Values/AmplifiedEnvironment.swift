import MBMLEngine

/// An environment whose `$big` is small in memory and huge as text (issue 29, item 2): `$a` is a
/// text of about 20 KB, `$b` holds 100 references to it, `$big` 100 references to `$b` — a few
/// kilobytes held, about 200 MB as text. The tests that use it check that every text made from a
/// value is written under the job's budget.
public enum AmplifiedEnvironment {
    /// The environment, its options' memory budget `budget` bytes; `$a` joins the integers 1 to
    /// 1,000 with `separator`.
    ///
    /// `$b` and `$big` are made without a budget: each collection that keeps a text is charged its
    /// bytes (the engine's one rule for what an evaluation keeps), so 100 references to one text
    /// cost what 100 texts would.
    public static func make(budget: Int, separator: String = ", and so on ") throws -> Environment {
        var options = EnvironmentOptions()
        options.maximumEvaluationBytes = budget
        let environment = Environment(options: options)
        environment.variables.declare(
            "a", value: try environment.evaluate("^join(^arrayFilledWithIntegers(1|1000)|\(separator))", in: .object))
        let unbounded = EvaluationLimits(maximumBytes: 0)
        let hundredA = Array(repeating: "$a", count: 100).joined(separator: "|")
        environment.variables.declare(
            "b", value: try environment.evaluate("^array(\(hundredA))", in: .object, limits: unbounded))
        let hundredB = Array(repeating: "$b", count: 100).joined(separator: "|")
        environment.variables.declare(
            "big", value: try environment.evaluate("^array(\(hundredB))", in: .object, limits: unbounded))
        return environment
    }
}
