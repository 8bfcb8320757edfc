import Foundation
import OrderedCollections

/// Argument checks and iteration rules shared by the Collection and DataProcessing functions
/// (<doc:FunctionLibrary>).
enum CollectionSupport {
    /// The type name used in errors about a parameter that must be iterable.
    static let iterableKinds = "Array, Dictionary or Set"

    /// One item of an iterated collection: the value, and its key when the collection is a dictionary.
    struct Entry {
        var key: String?
        var item: Value

        /// What a per-item scope with intermediates binds for this entry: `$item` and `$root`, and
        /// for a dictionary's value `$key` and `$rootKey` too.
        var rootBindings: [(String, Value?)] {
            var bindings: [(String, Value?)] = [("item", item), ("root", item)]
            if let key { bindings += [("key", .string(key)), ("rootKey", .string(key))] }
            return bindings
        }
    }

    /// The items of a collection as the data-processing functions iterate it: array elements in
    /// order, set members, dictionary **values** (with their keys). NULL iterates as empty, so it
    /// yields `[]`. Any other kind is not iterable and yields nil. The items are read as they are
    /// reached: an array that is a view of a document is not decoded whole.
    static func entries(of value: Value) -> Entries? {
        switch value {
        case .array(let elements), .set(let elements): return Entries(kind: .elements(elements))
        case .dictionary(let dictionary): return Entries(kind: .entries(dictionary.entries))
        case .null: return Entries(kind: .elements([]))
        default: return nil
        }
    }

    /// The items of a collection (``entries(of:)``), by position.
    struct Entries: RandomAccessCollection {
        enum Kind {
            case elements(ValueArray)
            case entries(OrderedDictionary<String, Value>)
        }

        let kind: Kind

        var startIndex: Int { 0 }

        var endIndex: Int {
            switch kind {
            case .elements(let elements): return elements.count
            case .entries(let entries): return entries.count
            }
        }

        subscript(position: Int) -> Entry {
            switch kind {
            case .elements(let elements): return Entry(key: nil, item: elements[position])
            case .entries(let entries): return Entry(key: entries.keys[position], item: entries.values[position])
            }
        }

        /// Calls `body` with a reader of the items by position that, for the elements of an array or
        /// set, shares no reference count with other threads (``ValueArray/withElementReader(_:)``):
        /// what a worker of a parallel per-item scope reads its range with.
        func withItemReader<R>(_ body: ((Int) -> Entry) throws -> R) rethrows -> R {
            switch kind {
            case .elements(let elements):
                return try elements.withElementReader { reader in try body { Entry(key: nil, item: reader[$0]) } }
            case .entries:
                return try body { self[$0] }
            }
        }

        /// The items at `positions` (increasing), in order: a selection of an array's or set's
        /// elements (``ValueArray/selecting(_:)``), or a dictionary's values.
        func selecting(_ positions: [Int]) -> ValueArray {
            switch kind {
            case .elements(let elements): return elements.selecting(positions)
            case .entries(let entries): return ValueArray(positions.map { entries.values[$0] })
            }
        }

        /// ``withItemReader(_:)``, and for the elements of an array or set that is a view of a
        /// document, the text they are read from (``ValueArray/ElementText``; nil otherwise).
        func withItemText<R>(_ body: ((Int) -> Entry, ValueArray.ElementText?) throws -> R) rethrows -> R {
            switch kind {
            case .elements(let elements):
                return try elements.withElementReader { reader in
                    try body({ Entry(key: nil, item: reader[$0]) }, reader.text)
                }
            case .entries:
                return try body({ self[$0] }, nil)
            }
        }

        func makeIterator() -> Iterator {
            switch kind {
            case .elements(let elements): return Iterator(elements: elements.makeIterator(), entries: nil)
            case .entries(let entries): return Iterator(elements: nil, entries: entries.makeIterator())
            }
        }

        /// Reads each item as it is reached.
        struct Iterator: IteratorProtocol {
            var elements: ValueArray.Iterator?
            var entries: OrderedDictionary<String, Value>.Iterator?

            mutating func next() -> Entry? {
                if elements != nil { return elements?.next().map { Entry(key: nil, item: $0) } }
                return entries?.next().map { Entry(key: $0.key, item: $0.value) }
            }
        }
    }

    /// The values a collection contributes to `^join`, `^containsValue`, `^valuesIntersect`, ...:
    /// elements, members, or dictionary values. NULL gives `[]`; other kinds nil.
    static func members(of value: Value) -> ValueArray? {
        switch value {
        case .array(let elements), .set(let elements): return elements
        case .dictionary(let dictionary): return ValueArray(Array(dictionary.values))
        case .null: return []
        default: return nil
        }
    }

    /// Whether the value is an Array, a Dictionary or a Set.
    static func isCollection(_ value: Value?) -> Bool {
        switch value {
        case .array?, .dictionary?, .set?: return true
        default: return false
        }
    }

    /// The elements of the array parameter at `index`; anything else (NULL included) is a type error.
    static func array(_ value: Value, at index: Int) throws -> ValueArray {
        guard case .array(let elements) = value else {
            throw FunctionError.type(at: index, expected: "Array", got: value)
        }
        return elements
    }

    /// The elements of the single array input of an `object` function (absent and NULL fail).
    static func array(of call: FunctionCall) throws -> ValueArray {
        let value = try call.value()
        guard case .array(let elements) = value else {
            throw FunctionError.type(expected: "Array", got: value)
        }
        return elements
    }

    /// The number form (<doc:FunctionCalls>) of the parameter at `index`, truncated toward zero.
    static func integer(_ value: Value, at index: Int) throws -> Int {
        guard let decimal = value.decimalValue else {
            throw FunctionError.notANumber(at: index, got: value)
        }
        return truncated(decimal)
    }

    /// A decimal truncated toward zero and clamped to `Int`.
    static func truncated(_ decimal: Decimal) -> Int {
        let double = NSDecimalNumber(decimal: decimal).doubleValue
        guard double.isFinite else { return double < 0 ? Int.min : Int.max }
        if double >= Double(Int.max) { return Int.max }
        if double <= Double(Int.min) { return Int.min }
        return Int(double.rounded(.towardZero))
    }

    /// The bindings for one item: `$item`, plus `$key` only when the item came from a dictionary
    /// (otherwise an enclosing `$key` stays visible, <doc:Variables>).
    static func itemBindings(_ entry: Entry) -> [(String, Value?)] {
        var bindings: [(String, Value?)] = [("item", entry.item)]
        if let key = entry.key { bindings.append(("key", .string(key))) }
        return bindings
    }

    /// The error for a data model or collection parameter that cannot be iterated.
    static func notIterable(_ value: Value?, at index: Int) -> FunctionError {
        FunctionError.type(at: index, expected: iterableKinds, got: value ?? .null)
    }

    /// The error for an intermediate expression whose result cannot be iterated.
    static func badIntermediate(_ text: String, got value: Value?) -> FunctionError {
        FunctionError(
            "expected the intermediate expression \"\(text)\" to yield an \(iterableKinds), "
                + "but got \(value.map(\.typeName) ?? "no value") instead")
    }

    /// The bindings of the `$outer:` variables for the enclosing `levels` (nearest last): distance `m`
    /// binds `$outer:…item` / `$outer:…key` (`m` prefixes) to `levels[levels.count - m]`
    /// (<doc:Variables>). A level without a key hides `$outer:…key`.
    static func outerBindings(_ levels: [Entry]) -> [(String, Value?)] {
        var bindings: [(String, Value?)] = []
        for (distance, level) in zip(1..., levels.reversed()) {
            let prefix = String(repeating: "outer:", count: distance)
            bindings.append((prefix + "item", level.item))
            bindings.append((prefix + "key", level.key.map(Value.string)))
        }
        return bindings
    }
}
