/// What a function has kept so far while it builds its result (the values a `^list` collects, the
/// entries of an association, sort keys, distinct values, filtered items, pieces of a join),
/// counted by the rule of ``EvaluationMeter/keptBytes(of:)`` and checked against what is left of
/// the job's memory budget as it grows (``FunctionCall/checkRoom(forKept:)``).
///
/// The check is per value kept and costs a load of the job's count: a text read from a loaded
/// document (a new `String`, never charged when read) ends the evaluation with
/// ``MemoryBudgetExceeded`` as soon as what is kept passes the budget, before the result is
/// whole. A worker of a parallel per-item scope counts its own range.
struct KeptBytes {
    /// The bytes kept so far (saturating at `Int.max`).
    private(set) var total = 0

    /// Counts `value`, kept as an element of the result, and checks the total against the budget.
    mutating func keep(_ value: Value, in call: FunctionCall) throws {
        try add(EvaluationMeter.elementBytes(keeping: value), in: call)
    }

    /// Counts `bytes` more kept (a piece of text, a key) and checks the total against the budget.
    mutating func add(_ bytes: Int, in call: FunctionCall) throws {
        let (sum, overflow) = total.addingReportingOverflow(max(0, bytes))
        total = overflow ? .max : sum
        try call.checkRoom(forKept: total)
    }
}
