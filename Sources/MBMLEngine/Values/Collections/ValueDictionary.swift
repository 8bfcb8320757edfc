import Foundation
import OrderedCollections

/// The entries of a dictionary value, in insertion order: a view over where they are stored.
///
/// Storage is one of:
/// - decoded entries, held in an `OrderedDictionary` (what functions build);
/// - a region of a loaded JSON document (``JSONNode``): a key is looked up in the object's text
///   without decoding the other entries, and walking the entries decodes them one level (nested
///   containers are views again).
///
/// A repeated key of a JSON object keeps its first place and its last value, as reading the whole
/// text builds it. Changing a view of a document first copies its entries into decoded storage.
public struct ValueDictionary: Sendable {
    enum Storage: Sendable {
        case decoded(OrderedDictionary<String, Value>)
        case document(JSONNode)
    }

    var storage: Storage

    /// Decoded entries.
    public init(_ entries: OrderedDictionary<String, Value>) {
        storage = .decoded(entries)
    }

    /// No entries.
    public init() {
        storage = .decoded([:])
    }

    /// A view of the JSON object `node`.
    init(node: JSONNode) {
        storage = .document(node)
    }

    /// The region of a loaded JSON document this dictionary is a view of, or nil when its entries
    /// are decoded values.
    public var jsonNode: JSONNode? {
        if case .document(let node) = storage { return node }
        return nil
    }

    /// The entries as an ordered dictionary: the stored one, or, for a view of a document, its
    /// entries decoded one level.
    public var entries: OrderedDictionary<String, Value> {
        switch storage {
        case .decoded(let entries): return entries
        case .document(let node): return node.entries()
        }
    }

    /// The number of entries.
    public var count: Int {
        switch storage {
        case .decoded(let entries): return entries.count
        case .document(let node): return node.count
        }
    }

    /// Whether there are no entries.
    public var isEmpty: Bool {
        switch storage {
        case .decoded(let entries): return entries.isEmpty
        case .document(let node): return node.memberOffsets().isEmpty
        }
    }

    /// The value of `key`, or nil. Setting a value (or nil, to remove the key) copies a view of a
    /// document into decoded storage first.
    public subscript(key: String) -> Value? {
        get {
            switch storage {
            case .decoded(let entries): return entries[key]
            case .document(let node): return node.value(forKey: key)
            }
        }
        set {
            var entries = takeEntries()
            entries[key] = newValue
            storage = .decoded(entries)
        }
    }

    /// The keys, in order. For a view of a large object they are found once and kept with the
    /// document (reading such an object by position is linear overall).
    public var keys: OrderedSet<String> {
        switch storage {
        case .decoded(let entries): return entries.keys
        case .document(let node): return node.objectIndex().keys
        }
    }

    /// The values, in the order of their keys (a view of a document is decoded one level).
    public var values: OrderedDictionary<String, Value>.Values { entries.values }

    /// The position of `key` among the keys, or nil.
    public func index(forKey key: String) -> Int? {
        switch storage {
        case .decoded(let entries): return entries.index(forKey: key)
        case .document(let node): return node.objectIndex().keys.firstIndex(of: key)
        }
    }

    /// The key at `position` (0 ..< ``count``).
    public func key(at position: Int) -> String {
        keys[position]
    }

    /// The value at `position` (0 ..< ``count``): for a view of a document, only that value is
    /// decoded (one level).
    public func value(at position: Int) -> Value {
        switch storage {
        case .decoded(let entries): return entries.values[position]
        case .document(let node): return node.value(at: node.objectIndex().valueOffsets[position])
        }
    }

    /// The dictionary with each value transformed.
    public func mapValues(_ transform: (Value) throws -> Value) rethrows -> ValueDictionary {
        ValueDictionary(try entries.mapValues(transform))
    }

    /// Sets `value` for `key` (appending a new key) and returns the previous value.
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: String) -> Value? {
        var entries = takeEntries()
        let old = entries.updateValue(value, forKey: key)
        storage = .decoded(entries)
        return old
    }

    /// Removes `key`, returning its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> Value? {
        var entries = takeEntries()
        let old = entries.removeValue(forKey: key)
        storage = .decoded(entries)
        return old
    }

    private mutating func takeEntries() -> OrderedDictionary<String, Value> {
        let entries = self.entries
        storage = .decoded([:])
        return entries
    }
}

extension ValueDictionary: Sequence {
    public typealias Element = (key: String, value: Value)

    public func makeIterator() -> OrderedDictionary<String, Value>.Iterator {
        entries.makeIterator()
    }

    public var underestimatedCount: Int { count }
}

extension ValueDictionary: Hashable {
    /// Equal when both have the same keys with equal values (order aside); two views of the same
    /// text are equal without decoding either.
    public static func == (lhs: ValueDictionary, rhs: ValueDictionary) -> Bool {
        if let a = lhs.jsonNode, let b = rhs.jsonNode, a.hasSameText(as: b) { return true }
        let a = lhs.entries
        let b = rhs.entries
        guard a.count == b.count else { return false }
        for (key, value) in a {
            guard let other = b[key], other == value else { return false }
        }
        return true
    }

    /// The count and every entry, combined so that order does not count (as `==` ignores it): each
    /// entry is hashed on its own and the entries' hashes are XORed, as `Dictionary` does. Hashing
    /// the count alone made every dictionary of a size collide, so `^unique` over records compared
    /// each record with every other. A view of a document is hashed from its text
    /// (one walk, nothing decoded), to the same hash.
    public func hash(into hasher: inout Hasher) {
        if let node = jsonNode, JSONTextHasher.hashContents(of: node, into: &hasher) { return }
        Self.hash(entries: entries, into: &hasher)
    }

    /// Feeds `hasher` the hash of a dictionary with `entries`.
    static func hash(entries: OrderedDictionary<String, Value>, into hasher: inout Hasher) {
        var entriesHash = 0
        for (key, value) in entries {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            entriesHash ^= entryHasher.finalize()
        }
        combine(count: entries.count, entriesHash: entriesHash, into: &hasher)
    }

    /// Feeds `hasher` a dictionary's count and the exclusive or of its entries' hashes (each a
    /// `Hasher` fed the key, then the value).
    static func combine(count: Int, entriesHash: Int, into hasher: inout Hasher) {
        hasher.combine(count)
        hasher.combine(entriesHash)
    }
}
