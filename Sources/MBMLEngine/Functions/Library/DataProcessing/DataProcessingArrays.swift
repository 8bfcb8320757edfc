import OrderedCollections

/// The DataProcessing functions that reshape arrays, strings and dictionaries: `^join`, `^split`,
/// `^splitLines`, `^appendArrays`, `^flattenArrays`, `^mergeDictionaries`, `^reverse`, `^unique`,
/// `^distributeArrayElements`, `^groupArrayElements`, `^reduce` (<doc:FunctionLibrary>).
extension DataProcessingFunctions {
    static let join = FunctionDefinition(
        "join", input: .pipedObjects, signature: "^join(collection|…|separator)", category: .dataProcessing,
        summary: "The string forms of all items of all collection parameters (dictionaries contribute "
            + "values, a null element renders <null>), with the last parameter, a String, between "
            + "consecutive items. A null collection contributes nothing."
    ) { call in
        let parameters = try call.values(.atLeast(2))
        let separatorIndex = parameters.count - 1
        guard case .string(let separator) = parameters[separatorIndex] else {
            throw FunctionError.type(at: separatorIndex, expected: "String", got: parameters[separatorIndex])
        }
        // The joined text (and a slot a piece) is counted as the pieces come, so that a join of large
        // texts (read from a document, or evaluated per item) stops before it builds its text.
        var pieces: [String] = []
        var kept = KeptBytes()
        for (index, parameter) in parameters.dropLast().enumerated() {
            guard let members = CollectionSupport.members(of: parameter) else {
                throw CollectionSupport.notIterable(parameter, at: index)
            }
            for member in members {
                let piece = member.text
                try kept.add(piece.utf8.count &+ separator.utf8.count &+ MemoryLayout<String>.stride, in: call)
                pieces.append(piece)
            }
        }
        return .string(pieces.joined(separator: separator))
    }

    static let split = FunctionDefinition(
        "split", input: .pipedStrings, signature: "^split(delimiter|string)", category: .dataProcessing,
        summary: "An Array of the pieces of string cut at every occurrence of delimiter (note the order: "
            + "delimiter first). Empty pieces are kept; an empty string gives null; an empty delimiter "
            + "is an error."
    ) { call in
        let parameters = try call.strings(.exactly(2))
        let (delimiter, text) = (parameters[0], parameters[1])
        if delimiter.isEmpty { throw FunctionError("the delimiter (input parameter at index 0) must not be empty") }
        if text.isEmpty { return nil }
        return .array(splitting(text, at: delimiter).map(Value.string))
    }

    /// Literal UTF-16 split (no Unicode canonical equivalence), keeping empty pieces.
    static func splitting(_ text: String, at delimiter: String) -> [String] {
        let units = Array(text.utf16), separator = Array(delimiter.utf16)
        var pieces: [String] = [], start = 0, index = 0
        while index + separator.count <= units.count {
            if units[index..<(index + separator.count)].elementsEqual(separator) {
                pieces.append(String(decoding: units[start..<index], as: UTF16.self))
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(String(decoding: units[start...], as: UTF16.self))
        return pieces
    }

    static let splitLines = FunctionDefinition(
        "splitLines", input: .string, signature: "^splitLines(string)", category: .dataProcessing,
        summary: "An Array of the text's lines, cut at every LF, CR, U+0085, U+2028 and U+2029 (each "
            + "character a separate break, so CR LF leaves an empty piece). \"\" gives [\"\"]; no input "
            + "gives null."
    ) { call in
        guard case .text(let text) = call.input else { return nil }
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
        return .array(
            text.unicodeScalars.split(omittingEmptySubsequences: false) { breaks.contains($0) }
                .map { .string(String(String.UnicodeScalarView($0))) })
    }

    static let appendArrays = FunctionDefinition(
        "appendArrays", input: .pipedObjects, signature: "^appendArrays(array|array|…)", category: .dataProcessing,
        summary: "One Array with all elements of all parameters, in order. Needs at least 2 parameters, "
            + "each an Array."
    ) { call in
        let parameters = try call.values(.atLeast(2))
        return .array(try parameters.enumerated().flatMap { try CollectionSupport.array($1, at: $0) })
    }

    static let flattenArrays = FunctionDefinition(
        "flattenArrays", input: .pipedObjects, signature: "^flattenArrays(array|…)", category: .dataProcessing,
        summary: "An Array of all leaves of the array parameters, depth first: nested Arrays and Sets are "
            + "descended into, Dictionaries contribute their keys (reference quirk), null elements "
            + "vanish."
    ) { call in
        let parameters = try call.values(.atLeast(1))
        var leaves: [Value] = []
        var check = call.loopCheck()
        for (index, parameter) in parameters.enumerated() {
            try flatten(try CollectionSupport.array(parameter, at: index), into: &leaves, call: call, check: &check)
        }
        return .array(leaves)
    }

    /// Appends the leaves of `elements`; the job's limits are checked as it goes, and the leaves may
    /// never hold more than what is left of its memory budget (nested arrays that refer to one
    /// array many times flatten to far more leaves than they hold).
    private static func flatten(
        _ elements: ValueArray, into leaves: inout [Value], call: FunctionCall, check: inout LoopStopCheck
    ) throws {
        for element in elements {
            try check.step()
            if leaves.count & 1023 == 1023 { try call.checkRoom(forElements: leaves.count) }
            switch element {
            case .array(let inner), .set(let inner): try flatten(inner, into: &leaves, call: call, check: &check)
            case .dictionary(let entries): leaves += entries.keys.map(Value.string)
            case .null: continue
            default: leaves.append(element)
            }
        }
    }

    static let mergeDictionaries = FunctionDefinition(
        "mergeDictionaries", input: .pipedExpressions, signature: "^mergeDictionaries(dictionary|dictionary|…)",
        category: .dataProcessing,
        summary: "A Dictionary with the entries of all parameters (each evaluated as an object); for "
            + "duplicate keys the right-most wins. Parameters yielding nothing or null are skipped; any "
            + "other non-Dictionary is an error."
    ) { call in
        var merged = OrderedDictionary<String, Value>()
        for (index, text) in try call.expressions(.atLeast(2)).enumerated() {
            guard let value = try call.evaluateQuietly(text, as: .object), !value.isNull else { continue }
            guard case .dictionary(let entries) = value else {
                throw FunctionError.type(at: index, expected: "Dictionary", got: value)
            }
            merged.merge(entries) { _, right in right }
        }
        return .dictionary(merged)
    }

    static let reverse = FunctionDefinition(
        "reverse", input: .object, signature: "^reverse(array)", category: .dataProcessing,
        summary: "A new Array with the elements in reverse order. Fails for anything but an Array."
    ) { call in
        .array(try CollectionSupport.array(of: call).reversed())
    }

    static let unique = FunctionDefinition(
        "unique", input: .object, signature: "^unique(collection)", category: .dataProcessing,
        summary: "An Array of the distinct elements (Array), members (Set) or keys (Dictionary), first "
            + "occurrence kept, plain equality. null gives []; no input or a non-collection is an error."
    ) { call in
        let value = try call.value(allowNull: true)
        let candidates: ValueArray
        switch value {
        case .null: candidates = []
        case .array(let elements), .set(let elements): candidates = elements
        case .dictionary(let entries): candidates = ValueArray(entries.keys.map(Value.string))
        default: throw FunctionError.type(expected: CollectionSupport.iterableKinds, got: value)
        }
        // Only the distinct elements are held: the candidates are read one by one, not copied. A
        // large collection is split between workers (``ParallelItemScope``): each keeps the distinct
        // elements of its range in order, with their hashes, and the ranges are merged in item
        // order, so the first occurrence of each element is kept as serially.
        let parts = try call.overItems(count: candidates.count, evaluating: [], binding: []) { call, range in
            try candidates.withElementReader { candidates in
                var seen = Set<HashedValue>()
                var distinct: [HashedValue] = []
                var kept = KeptBytes()
                var check = call.loopCheck()
                for position in range {
                    try check.step()
                    let candidate = HashedValue(candidates[position])
                    if seen.insert(candidate).inserted {
                        try kept.keep(candidate.value, in: call)
                        distinct.append(candidate)
                    }
                }
                return distinct
            }
        }
        if parts.count == 1 { return .array(parts[0].map(\.value)) }
        var seen = Set<HashedValue>(minimumCapacity: parts.map(\.count).max() ?? 0)
        var distinct: [Value] = []
        var check = call.loopCheck()
        for part in parts {
            for candidate in part {
                try check.step()
                if seen.insert(candidate).inserted { distinct.append(candidate.value) }
            }
        }
        return .array(distinct)
    }
    .keepingDistinctElements()

    /// A value with its hash, computed once: the merge of the ranges of a parallel `^unique` does
    /// not hash each distinct value again.
    struct HashedValue: Hashable {
        let value: Value
        let hash: Int

        init(_ value: Value) {
            self.value = value
            hash = value.hashValue
        }

        static func == (lhs: HashedValue, rhs: HashedValue) -> Bool {
            lhs.hash == rhs.hash && lhs.value == rhs.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    static let distributeArrayElements = FunctionDefinition(
        "distributeArrayElements", input: .pipedObjects, signature: "^distributeArrayElements(array|count)",
        category: .dataProcessing,
        summary: "An Array of count Arrays, element i going to group i mod count (round robin; groups may "
            + "be empty). As in the reference, a count of 1 returns the source array itself. A count above "
            + "1000000 is an error."
    ) { call in
        let parameters = try call.values(.exactly(2))
        let elements = try CollectionSupport.array(parameters[0], at: 0)
        let count = try WorkLimits.checkedCount(try positiveCount(parameters[1], at: 1), of: "the group count")
        if count == 1 { return parameters[0] }
        // Each group by the positions of its elements (``ValueArray/selecting(_:)``: a loaded
        // document's elements stay in its text).
        var groups = [[Int]](repeating: [], count: count)
        for index in elements.indices { groups[index % count].append(index) }
        return .array(groups.map { .array(elements.selecting($0)) })
    }

    static let groupArrayElements = FunctionDefinition(
        "groupArrayElements", input: .pipedObjects, signature: "^groupArrayElements(array|size)",
        category: .dataProcessing,
        summary: "An Array of consecutive chunks of size elements (the last may be shorter); an empty "
            + "source gives []. size is truncated and must be at least 1."
    ) { call in
        let parameters = try call.values(.exactly(2))
        let elements = try CollectionSupport.array(parameters[0], at: 0)
        let size = try positiveCount(parameters[1], at: 1)
        return .array(
            stride(from: 0, to: elements.count, by: size).map {
                .array(elements.selecting($0..<min($0 + size, elements.count)))
            })
    }

    /// The truncated number form of the parameter at `index`, which must be at least 1.
    private static func positiveCount(_ value: Value, at index: Int) throws -> Int {
        let count = try CollectionSupport.integer(value, at: index)
        guard count >= 1 else {
            throw FunctionError("expected input parameter at index \(index) to be at least 1, but got \(count)")
        }
        return count
    }

    static let reduce = FunctionDefinition(
        "reduce", input: .pipedExpressions, signature: "^reduce(array|initial|combine)", category: .dataProcessing,
        summary: "Folds the array: combine is evaluated as an object for each element with $item and "
            + "$currentValue (the previous result, first the initial value evaluated as an object, so "
            + "0 is the String \"0\"). An empty array gives the initial value."
    ) { call in
        let texts = try call.expressions(.exactly(3))
        let arrayValue = try call.evaluateQuietly(texts[0], as: .object) ?? .null
        let elements = try CollectionSupport.array(arrayValue, at: 0)
        var current = try call.evaluateQuietly(texts[1], as: .object)
        let combine = call.repeated(texts[2], as: .object)
        if let sum = ReduceSum(combine: combine),
            call.runsInParallel(count: elements.count, evaluating: [sum.term], binding: ["item"]),
            let total = try sum.result(over: elements, initial: current, in: call)
        {
            return total
        }
        for element in elements {
            try call.checkCancellation()
            current = try call.withBindings([("item", element), ("currentValue", current)]) {
                try call.evaluateQuietly(combine)
            }
        }
        return current
    }
    .iterating(
        [
            .init("$item", "the array element being folded in"),
            .init("$currentValue", "the result so far: first the initial value, then each combine's result"),
        ],
        example: "^reduce(^array(1|2|3)|0|#($currentValue + $item))", gives: "6")
}
