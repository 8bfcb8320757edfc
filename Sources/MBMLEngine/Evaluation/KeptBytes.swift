/// The bytes of the texts a function keeps while it builds its result (the values a `^list`
/// collects, the entries of an association, sort keys, distinct values, filtered items, pieces of a
/// join) that nothing charged yet, charged to the job's memory budget as they are kept.
///
/// A text read from a loaded document is a new `String` that no function built and nothing
/// charged when it was read: a collection that keeps such texts ends with ``MemoryBudgetExceeded``
/// as soon as they pass the budget, before the result is whole, serially and in parallel alike
/// (every worker of a parallel per-item scope charges the job's one count). A text that the
/// per-item evaluation built was charged as it was built: ``keep(_:evaluating:)`` charges only what
/// the evaluation did not, so a list of built texts is charged as before. The result is charged
/// again when the function returns (``EvaluationMeter/keptBytes(of:)``): the count is of bytes built
/// and kept, an estimate from above.
struct KeptBytes {
    /// The bytes charged so far (saturating at `Int.max`).
    private(set) var total = 0

    /// Charges the text or data `value`, read (not built) and kept.
    mutating func keep(_ value: Value, in call: FunctionCall) throws {
        try add(EvaluationMeter.ownBytes(of: value), in: call)
    }

    /// Evaluates `expression` per item and charges what its value holds past what the evaluation
    /// charged; the value, or nil (a swallowed error, as ``FunctionCall/evaluateQuietly(_:)``).
    mutating func keep(
        _ call: FunctionCall, evaluating expression: RepeatedEvaluation
    ) throws -> Value? {
        let before = call.meter?.chargedThroughHere ?? 0
        guard let value = try call.evaluateQuietly(expression) else { return nil }
        let charged = (call.meter?.chargedThroughHere ?? 0) &- before
        let own = EvaluationMeter.ownBytes(of: value)
        if own > charged { try add(own &- charged, in: call) }
        return value
    }

    /// Charges `bytes` more kept (a piece of text, a key).
    /// - Throws: ``MemoryBudgetExceeded`` when that passes the budget.
    mutating func add(_ bytes: Int, in call: FunctionCall) throws {
        guard bytes > 0 else { return }
        let (sum, overflow) = total.addingReportingOverflow(bytes)
        total = overflow ? .max : sum
        try call.chargeMemory(bytes)
    }
}
