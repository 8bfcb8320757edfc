/// The DataProcessing functions that test collections or pick values: `^collectionPassesTest`,
/// `^containsValue`, `^setContains`, `^selectFirstValue`, `^valuesPassingTest`, `^valuesIntersect`
/// (<doc:FunctionLibrary>). Per-item test errors are swallowed (they count as false, <doc:FunctionCalls>).
extension DataProcessingFunctions {
    /// The variables `^collectionPassesTest` and `^valuesPassingTest` bind per item.
    private static let itemAndKey: Set<String> = ["item", "key"]

    static let collectionPassesTest = FunctionDefinition(
        "collectionPassesTest", input: .pipedExpressions, signature: "^collectionPassesTest(collection|test)",
        category: .dataProcessing,
        summary: "True when the boolean test (with $item, and $key for a dictionary) holds for every item "
            + "of the collection and at least one item was tested; an empty collection or null gives "
            + "false. Stops at the first failing item."
    ) { call in
        let texts = try call.expressions(.exactly(2))
        guard let collection = try call.evaluateQuietly(texts[0], as: .object), !collection.isNull else {
            return .boolean(false)
        }
        guard let entries = CollectionSupport.entries(of: collection) else {
            throw CollectionSupport.notIterable(collection, at: 0)
        }
        if entries.isEmpty { return .boolean(false) }
        let test = call.repeated(texts[1], as: .boolean)
        // Each range tells whether all its items passed; the first that did not ends the scope.
        let parts = try call.overItems(
            count: entries.count, evaluating: [test], binding: itemAndKey, stopsAfter: { !$0 }
        ) { call, range in
            let test = test.unshared(for: call)
            return try call.withItemVerdicts(of: ItemTest(test: test), over: entries, general: call.verdict(of: test)) {
                verdicts in
                for position in range {
                    try call.checkCancellation()
                    if !(try verdicts.passes(position)) { return false }
                }
                return true
            }
        }
        return .boolean(parts.allSatisfy { $0 })
    }
    .iterating(
        [.init("$item", "the element, or the value of a dictionary entry, being tested"), .key],
        example: "^collectionPassesTest(^array(a|bb|ccc)|$item.length -GT 0)", gives: "true")

    static let containsValue = FunctionDefinition(
        "containsValue", input: .pipedObjects, signature: "^containsValue(collection|…|value)",
        category: .dataProcessing,
        summary: "True if any of the collections (all parameters but the last; dictionaries searched by "
            + "value) contains an item equal to the last parameter under MBML equality (-EQ: \"2\" equals "
            + "the Number 2). A null value gives false; null collections are skipped."
    ) { call in
        let parameters = try call.values(.atLeast(2))
        let collections = try parameters.dropLast().enumerated().map { index, parameter -> ValueArray in
            guard let members = CollectionSupport.members(of: parameter) else {
                throw CollectionSupport.notIterable(parameter, at: index)
            }
            return members
        }
        guard let sought = parameters.last, !sought.isNull else { return .boolean(false) }
        for members in collections {
            try call.checkCancellation()
            // Equivalent to the reference's `$item -EQ $comparisonValue`, without the variable.
            if members.contains(where: { Comparison.isEqual($0, sought) }) { return .boolean(true) }
        }
        return .boolean(false)
    }

    static let setContains = FunctionDefinition(
        "setContains", input: .pipedObjects, signature: "^setContains(set|value)", category: .dataProcessing,
        summary: "True when the Set has value as a member (plain equality, no coercion: \"1\" is not the "
            + "Number 1). The first parameter must be a Set."
    ) { call in
        let parameters = try call.values(.exactly(2))
        guard case .set(let members) = parameters[0] else {
            throw FunctionError.type(at: 0, expected: "Set", got: parameters[0])
        }
        return .boolean(members.contains(parameters[1]))
    }

    static let selectFirstValue = FunctionDefinition(
        "selectFirstValue", input: .pipedExpressions, signature: "^selectFirstValue(expr|expr|…)",
        category: .dataProcessing,
        summary: "Evaluates the parameters in order as objects and returns the first result that is "
            + "neither nothing nor null; later parameters are not evaluated. All empty gives null."
    ) { call in
        for text in try call.expressions(.atLeast(2)) {
            if let value = try call.evaluateQuietly(text, as: .object), !value.isNull { return value }
        }
        return nil
    }

    static let valuesPassingTest = FunctionDefinition(
        "valuesPassingTest", input: .pipedExpressions, signature: "^valuesPassingTest(collection|…|test)",
        category: .dataProcessing,
        summary: "An Array of the items (dictionary values) of every collection parameter, left to right, "
            + "for which the last parameter, a boolean test with $item (and $key), is true."
    ) { call in
        let texts = try call.expressions(.atLeast(2))
        guard let testText = texts.last else { return nil }
        let test = call.repeated(testText, as: .boolean)
        // Each collection's passing items, a selection of it (for the elements of a loaded
        // document, a view holding where they begin: ``ValueArray/selecting(_:)``).
        var passing: [ValueArray] = []
        for (index, text) in texts.dropLast().enumerated() {
            let collection = try call.evaluateQuietly(text, as: .object)
            guard let value = collection, !value.isNull, let entries = CollectionSupport.entries(of: value) else {
                throw CollectionSupport.notIterable(collection, at: index)
            }
            let parts = try call.overItems(count: entries.count, evaluating: [test], binding: itemAndKey) {
                call, range in
                let test = test.unshared(for: call)
                return try call.positions(
                    in: range, of: entries, passing: ItemTest(test: test), general: call.verdict(of: test))
            }
            passing.append(entries.selecting([Int](concatenating: consume parts)))
        }
        if passing.count == 1 { return .array(passing[0]) }
        return .array(ValueArray(passing.flatMap { $0 }))
    }
    .iterating(
        [.init("$item", "the element, or the value of a dictionary entry, being tested"), .key],
        example: "^valuesPassingTest(^dictionary(a|1|b|2)|$key == b)", gives: #"["2"]"#)

    static let valuesIntersect = FunctionDefinition(
        "valuesIntersect", input: .pipedObjects, signature: "^valuesIntersect(collection|collection)",
        category: .dataProcessing,
        summary: "True when the two collections (Sets, Arrays, or Dictionaries by their values) have at "
            + "least one element in common, by plain equality."
    ) { call in
        let parameters = try call.values(.exactly(2))
        let sides = try parameters.enumerated().map { index, parameter -> ValueArray in
            guard CollectionSupport.isCollection(parameter), let members = CollectionSupport.members(of: parameter)
            else { throw CollectionSupport.notIterable(parameter, at: index) }
            return members
        }
        let left = Set(sides[0])
        return .boolean(sides[1].contains { left.contains($0) })
    }
}
