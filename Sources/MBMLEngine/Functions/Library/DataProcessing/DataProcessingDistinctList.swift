extension DataProcessingFunctions {
    /// `^list` as the argument of `^unique` computes it (``FunctionDefinition/distinctResults``):
    /// the distinct values of the list in the order they first occur, without the list.
    ///
    /// Every item is evaluated as `^list` evaluates it — the same per-item scope (in parallel under
    /// the same rule, ``FunctionCall/overItems(count:evaluating:binding:stopsAfter:_:)``), the same
    /// swallowed errors and log lines in item order, the same stops — but each range keeps only its
    /// distinct values (with their hashes) and how many values it gave; the ranges are merged in
    /// item order, so the first occurrence of each value is kept, as `^unique` keeps it. The memory
    /// budget is charged what the whole list would have been: the values past the distinct ones
    /// here, the distinct ones with the result (``FunctionInvoker``), before `^unique` reads them.
    static func distinctList(_ call: FunctionCall) throws -> Value? {
        guard let (entries, lister, expressions) = try Lister.start(call) else { return .array([]) }
        call.evaluation.distinctListRuns += 1
        let parts = try call.overItems(count: entries.count, evaluating: expressions, binding: Lister.bound) {
            call, range -> (count: Int, distinct: [HashedValue]) in
            let lister = Lister(
                call: call, intermediates: lister.intermediates,
                valueExpression: lister.valueExpression.unshared(for: call))
            var seen = Set<HashedValue>()
            var distinct: [HashedValue] = []
            var count = 0
            var values: [Value] = []
            try entries.withItemReader { entries in
                for position in range {
                    try call.checkCancellation()
                    let entry = entries(position)
                    values.removeAll(keepingCapacity: true)
                    if call.steps == nil {
                        try call.evaluation.withRootItem(entry.item, key: entry.key) {
                            try lister.collect(depth: 0, into: &values)
                        }
                    } else {
                        try call.withBindings(entry.rootBindings) { try lister.collect(depth: 0, into: &values) }
                    }
                    count += values.count
                    for value in values {
                        let candidate = HashedValue(value)
                        if seen.insert(candidate).inserted { distinct.append(candidate) }
                    }
                }
            }
            return (count, distinct)
        }
        if parts.count == 1 {
            try call.chargeMemory((parts[0].count - parts[0].distinct.count) * EvaluationMeter.elementBytes)
            return .array(parts[0].distinct.map(\.value))
        }
        var seen = Set<HashedValue>(minimumCapacity: parts.map(\.distinct.count).max() ?? 0)
        var distinct: [Value] = []
        var check = call.loopCheck()
        for part in parts {
            for candidate in part.distinct {
                try check.step()
                if seen.insert(candidate).inserted { distinct.append(candidate.value) }
            }
        }
        let count = parts.reduce(0) { $0 + $1.count }
        try call.chargeMemory((count - distinct.count) * EvaluationMeter.elementBytes)
        return .array(distinct)
    }
}

extension FunctionDefinition {
    /// This definition with ``distinctResults``.
    func givingDistinctResults(_ implementation: @escaping Implementation) -> FunctionDefinition {
        var definition = self
        definition.distinctResults = implementation
        return definition
    }

    /// This definition with ``keepsDistinctElements``.
    func keepingDistinctElements() -> FunctionDefinition {
        var definition = self
        definition.keepsDistinctElements = true
        return definition
    }
}
