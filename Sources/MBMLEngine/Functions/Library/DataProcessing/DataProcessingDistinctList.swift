extension DataProcessingFunctions {
    /// `^list` as the argument of `^unique` computes it (``FunctionDefinition/distinctResults``):
    /// the distinct values of the list in the order they first occur, without the list.
    ///
    /// Every item is evaluated as `^list` evaluates it — the same per-item scope (in parallel under
    /// the same rule, ``FunctionCall/overItems(count:evaluating:binding:stopsAfter:_:)``), the same
    /// swallowed errors and log lines in item order, the same stops — but each range keeps only its
    /// distinct values (``DistinctValues``) and how many values it gave; the ranges are merged in
    /// item order, so the first occurrence of each value is kept, as `^unique` keeps it. The memory
    /// budget is charged what the whole list would have been (``EvaluationMeter/keptBytes(of:)``):
    /// the values past the distinct ones (their slots and texts) here, the distinct ones with the
    /// result (``FunctionInvoker``), before `^unique` reads them; the values are checked against the
    /// budget as they come, as `^list` checks them (``KeptBytes``).
    ///
    /// When the items are the elements of a loaded document and the value expression is a path
    /// from `$item` through keys that the fast path would evaluate (``ItemTextPath``), each item's
    /// value is read from the document's text instead, a plain string compared by its bytes; an
    /// item the text path cannot read is evaluated.
    static func distinctList(_ call: FunctionCall) throws -> Value? {
        guard let (entries, lister, expressions) = try Lister.start(call) else { return .array([]) }
        call.evaluation.distinctListRuns += 1
        let parts = try call.overItems(count: entries.count, evaluating: expressions, binding: Lister.bound) {
            call, range -> (count: Int, textBytes: Int, distinct: [HashedValue]) in
            let lister = lister.unshared(for: call)
            var distinct = DistinctValues()
            var count = 0
            // Items read from the text (counted in ``Evaluation/textPathItems``).
            var fromText = 0
            defer { call.evaluation.textPathItems.add(fromText) }
            // The bytes of the texts among all the values (what the whole list would hold).
            var textBytes = 0
            // What the list's values hold that nothing charged, checked as `^list` checks it.
            var kept = KeptBytes()
            var values: [Value] = []
            let textPath =
                lister.intermediates.isEmpty && call.steps == nil
                ? call.environment.fastPath(of: lister.valueExpression, in: call.evaluation).flatMap(ItemTextPath.init)
                : nil
            /// The values of `entry` as the general walk collects them, into `values`.
            func collectGenerally(_ entry: CollectionSupport.Entry) throws {
                if call.steps == nil {
                    try call.evaluation.withRootItem(entry.item, key: entry.key) {
                        try lister.collect(depth: 0, into: &values, kept: &kept)
                    }
                } else {
                    try call.withBindings(entry.rootBindings) {
                        try lister.collect(depth: 0, into: &values, kept: &kept)
                    }
                }
            }
            try entries.withItemText { entries, text in
                try ItemTextPath.withOptionalReader(text == nil ? nil : textPath) { reader in
                    try IntermediateTextList.withOptionalReader(text == nil ? nil : lister.textList) { listReader in
                        for position in range {
                            try call.checkCancellation()
                            values.removeAll(keepingCapacity: true)
                            if let listReader, let text,
                                try listReader.collect(
                                    in: text.document, text.bytes, itemAt: text.offset(ofElementAt: position),
                                    into: &values, kept: &kept, call: call)
                            {
                                fromText += 1
                            } else if let reader, let text {
                                fromText += 1
                                switch reader.find(in: text.bytes, itemAt: text.offset(ofElementAt: position)) {
                                case .nothing: continue
                                case .text(let bytes):
                                    distinct.insertText(UnsafeBufferPointer(rebasing: text.bytes[bytes]))
                                    textBytes &+= EvaluationMeter.textBytes(count: bytes.count)
                                    try kept.add(EvaluationMeter.textBytes(count: bytes.count), in: call)
                                    count += 1
                                    continue
                                case .value(let offset):
                                    let value = JSONNode.value(in: text.document, text.bytes, at: offset)
                                    distinct.insert(value)
                                    textBytes &+= EvaluationMeter.ownBytes(of: value)
                                    try kept.keep(value, in: call)
                                    count += 1
                                    continue
                                case .general:
                                    fromText -= 1
                                    try collectGenerally(entries(position))
                                }
                            } else {
                                try collectGenerally(entries(position))
                            }
                            count += values.count
                            for value in values {
                                distinct.insert(value)
                                textBytes &+= EvaluationMeter.ownBytes(of: value)
                            }
                        }
                    }
                }
            }
            return (count, textBytes, distinct.distinct)
        }
        let textBytes = parts.reduce(0) { $0 &+ $1.textBytes }
        if parts.count == 1 {
            try chargeRepeated(
                count: parts[0].count, textBytes: textBytes, distinct: parts[0].distinct.lazy.map(\.value), call)
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
        try chargeRepeated(count: parts.reduce(0) { $0 + $1.count }, textBytes: textBytes, distinct: distinct, call)
        return .array(distinct)
    }

    /// Charges what the list of `count` values, whose texts hold `textBytes`, holds past its
    /// `distinct` values (those are charged with the result).
    private static func chargeRepeated(
        count: Int, textBytes: Int, distinct: some Collection<Value>, _ call: FunctionCall
    ) throws {
        let distinctTextBytes = distinct.reduce(0) { $0 &+ EvaluationMeter.ownBytes(of: $1) }
        try call.chargeMemory(
            (count - distinct.count) &* EvaluationMeter.elementBytes &+ max(0, textBytes &- distinctTextBytes))
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
