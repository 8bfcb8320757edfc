import OrderedCollections

/// `^filter`, `^list`, `^pruneMatchingLeaves` and `^pruneNonmatchingLeaves` (<doc:FunctionLibrary>):
/// the functions that walk a data model, optionally through intermediate expressions, and evaluate a
/// per-item expression at the innermost level. Per-item errors are swallowed (<doc:FunctionCalls>).
extension DataProcessingFunctions {
    static let filter = FunctionDefinition(
        "filter", input: .pipedExpressions, signature: "^filter(dataModel|intermediate…|test|matchType)",
        category: .dataProcessing,
        summary: "The items of the data model (Dictionary, Array or Set; the result has the same kind) "
            + "that pass the boolean test. Intermediate expressions descend into nested collections "
            + "($root, $rootKey, $outer:item from the 2nd intermediate on); the optional last parameter "
            + "matchAtLeastOnce (default) or matchAll says how the verdicts combine."
    ) { call in
        var texts = try call.expressions(.atLeast(2))
        var matchAll = false
        if let last = texts.last, last == "matchAll" || last == "matchAtLeastOnce" {
            try ParameterCount.atLeast(3).check(texts.count)
            matchAll = last == "matchAll"
            texts.removeLast()
        }
        let model = try call.evaluateQuietly(texts[0], as: .object)
        guard let dataModel = model, CollectionSupport.isCollection(dataModel) else {
            throw CollectionSupport.notIterable(model, at: 0)
        }
        let filter = Filter(
            call: call,
            test: ItemTest(
                test: call.repeated(texts[texts.count - 1], as: .boolean),
                intermediates: texts.dropFirst().dropLast().map { call.repeated($0, as: .object) }, matchAll: matchAll))
        switch dataModel {
        case .array(let elements), .set(let elements):
            // Each range keeps the positions of the items that passed; the result is made from them
            // once, at its size (``ValueArray/selecting(_:)``: for the elements of a loaded
            // document, a view holding where the kept ones begin, nothing decoded).
            let entries = CollectionSupport.Entries(kind: .elements(elements))
            let parts = try filter.overItems(count: elements.count) { filter, range in
                try filter.positions(in: range, of: entries)
            }
            let kept = elements.selecting([Int](concatenating: consume parts))
            if case .set = dataModel { return .set(kept) }
            return .array(kept)
        case .dictionary(let dictionary):
            let entries = dictionary.entries
            let parts = try filter.overItems(count: entries.count) { filter, range in
                try filter.positions(in: range, of: CollectionSupport.Entries(kind: .entries(entries)))
            }
            var kept = OrderedDictionary<String, Value>()
            for position in parts.joined() { kept[entries.keys[position]] = entries.values[position] }
            return .dictionary(kept)
        default:
            throw CollectionSupport.notIterable(model, at: 0)
        }
    }
    .iterating(
        [
            .item, .key, .root, .rootKey,
            .init("$outer:item", "the item of the level just outside, from the 2nd intermediate on"),
            .init("$outer:key", "that level's key, when it is a dictionary"),
        ],
        example: "^filter(^array(Barrett|Duncan|Gabby)|$item.length -GT 5)", gives: #"["Barrett","Duncan"]"#)

    /// One `^filter` run: decides whether a top-level item passes.
    ///
    /// Deliberate deviation (<doc:FunctionLibrary>, `filter`): with two or more intermediates the
    /// reference looks only at the first element of every non-innermost container; the port examines
    /// every element at every level and combines the verdicts with the match type.
    private struct Filter {
        let call: FunctionCall
        let test: ItemTest

        /// The variables a filter binds per item.
        static let bound: Set<String> = ["item", "key", "root", "rootKey", "outer:item", "outer:key"]

        /// Runs `body` over the positions `0..<count` with a filter for each range: in parallel
        /// when the test and intermediates allow it (``FunctionCall/overItems(count:evaluating:binding:stopsAfter:_:)``).
        func overItems<Part>(count: Int, _ body: (Filter, Range<Int>) throws -> Part) throws -> [Part] {
            let expressions = [test.test] + test.intermediates
            return try call.overItems(count: count, evaluating: expressions, binding: Self.bound) { call, range in
                try body(Filter(call: call, test: test.unshared(for: call)), range)
            }
        }

        /// The positions in `range` of the items of `entries` that pass, in order: each tested as
        /// ``FunctionCall/withItemVerdicts(of:over:general:_:)`` decides (the test alone, or through
        /// one intermediate, may be read from a document's text).
        func positions(in range: Range<Int>, of entries: CollectionSupport.Entries) throws -> [Int] {
            try call.positions(in: range, of: entries, passing: test, general: passes)
        }

        func passes(_ entry: CollectionSupport.Entry) throws -> Bool {
            if test.intermediates.isEmpty {
                return try call.withItem(entry.item, key: entry.key) { try call.evaluateBooleanQuietly(test.test) }
            }
            let bindings = entry.rootBindings
            return try call.withBindings(bindings) { try verdict(depth: 0, enclosing: []) }
        }

        /// Evaluates intermediate `depth` and combines the verdicts of its elements. `enclosing` holds
        /// the intermediate levels entered so far (not the top level): they become `$outer:`.
        private func verdict(depth: Int, enclosing: [CollectionSupport.Entry]) throws -> Bool {
            let intermediate = test.intermediates[depth]
            let container = try call.evaluateQuietly(intermediate)
            guard let value = container, let entries = CollectionSupport.entries(of: value) else {
                throw CollectionSupport.badIntermediate(intermediate.expression, got: container)
            }
            for entry in entries {
                try call.checkCancellation()
                let bindings = CollectionSupport.itemBindings(entry) + CollectionSupport.outerBindings(enclosing)
                let passed = try call.withBindings(bindings) { () throws -> Bool in
                    if depth == test.intermediates.count - 1 { return try call.evaluateBooleanQuietly(test.test) }
                    return try verdict(depth: depth + 1, enclosing: enclosing + [entry])
                }
                if passed != test.matchAll { return passed }
            }
            return test.matchAll
        }
    }

    static let list = FunctionDefinition(
        "list", input: .pipedExpressions, signature: "^list(dataModel|intermediate…|valueExpr)",
        category: .dataProcessing,
        summary: "An Array of the value expression's results, one per innermost item, depth first. "
            + "Intermediate expressions descend into nested collections ($root and $rootKey stay bound); "
            + "values and intermediates that evaluate to nothing are left out; a null data model gives []."
    ) { call in
        guard let (entries, lister, expressions) = try Lister.start(call) else { return .array([]) }
        if lister.intermediates.isEmpty,
            call.runsInParallel(count: entries.count, evaluating: expressions, binding: Lister.bound)
        {
            return .array(try ListInPlace(entries: entries, valueExpression: lister.valueExpression).run(in: call))
        }
        let parts = try call.overItems(count: entries.count, evaluating: expressions, binding: Lister.bound) {
            call, range in
            let lister = lister.unshared(for: call)
            var results: [Value] = []
            var kept = KeptBytes()
            // One value an item is the common case: the list is allocated once, not grown by doubling.
            if lister.intermediates.isEmpty { results.reserveCapacity(range.count) }
            var fromText = 0
            defer { call.evaluation.textPathItems.add(fromText) }
            try entries.withItemText { entries, text in
                try IntermediateTextList.withOptionalReader(text == nil ? nil : lister.textList) { reader in
                    for position in range {
                        try call.checkCancellation()
                        if let reader, let text,
                            try reader.collect(
                                in: text.document, text.bytes, itemAt: text.offset(ofElementAt: position),
                                into: &results, kept: &kept, call: call)
                        {
                            fromText += 1
                            continue
                        }
                        let entry = entries(position)
                        let bindings = entry.rootBindings
                        try call.withBindings(bindings) { try lister.collect(depth: 0, into: &results, kept: &kept) }
                    }
                }
            }
            return results
        }
        let results = [Value](concatenating: consume parts)
        return .array(results)
    }
    .iterating(
        [.item, .key, .root, .rootKey],
        example: "^list(^dictionary(Barrett|female|Duncan|male)|$key is $item)",
        gives: #"["Barrett is female","Duncan is male"]"#
    )
    .givingDistinctResults(distinctList)

    /// One `^list` run.
    struct Lister {
        /// The variables `^list` binds per item.
        static let bound: Set<String> = ["item", "key", "root", "rootKey"]

        let call: FunctionCall
        /// The intermediates, prepared: each evaluated in the object context once per item of the
        /// level above.
        let intermediates: [RepeatedEvaluation]
        let valueExpression: RepeatedEvaluation

        /// A `^list` run of `call`'s arguments: the data model's items, the run and the expressions
        /// evaluated per item (the value expression first); nil for a null data model (an empty list).
        static func start(_ call: FunctionCall) throws -> (
            entries: CollectionSupport.Entries, lister: Lister, expressions: [RepeatedEvaluation]
        )? {
            let texts = try call.expressions(.atLeast(2))
            guard let dataModel = try call.evaluateQuietly(texts[0], as: .object) else { return nil }
            guard let entries = CollectionSupport.entries(of: dataModel) else {
                throw CollectionSupport.notIterable(dataModel, at: 0)
            }
            let lister = Lister(
                call: call, intermediates: texts.dropFirst().dropLast().map { call.repeated($0, as: .object) },
                valueExpression: call.repeated(texts[texts.count - 1], as: .object))
            let expressions = [lister.valueExpression] + lister.intermediates
            return (entries, lister, expressions)
        }

        /// The list read from a loaded document's text (``IntermediateTextList``), when there is
        /// one intermediate and the general walk would take the fast path for it and the value.
        var textList: IntermediateTextList? {
            guard intermediates.count == 1, call.steps == nil,
                let intermediate = call.environment.fastPath(of: intermediates[0], in: call.evaluation),
                let value = call.environment.fastPath(of: valueExpression, in: call.evaluation)
            else { return nil }
            return IntermediateTextList(intermediate: intermediate, value: value)
        }

        /// The same run for `call`, a worker of a parallel per-item scope
        /// (``RepeatedEvaluation/unshared(for:)``).
        func unshared(for call: FunctionCall) -> Lister {
            Lister(
                call: call, intermediates: intermediates.map { $0.unshared(for: call) },
                valueExpression: valueExpression.unshared(for: call))
        }

        /// Collects the values of the level `depth` into `results`, counting them in `kept`.
        func collect(depth: Int, into results: inout [Value], kept: inout KeptBytes) throws {
            if depth == intermediates.count {
                if let value = try kept.keep(call, evaluating: valueExpression) { results.append(value) }
                return
            }
            let intermediate = intermediates[depth]
            guard let container = try call.evaluateQuietly(intermediate) else { return }
            guard let entries = CollectionSupport.entries(of: container) else {
                throw CollectionSupport.badIntermediate(intermediate.expression, got: container)
            }
            for entry in entries {
                try call.checkCancellation()
                try call.withItem(entry.item, key: entry.key) {
                    try collect(depth: depth + 1, into: &results, kept: &kept)
                }
            }
        }
    }

    static let pruneMatchingLeaves = pruning(
        "pruneMatchingLeaves", keepingMatches: false,
        summary: "A copy of the tree of nested Arrays without every leaf (non-Array element) for which "
            + "the boolean test with $item is true; inner Arrays that end up empty are removed too."
    )

    static let pruneNonmatchingLeaves = pruning(
        "pruneNonmatchingLeaves", keepingMatches: true,
        summary: "A copy of the tree of nested Arrays keeping only the leaves (non-Array elements) for "
            + "which the boolean test with $item is true; inner Arrays that end up empty are removed."
    )

    private static func pruning(_ name: String, keepingMatches: Bool, summary: String) -> FunctionDefinition {
        let kept = keepingMatches ? #"[["Pat"]]"# : #"[["Bob"],["Sue"]]"#
        return FunctionDefinition(
            name, input: .pipedExpressions, signature: "^\(name)(tree|test)",
            category: .dataProcessing, summary: summary
        ) { call in
            let texts = try call.expressions(.exactly(2))
            let tree = try call.evaluateQuietly(texts[0], as: .object) ?? .null
            let elements = try CollectionSupport.array(tree, at: 0)
            let test = call.repeated(texts[1], as: .boolean)
            return .array(try prune(elements, test: test, keepingMatches: keepingMatches, call: call))
        }
        .iterating(
            [.init("$item", "the leaf (an element that is not an Array) being tested")],
            example: "^\(name)(^array(^array(Bob|Pat)|^array(Sue))|$item == Pat)", gives: kept)
    }

    private static func prune(
        _ elements: ValueArray, test: RepeatedEvaluation, keepingMatches: Bool,
        call: FunctionCall
    ) throws -> [Value] {
        var kept: [Value] = []
        for element in elements {
            try call.checkCancellation()
            if case .array(let inner) = element {
                let pruned = try prune(inner, test: test, keepingMatches: keepingMatches, call: call)
                if !pruned.isEmpty { kept.append(.array(pruned)) }
                continue
            }
            let matches = try call.withBindings([("item", element)]) { try call.evaluateBooleanQuietly(test) }
            if matches == keepingMatches { kept.append(element) }
        }
        return kept
    }
}
