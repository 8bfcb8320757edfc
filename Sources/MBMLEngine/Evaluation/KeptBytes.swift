/// The bytes of the texts a function has kept so far while it builds its result (the values a
/// `^list` collects, the entries of an association, sort keys, distinct values, filtered items,
/// pieces of a join) that nothing charged yet, checked against what is left of the job's memory
/// budget as they grow (``FunctionCall/checkRoom(forKept:)``). The result is charged when the
/// function returns (``EvaluationMeter/keptBytes(of:)``): this is the check that stops it before.
///
/// A text read from a loaded document is a new `String` that no function built and nothing
/// charged: a collection that keeps such texts ends with ``MemoryBudgetExceeded`` as soon as they
/// pass what is left of the budget, before the result is whole. A text that the per-item
/// evaluation built was charged as it was built (``keep(_:evaluating:in:)`` counts only what the
/// evaluation did not charge), so the check fires where the charges alone would, and a fused or
/// parallel path that keeps the same values stops at the same point. The check costs a load of the
/// job's count; a worker of a parallel per-item scope counts its own range.
struct KeptBytes {
    /// The bytes counted so far (saturating at `Int.max`).
    private(set) var total = 0

    /// Counts the text or data `value`, read (not built) and kept, and checks the total.
    mutating func keep(_ value: Value, in call: FunctionCall) throws {
        try add(EvaluationMeter.ownBytes(of: value), in: call)
    }

    /// Evaluates `expression` per item and counts what its value holds past what the evaluation
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

    /// Counts `bytes` more kept (a piece of text, a key) and checks the total against the budget.
    mutating func add(_ bytes: Int, in call: FunctionCall) throws {
        guard bytes > 0 else { return }
        let (sum, overflow) = total.addingReportingOverflow(bytes)
        total = overflow ? .max : sum
        try call.checkRoom(forKept: total)
    }
}
