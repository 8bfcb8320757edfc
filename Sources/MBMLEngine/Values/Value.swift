import Foundation
import OrderedCollections

/// Everything an MBML expression can yield.
///
/// The original engine works on arbitrary Cocoa objects; the port models the kinds the language can
/// observe (<doc:ContextsAndCoercions>). "No value at all" (the original's `nil`) is Swift's `Optional.none`
/// around a `Value`; ``Value/null`` is the original's `NSNull`, a real placeholder that appears inside
/// collections, comparisons and function parameters.
///
/// Numbers keep the kind the original keeps: ``decimal(_:)`` comes from numeric literals and math,
/// ``integer(_:)`` from counts and most functions, ``double(_:)`` from JSON reals and some functions,
/// ``bigInteger(_:)`` from integers too long for a decimal, and ``boolean(_:)`` is a number too (it
/// renders `1`/`0` and equals `1`/`0`).
public enum Value: Sendable {
    case string(String)
    case decimal(Decimal)
    case integer(Int)
    case double(Double)
    case boolean(Bool)
    /// An integer with more digits than ``decimal(_:)`` holds exactly, kept digit for digit (read from
    /// JSON or written as a literal; see ``BigInteger``).
    case bigInteger(BigInteger)
    case array([Value])
    /// A dictionary keeps insertion order, so that iteration and display are deterministic.
    case dictionary(OrderedDictionary<String, Value>)
    /// A set: unique members (by `==`) in first-insertion order. Build it with ``Value/makeSet(_:)``.
    case set([Value])
    case date(Date)
    case data(Data)
    case null
    /// A host object that answers properties by name (`$Environment`, `$Platform`, ...).
    case object(HostObject)
    /// An array or object of a large JSON data file, decoded only where it is read (<doc:LargeData>).
    /// It is the ``array(_:)`` or ``dictionary(_:)`` the same text reads as, in every function,
    /// context and comparison; ``decodedOneLevel`` and ``materialized`` turn it into one.
    case json(JSONNode)
}

extension Value {
    /// Builds a set value from members, dropping duplicates and keeping first-seen order.
    public static func makeSet<S: Sequence>(_ members: S) -> Value where S.Element == Value {
        var unique: [Value] = []
        var seen = Set<Value>()
        for member in members where seen.insert(member).inserted {
            unique.append(member)
        }
        return .set(unique)
    }

    /// A short type name used in error messages (`No such key "x" for object of type NSString`
    /// becomes `... of type String` in the port).
    public var typeName: String {
        switch self {
        case .string: return "String"
        case .decimal, .integer, .double, .bigInteger: return "Number"
        case .boolean: return "Boolean"
        case .array: return "Array"
        case .dictionary: return "Dictionary"
        case .set: return "Set"
        case .date: return "Date"
        case .data: return "Data"
        case .null: return "Null"
        case .object(let object): return object.typeName
        case .json(let node): return node.isArray ? "Array" : "Dictionary"
        }
    }

    /// True for every numeric kind, booleans included (the original's `NSNumber`).
    public var isNumber: Bool {
        switch self {
        case .decimal, .integer, .double, .boolean, .bigInteger: return true
        default: return false
        }
    }

    /// True for ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The string payload, if this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The elements of an array, if this is an array.
    public var arrayValue: [Value]? {
        if case .array(let elements) = self { return elements }
        if case .json(let node) = self, node.isArray { return node.elements() }
        return nil
    }

    /// The entries of a dictionary, if this is a dictionary.
    public var dictionaryValue: OrderedDictionary<String, Value>? {
        if case .dictionary(let entries) = self { return entries }
        if case .json(let node) = self, !node.isArray { return node.entries() }
        return nil
    }

    /// Elements of an array or members of a set.
    public var elements: [Value]? {
        switch self {
        case .array(let elements), .set(let elements): return elements
        case .json(let node) where node.isArray: return node.elements()
        default: return nil
        }
    }

    /// Number of elements of a collection, or nil for other kinds.
    public var collectionCount: Int? {
        switch self {
        case .array(let elements), .set(let elements): return elements.count
        case .dictionary(let entries): return entries.count
        case .json(let node): return node.count
        default: return nil
        }
    }
}

/// Structural identity, used for set membership and hashing. This is *not* the language's `==`
/// (see ``Comparison``): numbers are equal by value whatever their kind, strings by UTF-16 code units.
extension Value: Hashable {
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.json(let a), .json(let b)) where a.hasSameText(as: b): return true
        case (.json, _), (_, .json): return lhs.decodedOneLevel == rhs.decodedOneLevel
        case (.string(let a), .string(let b)): return a.utf16.elementsEqual(b.utf16)
        case (.array(let a), .array(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], other == value else { return false }
            }
            return true
        case (.set(let a), .set(let b)):
            return a.count == b.count && Set(a) == Set(b)
        // A big integer never equals a number of another kind: it is one only when no decimal holds it.
        case (.bigInteger(let a), .bigInteger(let b)): return a == b
        case (.bigInteger, _), (_, .bigInteger): return false
        case (.date(let a), .date(let b)): return a == b
        case (.data(let a), .data(let b)): return a == b
        case (.null, .null): return true
        case (.object(let a), .object(let b)): return a.isEqual(to: b)
        default:
            if let x = lhs.exactNumber, let y = rhs.exactNumber { return x == y }
            return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text):
            hasher.combine(0)
            for unit in text.utf16 { hasher.combine(unit) }
        case .decimal, .integer, .double, .boolean:
            hasher.combine(1)
            if let number = exactNumber { hasher.combine(number) }
        case .bigInteger(let number):
            hasher.combine(1)
            hasher.combine(number)
        case .array(let elements):
            hasher.combine(2)
            hasher.combine(elements)
        case .dictionary(let entries):
            hasher.combine(3)
            hasher.combine(entries.count)
        case .set(let members):
            hasher.combine(4)
            hasher.combine(members.count)
        case .date(let date): hasher.combine(date)
        case .data(let data): hasher.combine(data)
        case .null: hasher.combine(5)
        case .object(let object): object.hash(into: &hasher)
        case .json: decodedOneLevel.hash(into: &hasher)
        }
    }

    /// The number as a `Decimal` for identity purposes (doubles that are not finite map to nil).
    var exactNumber: Decimal? {
        switch self {
        case .decimal(let d): return d
        case .integer(let i): return Decimal(i)
        case .double(let d): return d.isFinite ? Decimal(d) : nil
        case .boolean(let b): return b ? 1 : 0
        default: return nil
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .dictionary(OrderedDictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
