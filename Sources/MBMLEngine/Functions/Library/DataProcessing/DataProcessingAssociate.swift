import OrderedCollections

/// `^associate`, `^associateWithSingleValue` and `^associateWithArray` (<doc:FunctionLibrary>): build a
/// Dictionary from a key expression and a value expression evaluated per innermost item of a data
/// model, optionally walked through intermediate expressions. Per-item errors are swallowed (<doc:FunctionCalls>).
extension DataProcessingFunctions {
    static let associate = associating(
        "associate", mode: .collecting,
        summary: "A Dictionary mapping each item's key expression to its value expression. A key hit once "
            + "keeps that value; a key hit again becomes an Array of the values (a stored Array is "
            + "appended to, as in the reference). Items whose key or value is nothing are skipped."
    )

    static let associateWithSingleValue = associating(
        "associateWithSingleValue", mode: .single,
        summary: "As ^associate, but each key keeps exactly one value: a later value for the same key "
            + "replaces the earlier one."
    )

    static let associateWithArray = associating(
        "associateWithArray", mode: .array,
        summary: "As ^associate, but every value in the result is an Array of the values found for that "
            + "key, even when there is only one."
    )

    /// How values for the same key accumulate.
    enum AssociationMode: Sendable {
        /// First value as-is, then an Array (appending into a stored Array).
        case collecting
        /// Last value wins.
        case single
        /// Always an Array.
        case array
    }

    private static func associating(_ name: String, mode: AssociationMode, summary: String) -> FunctionDefinition {
        let lengths: String
        switch mode {
        case .collecting, .single: lengths = #"{"Barrett":7,"Duncan":6,"Gabby":5}"#
        case .array: lengths = #"{"Barrett":[7],"Duncan":[6],"Gabby":[5]}"#
        }
        return FunctionDefinition(
            name, input: .pipedExpressions, signature: "^\(name)(dataModel|intermediate…|keyExpr|valueExpr)",
            category: .dataProcessing,
            summary: summary + " Variables: $item, $key, $root, $rootKey, and $outer:item/$outer:key from "
                + "the first intermediate on."
        ) { call in
            let texts = try call.expressions(.atLeast(3))
            let model = try call.evaluateQuietly(texts[0], as: .object)
            guard let dataModel = model, !dataModel.isNull, let entries = CollectionSupport.entries(of: dataModel)
            else { throw CollectionSupport.notIterable(model, at: 0) }
            let intermediates = Array(texts[1..<(texts.count - 2)])
            let keyExpression = call.repeated(texts[texts.count - 2], as: .object)
            let valueExpression = call.repeated(texts[texts.count - 1], as: .object)
            let expressions = [keyExpression, valueExpression] + intermediates.map { call.repeated($0, as: .object) }
            // Serially one table holds the pairs; each worker of a parallel scope keeps its range's
            // pairs in a table of its own.
            var parts = try call.overItems(count: entries.count, evaluating: expressions, binding: Associator.bound) {
                call, range in
                var associator = Associator(
                    call: call, intermediates: intermediates, keyExpression: keyExpression.unshared(for: call),
                    valueExpression: valueExpression.unshared(for: call), mode: mode,
                    isWorker: call.evaluation.isWorker)
                try entries.withItemReader { entries in
                    for position in range {
                        try call.checkCancellation()
                        let entry = entries(position)
                        let bindings = entry.rootBindings
                        try call.withBindings(bindings) { try associator.visit(depth: 0, enclosing: [entry]) }
                    }
                }
                return associator
            }
            // A worker's table is added to the tables before it in item order, by its keys' stored hashes.
            var table = AssociationTable(replaces: mode == .single)
            for index in parts.indices {
                var part = AssociationTable(replaces: mode == .single)
                swap(&part, &parts[index].table)
                table.absorb(part)
            }
            return .dictionary(ValueDictionary(table.result(mode: mode)))
        }
        .iterating(
            [
                .item, .key, .root, .rootKey,
                .init("$outer:item", "the item of the level just outside, from the 1st intermediate on"),
                .init("$outer:key", "that level's key, when it is a dictionary"),
            ],
            example: "^\(name)(^array(Barrett|Duncan|Gabby)|$item|$item.length)", gives: lengths)
    }

    /// One association run (serially, or a worker's range); accumulates ``table``.
    private struct Associator {
        let call: FunctionCall
        let intermediates: [String]
        let keyExpression: RepeatedEvaluation
        let valueExpression: RepeatedEvaluation
        let mode: AssociationMode
        /// Whether this runs a worker's range of a parallel scope: the keys it holds are then checked
        /// against what is left of the job's memory budget as they come (the result, charged when
        /// the function returns, holds at least as many).
        let isWorker: Bool
        /// The pairs found, grouped by key.
        var table: AssociationTable
        /// What the values and keys kept so far cost.
        private var kept = KeptBytes()

        init(
            call: FunctionCall, intermediates: [String], keyExpression: RepeatedEvaluation,
            valueExpression: RepeatedEvaluation, mode: AssociationMode, isWorker: Bool
        ) {
            self.call = call
            self.intermediates = intermediates
            self.keyExpression = keyExpression
            self.valueExpression = valueExpression
            self.mode = mode
            self.isWorker = isWorker
            table = AssociationTable(replaces: mode == .single)
        }

        /// The variables the association functions bind per item.
        static let bound: Set<String> = ["item", "key", "root", "rootKey", "outer:item", "outer:key"]

        /// Visits the level whose enclosing levels (top level first, current item last) are `enclosing`.
        mutating func visit(depth: Int, enclosing: [CollectionSupport.Entry]) throws {
            if depth == intermediates.count { return try store() }
            let text = intermediates[depth]
            guard let container = try call.evaluateQuietly(text, as: .object) else { return }
            guard let entries = CollectionSupport.entries(of: container) else {
                throw CollectionSupport.badIntermediate(text, got: container)
            }
            for entry in entries {
                try call.checkCancellation()
                let bindings = CollectionSupport.itemBindings(entry) + CollectionSupport.outerBindings(enclosing)
                try call.withBindings(bindings) { try visit(depth: depth + 1, enclosing: enclosing + [entry]) }
            }
        }

        private mutating func store() throws {
            guard let key = try kept.keep(call, evaluating: keyExpression), !key.isNull else { return }
            guard let value = try kept.keep(call, evaluating: valueExpression) else { return }
            table.add(value, for: key.text)
            if isWorker, table.count & 1023 == 0 { try call.checkRoom(forElements: 2 * table.count) }
        }
    }
}
