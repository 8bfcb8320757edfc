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
    /// An array: its elements are decoded values or a view of a loaded JSON document's array
    /// (<doc:LargeData>), read the same way (``ValueArray``).
    case array(ValueArray)
    /// A dictionary keeps insertion order, so that iteration and display are deterministic. Its
    /// entries are decoded values or a view of a loaded JSON document's object (``ValueDictionary``).
    case dictionary(ValueDictionary)
    /// A set: unique members (by `==`) in first-insertion order. Build it with ``Value/makeSet(_:)``.
    ///
    /// Its members are always decoded storage (each member may itself be a view): JSON has no set,
    /// so a set is only ever built by a function (`^set`, `^setWithArray`, a subreference over a
    /// set), which must compare every member with every other to keep them unique and so reads them
    /// all anyway. A view would save nothing: the set holds the members' `Value`s, not their data.
    case set(ValueArray)
    case date(Date)
    case data(Data)
    case null
    /// A host object that answers properties by name (`$Environment`, `$Platform`, ...).
    case object(HostObject)
}

extension Value {
    /// An array of decoded elements.
    public static func array(_ elements: [Value]) -> Value {
        .array(ValueArray(elements))
    }

    /// A dictionary of decoded entries.
    public static func dictionary(_ entries: OrderedDictionary<String, Value>) -> Value {
        .dictionary(ValueDictionary(entries))
    }

    /// A set of members already unique (use ``makeSet(_:)`` otherwise).
    public static func set(_ members: [Value]) -> Value {
        .set(ValueArray(members))
    }

    /// The region of a loaded JSON document this array or dictionary is a view of, or nil (for
    /// decoded collections and every other value): where an editor finds it in the file.
    public var jsonNode: JSONNode? {
        switch self {
        case .array(let elements): return elements.jsonNode
        case .dictionary(let entries): return entries.jsonNode
        default: return nil
        }
    }

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

    /// The elements of an array, if this is an array (a view: elements are decoded as they are read).
    public var arrayValue: ValueArray? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The entries of a dictionary, if this is a dictionary.
    public var dictionaryValue: ValueDictionary? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// Elements of an array or members of a set.
    public var elements: ValueArray? {
        switch self {
        case .array(let elements), .set(let elements): return elements
        default: return nil
        }
    }

    /// Number of elements of a collection, or nil for other kinds.
    public var collectionCount: Int? {
        switch self {
        case .array(let elements), .set(let elements): return elements.count
        case .dictionary(let entries): return entries.count
        default: return nil
        }
    }
}

/// Structural identity, used for set membership and hashing. This is *not* the language's `==`
/// (see ``Comparison``): numbers are equal by value whatever their kind, strings by UTF-16 code units.
extension Value: Hashable {
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        // The same UTF-16 code units exactly when the same UTF-8 bytes (both spell the same scalars).
        case (.string(let a), .string(let b)): return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return a == b
        case (.dictionary(let a), .dictionary(let b)): return a == b
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

    /// What `hash(into:)` feeds first for a string, a number, an array and a dictionary
    /// (``JSONTextHasher`` feeds the same for a document's values, read from its text).
    static let stringKind = 0
    static let numberKind = 1
    static let arrayKind = 2
    static let dictionaryKind = 3

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text):
            hasher.combine(Self.stringKind)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .decimal, .integer, .double, .boolean:
            hasher.combine(Self.numberKind)
            if let number = exactNumber { hasher.combine(number) }
        case .bigInteger(let number):
            hasher.combine(Self.numberKind)
            hasher.combine(number)
        case .array(let elements):
            hasher.combine(Self.arrayKind)
            hasher.combine(elements)
        case .dictionary(let entries):
            hasher.combine(Self.dictionaryKind)
            hasher.combine(entries)
        case .set(let members):
            hasher.combine(4)
            hasher.combine(members.count)
        case .date(let date): hasher.combine(date)
        case .data(let data): hasher.combine(data)
        case .null: hasher.combine(5)
        case .object(let object): object.hash(into: &hasher)
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
