import Synchronization

extension DataProcessingFunctions {
    /// `^list` without intermediates split between workers (``ParallelItemScope``). Each item gives
    /// at most one value, so each range writes its values straight into the result's storage, from
    /// the first slot of the range on, and the ranges are moved together in item order once all are
    /// done: the values are held once, not in a list per range and again in the result.
    struct ListInPlace {
        let entries: CollectionSupport.Entries
        let valueExpression: RepeatedEvaluation

        /// The values, in item order, as the serial `^list` gives them (its errors, log lines and
        /// stops too: the scope is ``FunctionCall/overItems(count:evaluating:binding:stopsAfter:_:)``).
        func run(in call: FunctionCall) throws -> [Value] {
            let count = entries.count
            return try [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
                initialized = 0
                guard let base = buffer.baseAddress else { return }
                // The slots each range filled, by its first position: a range run again (after a
                // budget stop) first lets go of what it wrote, and on an error all are let go.
                let written = Mutex<[Int: Int]>([:])
                func release(_ start: Int) {
                    if let filled = written.withLock({ $0.removeValue(forKey: start) }) {
                        (base + start).deinitialize(count: filled)
                    }
                }
                let ranges: [Range<Int>]
                do {
                    ranges = try call.overItems(
                        count: count, evaluating: [valueExpression], binding: ["item", "key", "root", "rootKey"]
                    ) { call, range -> Range<Int> in
                        release(range.lowerBound)
                        let valueExpression = valueExpression.unshared(for: call)
                        var filled = 0
                        var kept = KeptBytes()
                        defer { written.withLock { $0[range.lowerBound] = filled } }
                        try entries.withItemReader { entries in
                            for position in range {
                                try call.checkCancellation()
                                let entry = entries(position)
                                // A parallel scope is never traced step by step: no list of bindings to note.
                                if let value = try call.evaluation.withRootItem(
                                    entry.item, key: entry.key, { try kept.keep(call, evaluating: valueExpression) })
                                {
                                    (base + range.lowerBound + filled).initialize(to: value)
                                    filled += 1
                                }
                            }
                        }
                        return range.lowerBound..<(range.lowerBound + filled)
                    }
                } catch {
                    for start in written.withLock({ Array($0.keys) }) { release(start) }
                    throw error
                }
                for range in ranges {
                    (base + initialized).moveInitialize(from: base + range.lowerBound, count: range.count)
                    initialized += range.count
                }
            }
        }
    }
}
