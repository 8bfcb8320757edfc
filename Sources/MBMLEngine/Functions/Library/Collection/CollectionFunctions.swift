import Foundation
import OrderedCollections

/// The Collection functions of <doc:FunctionLibrary> (`^array` and `^dictionary` live in
/// ``LanguageFunctions``). Every function that "modifies" a collection returns a new value; the
/// input is never changed.
enum CollectionFunctions {
    static var all: [FunctionDefinition] {
        typeTests + [
            count, keys, values, appendObject, insertObjectAtIndex, subarray, set, setWithArray,
            removeObject, removeObjectAtIndex, removeLastObject, lastObject, indexOf, copy,
            mutableCopy, valueForKey,
        ]
    }

    // MARK: Type tests

    static var typeTests: [FunctionDefinition] {
        [
            typeTest("isCollection", kind: "an Array, a Dictionary or a Set") { CollectionSupport.isCollection($0) },
            typeTest("isSet", kind: "a Set") { if case .set? = $0 { return true } else { return false } },
            typeTest("isDictionary", kind: "a Dictionary") {
                if case .dictionary? = $0 { return true } else { return false }
            },
            typeTest("isArray", kind: "an Array") { if case .array? = $0 { return true } else { return false } },
        ]
    }

    private static func typeTest(
        _ name: String, kind: String,
        _ test: @escaping @Sendable (Value?) -> Bool
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .object, signature: "^\(name)(value)", category: .collection,
            summary: "True when the value is \(kind) (empty ones included); false for everything else, "
                + "including null and no input. Never fails."
        ) { call in .boolean(test(call.optionalValue)) }
    }

    // MARK: Inspecting

    static let count = FunctionDefinition(
        "count", input: .object, signature: "^count(collection)", category: .collection,
        summary: "The number of elements of an Array or Set, or of entries of a Dictionary. A null "
            + "input (e.g. an undefined variable) counts 0; no input or any other kind is an error."
    ) { call in
        let value = try call.value(allowNull: true)
        if value.isNull { return .integer(0) }
        guard let count = value.collectionCount else {
            throw FunctionError.type(expected: CollectionSupport.iterableKinds, got: value)
        }
        return .integer(count)
    }

    static let keys = FunctionDefinition(
        "keys", input: .object, signature: "^keys(dictionary)", category: .collection,
        summary: "An Array of the dictionary's keys (in the dictionary's order). Fails for anything "
            + "that is not a Dictionary, null and no input included."
    ) { call in
        .array(try dictionary(of: call).keys.map(Value.string))
    }

    static let values = FunctionDefinition(
        "values", input: .object, signature: "^values(dictionary)", category: .collection,
        summary: "An Array of the dictionary's values, in the same order as ^keys gives the keys. "
            + "Fails for anything that is not a Dictionary."
    ) { call in
        .array(Array(try dictionary(of: call).values))
    }

    private static func dictionary(of call: FunctionCall) throws -> ValueDictionary {
        let value = try call.value()
        guard case .dictionary(let entries) = value else {
            throw FunctionError.type(expected: "Dictionary", got: value)
        }
        return entries
    }

    // MARK: Building arrays

    static let appendObject = FunctionDefinition(
        "appendObject", input: .pipedObjects, signature: "^appendObject(array|item|…)", category: .collection,
        summary: "A new Array: the input array followed by every further parameter, in order (an empty "
            + "parameter appends null). Needs at least 2 parameters, the first an Array."
    ) { call in
        let parameters = try call.values(.atLeast(2))
        let elements = try CollectionSupport.array(parameters[0], at: 0)
        return .array(elements + parameters.dropFirst())
    }

    static let insertObjectAtIndex = FunctionDefinition(
        "insertObjectAtIndex", input: .pipedObjects, signature: "^insertObjectAtIndex(array|item|index)",
        category: .collection,
        summary: "A new Array with item inserted before position index (0-based, truncated). As in the "
            + "reference, index must be strictly less than the count, so inserting at the end or into an "
            + "empty array is an error (use ^appendObject)."
    ) { call in
        let parameters = try call.values(.exactly(3))
        var elements = try CollectionSupport.array(parameters[0], at: 0)
        let index = try CollectionSupport.integer(parameters[2], at: 2)
        guard index >= 0, index < elements.count else {
            throw FunctionError.index(index, outOfBounds: elements.count)
        }
        elements.insert(parameters[1], at: index)
        return .array(elements)
    }

    static let subarray = FunctionDefinition(
        "subarray", input: .pipedObjects, signature: "^subarray(array|location|length)", category: .collection,
        summary: "An Array of length elements starting at location. Both are truncated to unsigned "
            + "integers (negative values fail); location must be < count and location + length − 1 < "
            + "count, so, as in the reference, a length of 0 fails at location 0 and gives [] elsewhere."
    ) { call in
        let parameters = try call.values(.exactly(3))
        let elements = try CollectionSupport.array(parameters[0], at: 0)
        let location = UInt(bitPattern: try CollectionSupport.integer(parameters[1], at: 1))
        let length = UInt(bitPattern: try CollectionSupport.integer(parameters[2], at: 2))
        let count = UInt(elements.count)
        guard location < count else {
            throw FunctionError(
                "subarray location \(Int(bitPattern: location)) is out of bounds "
                    + "(valid range is 0 to \(elements.count))")
        }
        let last = location &+ length &- 1
        guard last < count, last &+ 1 >= location else {
            throw FunctionError(
                "subarray range (location \(location), length \(Int(bitPattern: length))) "
                    + "extends beyond the end of the array (count \(elements.count))")
        }
        return .array(elements.selecting(Int(location)..<Int(location + length)))
    }

    static let set = FunctionDefinition(
        "set", input: .pipedObjects, signature: "^set(value|…)", category: .collection,
        summary: "A Set of the evaluated parameters; duplicates collapse by plain equality (\"1\" and "
            + "the Number 1 stay distinct), empty parameters contribute a null member, ^set() is empty."
    ) { call in
        if case .absent = call.input { return .set([]) }
        return Value.makeSet(try call.values())
    }

    static let setWithArray = FunctionDefinition(
        "setWithArray", input: .object, signature: "^setWithArray(array)", category: .collection,
        summary: "A Set containing the array's elements (duplicates collapse). Fails for anything but "
            + "an Array."
    ) { call in
        Value.makeSet(try CollectionSupport.array(of: call))
    }

    // MARK: Removing

    static let removeObject = FunctionDefinition(
        "removeObject", input: .pipedObjects, signature: "^removeObject(array|item|…)", category: .collection,
        summary: "A new Array without every occurrence of each listed item (plain equality: \"1\" is "
            + "not the Number 1). Items not present are ignored."
    ) { call in
        let parameters = try call.values(.atLeast(2))
        let elements = try CollectionSupport.array(parameters[0], at: 0)
        // A few items are compared with each element (an element of another kind than all of them,
        // such as a record of a loaded document against a text, is told apart without being read
        // whole); many are hashed. The kept elements are taken by position (``ValueArray/selecting(_:)``:
        // a document's stay in its text).
        let listed = Array(parameters.dropFirst())
        let hashed = listed.count > 8 ? Swift.Set(listed) : nil
        var kept: [Int] = []
        var check = call.loopCheck()
        for (position, element) in elements.enumerated() {
            try check.step()
            let isListed = hashed.map { $0.contains(element) } ?? listed.contains(element)
            if !isListed { kept.append(position) }
        }
        return .array(elements.selecting(kept))
    }

    static let removeObjectAtIndex = FunctionDefinition(
        "removeObjectAtIndex", input: .pipedObjects, signature: "^removeObjectAtIndex(array|index)",
        category: .collection,
        summary: "A new Array without the element at index (0-based, truncated to an integer). An index "
            + "that is negative or not below the count is an error."
    ) { call in
        let parameters = try call.values(.exactly(2))
        var elements = try CollectionSupport.array(parameters[0], at: 0)
        let index = try CollectionSupport.integer(parameters[1], at: 1)
        guard index >= 0, index < elements.count else {
            throw FunctionError.index(index, outOfBounds: elements.count)
        }
        elements.remove(at: index)
        return .array(elements)
    }

    static let removeLastObject = FunctionDefinition(
        "removeLastObject", input: .object, signature: "^removeLastObject(array)", category: .collection,
        summary: "A new Array without its last element; an empty array stays empty. Fails for anything "
            + "but an Array."
    ) { call in
        let elements = try CollectionSupport.array(of: call)
        return .array(elements.selecting(0..<max(0, elements.count - 1)))
    }

    // MARK: Looking up

    static let lastObject = FunctionDefinition(
        "lastObject", input: .object, signature: "^lastObject(array)", category: .collection,
        summary: "The array's last element, or null for an empty array. Fails for anything but an Array."
    ) { call in
        try CollectionSupport.array(of: call).last
    }

    /// The reference's "not found" marker (`NSNotFound`), returned instead of the documented -1.
    static let notFound = Int.max

    static let indexOf = FunctionDefinition(
        "indexOf", input: .pipedExpressions, signature: "^indexOf(array|value)", category: .collection,
        summary: "The 0-based index of the first element equal to value (plain equality), or "
            + "9223372036854775807 (the reference's not-found marker) when absent. Both parameters are "
            + "evaluated as objects, evaluation errors swallowed; either being null is an error."
    ) { call in
        let texts = try call.expressions(.exactly(2))
        let arrayValue = try call.evaluateQuietly(texts[0], as: .object) ?? .null
        let sought = try call.evaluateQuietly(texts[1], as: .object) ?? .null
        if arrayValue.isNull || sought.isNull { throw FunctionError.nullParameter }
        let elements = try CollectionSupport.array(arrayValue, at: 0)
        return .integer(elements.firstIndex(of: sought) ?? notFound)
    }

    static let copy = FunctionDefinition(
        "copy", input: .object, signature: "^copy(value)", category: .collection,
        summary: "A copy of the value (with value semantics, the value itself). Plain data values and "
            + "null are copyable; host objects such as $Platform are not. No input is an error."
    ) { call in
        let value = try call.value(allowNull: true)
        if case .object = value { throw FunctionError("a value of type \(value.typeName) cannot be copied") }
        return value
    }

    static let mutableCopy = FunctionDefinition(
        "mutableCopy", input: .object, signature: "^mutableCopy(value)", category: .collection,
        summary: "A mutable copy of a String, Array, Dictionary, Set or Data (with value semantics, the "
            + "value itself). Numbers, Booleans, Dates, null and host objects have no mutable variant."
    ) { call in
        let value = try call.value()
        switch value {
        case .string, .array, .dictionary, .set, .data: return value
        default: throw FunctionError("a value of type \(value.typeName) has no mutable copy")
        }
    }

    static let valueForKey = FunctionDefinition(
        "valueForKey", input: .pipedObjects, signature: "^valueForKey(target|key|default)",
        category: .collection,
        summary: "The value stored under key in target, or default (when given) if the lookup yields "
            + "nothing. Dictionaries look the key up; Arrays map the lookup over their elements; Strings "
            + "answer length; the collection operator @count gives a count. key must be a String."
    ) { call in
        let parameters = try call.values(.between(2, 3))
        guard case .string(let key) = parameters[1] else {
            throw FunctionError.type(at: 1, expected: "String", got: parameters[1])
        }
        if let found = KeyValueLookup.value(of: parameters[0], forKey: key) { return found }
        return parameters.count == 3 ? parameters[2] : nil
    }
}

/// The subset of the reference's key-value coding that `^valueForKey` supports (<doc:FunctionLibrary>):
/// dictionary keys, the `@count` operator, `length` of a String, property lookup on host
/// objects, and arrays mapping the lookup over their elements.
enum KeyValueLookup {
    /// The value for `key`, or nil when the target has none (never an error).
    static func value(of target: Value, forKey key: String) -> Value? {
        if key == "@count", let count = target.collectionCount { return .integer(count) }
        switch target {
        case .dictionary(let entries):
            return entries[key]
        case .array(let elements):
            return .array(elements.map { value(of: $0, forKey: key) ?? .null })
        case .string(let text):
            return key == "length" ? .integer(text.utf16.count) : nil
        case .object(let object):
            return (try? object.value(forProperty: key)) ?? nil
        default:
            return nil
        }
    }
}
