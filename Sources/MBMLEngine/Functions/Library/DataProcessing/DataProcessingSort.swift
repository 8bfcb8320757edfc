import Foundation

/// `^sort` (<doc:FunctionLibrary>): a stable sort whose comparisons evaluate the sort key rewritten
/// for a left and a right item (`$item` → `$left:item`, `$key` → `$left:key`, ...).
extension DataProcessingFunctions {
    static let sort = FunctionDefinition(
        "sort", input: .pipedExpressions, signature: "^sort(collection|sortKey|order)", category: .dataProcessing,
        summary: "An Array of the collection's elements (Array), values (Dictionary; $key usable in the "
            + "sort key) or members (Set) in order of the sort key (default $item), compared with -EQ and "
            + "-LT. order desc (any case) sorts descending. The sort is stable."
    ) { call in
        let texts = try call.expressions(.between(1, 3))
        let collection = try call.evaluateQuietly(texts[0], as: .object)
        guard let value = collection, CollectionSupport.isCollection(value),
            let entries = CollectionSupport.entries(of: value)
        else { throw CollectionSupport.notIterable(collection, at: 0) }
        let sortKey = texts.count > 1 && !texts[1].isEmpty ? texts[1] : "$item"
        let direction = texts.count > 2 ? try call.evaluateQuietly(texts[2], as: .string) : nil
        let descending = direction?.text.lowercased() == "desc"
        let comparator = SortComparator(call: call, sortKey: sortKey)
        let wanted: ComparisonResult = descending ? .orderedDescending : .orderedAscending
        // The items are sorted by position (the positions and their merge buffer, and the result's
        // positions), never gathered: the elements of a loaded document stay in its text.
        try call.chargeMemory(entries.count * MemoryLayout<Int>.stride * 3)
        let order: [Int]
        if let keys = try comparator.keys(of: entries) {
            let sortKeys = SortKeys(keys)
            try call.chargeMemory(sortKeys.heldBytes)
            order = try sortKeys.sortedPositions(descending: descending, call: call)
        } else {
            order = try entries.withItemText { entry, _ in
                try stableSorted(Array(entries.indices), call: call) { left, right in
                    try comparator.compare(entry(left), entry(right)) == wanted
                }
            }
        }
        return .array(sorted(entries, in: order))
    }
    .iterating(
        [
            .init("$item", "in the sort key: each of the two elements compared (read as $left:item, $right:item)"),
            .init("$key", "in the sort key: their keys, when the collection is a dictionary"),
        ],
        example: "^sort(^array(Barrett|Duncan|Gabby)|$item.length)", gives: #"["Gabby","Duncan","Barrett"]"#)

    /// Compares two items through the rewritten sort key.
    ///
    /// The key is evaluated once per item, not twice per comparison, when that gives the same
    /// order: both rewritten comparisons parse as one `-EQ` (`-LT`) of the left key and the right
    /// key (so each side is the key alone, whatever operators it holds), the key names neither
    /// `left:` nor `right:` itself, nothing traces the call, and evaluating every key neither wrote
    /// to the log, changed the variable space nor failed. Then `L -EQ R` and `L -LT R` are the
    /// comparisons of the two keys' values, which is what `compare(_:_:)` does.
    /// Otherwise (a key that logs, fails or is spelt so that the rewrite splits it differently) each
    /// comparison evaluates both texts, as the rule is written.
    private struct SortComparator {
        let call: FunctionCall
        let equalExpression: RepeatedEvaluation
        let lessExpression: RepeatedEvaluation
        /// The left key of both comparisons, when the key may be evaluated once per item.
        let leftKey: RepeatedEvaluation?
        /// The default key `$item` compares the items themselves: the evaluator's `-EQ`/`-LT` are
        /// ``Comparison/isEqual(_:_:)`` and ``Comparison/compare(_:_:)``, so call them directly.
        let comparesItems: Bool

        init(call: FunctionCall, sortKey: String) {
            self.call = call
            comparesItems = sortKey == "$item"
            // Concatenation, never a format string: the key may contain `%` (reference safety quirk).
            let left = Self.rewrite(sortKey, side: "left"), right = Self.rewrite(sortKey, side: "right")
            equalExpression = call.repeated(left + " -EQ " + right, as: .boolean)
            lessExpression = call.repeated(left + " -LT " + right, as: .boolean)
            let sides = sortKey.lowercased()
            if !comparesItems, !sides.contains("left:"), !sides.contains("right:"),
                let equal = equalExpression.leftComparisonOperand, equal.kind == .equal,
                let less = lessExpression.leftComparisonOperand, less.kind == .lessThan,
                equal.operand.tokens == less.operand.tokens
            {
                leftKey = equal.operand
            } else {
                leftKey = nil
            }
        }

        /// Each item's key, evaluated once, or nil when the items must be compared through the
        /// rewritten texts (see the type's discussion).
        ///
        /// Over the elements of a loaded document, a key that is a path the fast path takes from
        /// `$left:item` through plain keys (`$item.name`) is read from each element's text
        /// (``ItemTextPath``, counted in ``Evaluation/textPathItems``), without making the element:
        /// the value the fast path would give; an element the text path cannot read is evaluated.
        /// - Throws: the job's stop.
        func keys(of entries: CollectionSupport.Entries) throws -> [Value]? {
            // A key that may log or change the space is never tried: its effects would happen again
            // when the comparisons fall back to the texts (the one purity rule, ``ItemPurity``).
            guard let leftKey, call.steps == nil, call.evaluation.captures.isEmpty,
                ItemPurity.allows([leftKey], bound: ["left:item", "left:key"], in: call)
            else { return nil }
            let environment = call.environment
            let version = environment.variables.version
            let logged = environment.log.writtenCount
            try call.chargeMemory(entries.count * MemoryLayout<Value>.stride)
            var keys: [Value] = []
            keys.reserveCapacity(entries.count)
            var kept = KeptBytes()
            var fromText = 0
            let textPath = environment.fastPath(of: leftKey, in: call.evaluation).flatMap { fastPath -> ItemTextPath? in
                guard case .value(let path) = fastPath.use else { return nil }
                return ItemTextPath(path, from: ["left:item"])
            }
            let evaluatedAll: Bool = try entries.withItemText { entry, text in
                try ItemTextPath.withOptionalReader(text == nil ? nil : textPath) { reader in
                    for position in entries.indices {
                        if let reader, let text, let key = try textKey(reader, text, at: position, kept: &kept) {
                            fromText += 1
                            keys.append(key)
                            continue
                        }
                        let item = entry(position)
                        let bindings: [(String, Value?)] = [
                            ("left:item", item.item), ("left:key", item.key.map(Value.string)),
                        ]
                        do {
                            let before = call.meter?.chargedThroughHere ?? 0
                            let key = try call.withBindings(bindings) {
                                try environment.evaluate(leftKey, within: call.evaluation)
                            }
                            // What the key holds that its evaluation did not charge (a text read from a
                            // document) is kept until the sort ends.
                            let charged = (call.meter?.chargedThroughHere ?? 0) &- before
                            try kept.add(EvaluationMeter.ownBytes(of: key ?? .null) &- charged, in: call)
                            keys.append(key ?? .null)
                        } catch {
                            try call.checkCancellation()
                            return false
                        }
                    }
                    return true
                }
            }
            guard evaluatedAll, environment.variables.version == version, environment.log.writtenCount == logged
            else { return nil }
            // Counted only when the keys are used: on a fallback to the texts, none was.
            call.evaluation.textPathItems.add(fromText)
            return keys
        }

        /// The key of the element at `position` read from its text, charged as kept; nil when it
        /// must be evaluated. Checks the job's stop, as an evaluation would.
        private func textKey(
            _ reader: ItemTextPath.Reader, _ text: ValueArray.ElementText, at position: Int, kept: inout KeptBytes
        ) throws -> Value? {
            try call.checkCancellation()
            let key: Value
            switch reader.find(in: text.bytes, itemAt: text.offset(ofElementAt: position)) {
            case .general: return nil
            case .nothing: return .null
            case .text(let range):
                key = .string(String(decoding: UnsafeBufferPointer(rebasing: text.bytes[range]), as: UTF8.self))
            case .value(let offset): key = JSONNode.value(in: text.document, text.bytes, at: offset)
            }
            try kept.keep(key, in: call)
            return key
        }

        static func rewrite(_ sortKey: String, side: String) -> String {
            sortKey.replacingOccurrences(of: "$item", with: "$\(side):item")
                .replacingOccurrences(of: "$key", with: "$\(side):key")
        }

        /// - Throws: the job's stop (a comparison never swallows it).
        func compare(_ left: CollectionSupport.Entry, _ right: CollectionSupport.Entry) throws -> ComparisonResult {
            if comparesItems { return SortKeys.compare(left.item, right.item) }
            let bindings: [(String, Value?)] = [
                ("left:item", left.item), ("left:key", left.key.map(Value.string)),
                ("right:item", right.item), ("right:key", right.key.map(Value.string)),
            ]
            return try call.withBindings(bindings) {
                if try call.evaluateBooleanQuietly(equalExpression) { return .orderedSame }
                return try call.evaluateBooleanQuietly(lessExpression) ? .orderedAscending : .orderedDescending
            }
        }
    }

    /// The items of `entries` at the positions `order`, in that order: for the elements of a
    /// loaded document, a view of the document holding where they begin (``ValueArray/selecting(_:)``).
    private static func sorted(_ entries: CollectionSupport.Entries, in order: [Int]) -> ValueArray {
        switch entries.kind {
        case .elements(let elements): return elements.selecting(order)
        case .entries(let values): return ValueArray(order.map { values.values[$0] })
        }
    }

    /// A merge sort: stable (equal items keep their input order) and stoppable: the job's limits are
    /// checked every 256 comparisons, and a comparison's stop ends the sort.
    static func stableSorted<T>(
        _ items: [T], call: FunctionCall,
        by areInIncreasingOrder: (T, T) throws -> Bool
    ) throws -> [T] {
        guard items.count > 1 else { return items }
        var source = items, buffer = items
        var width = 1
        var comparisons = 0
        while width < items.count {
            try call.checkCancellation()
            var start = 0
            while start < items.count {
                let middle = min(start + width, items.count), end = min(start + 2 * width, items.count)
                var left = start, right = middle, output = start
                while left < middle && right < end {
                    comparisons &+= 1
                    if comparisons & 255 == 0 { try call.checkCancellation() }
                    if try areInIncreasingOrder(source[right], source[left]) {
                        buffer[output] = source[right]
                        right += 1
                    } else {
                        buffer[output] = source[left]
                        left += 1
                    }
                    output += 1
                }
                while left < middle { buffer[output] = source[left]; left += 1; output += 1 }
                while right < end { buffer[output] = source[right]; right += 1; output += 1 }
                start = end
            }
            swap(&source, &buffer)
            width *= 2
        }
        return source
    }
}
