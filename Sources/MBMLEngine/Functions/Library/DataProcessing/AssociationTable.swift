import OrderedCollections

/// The pairs an association function (`^associate`, `^associateWithSingleValue`,
/// `^associateWithArray`) has found, grouped by key, in the order the keys were first found: a hash
/// table whose keys are hashed once each.
///
/// Each key's hash is computed once, when the key is first added, and kept beside it: its slot in
/// the table holds the key's position and part of that hash, so a lookup compares key text only
/// when the stored hash matches (an `OrderedDictionary` of `String` compares the text of every key
/// it probes), growing the table reads no key again, and adding a worker's table to another
/// (``absorb(_:)``) looks its keys up by their stored hashes. The hash is the key's own `String`
/// hash (Unicode-canonical and seeded per process, as for any dictionary key), so keys equal as
/// `String` meet in one entry. Only ``result(mode:)`` hashes the keys again, once, to build the
/// dictionary it returns.
///
/// A key keeps its first value and, separately, the values found after it in the order found
/// (only the last for ``DataProcessingFunctions/AssociationMode/single``): how they combine
/// (first as-is, then an Array; always an Array) is decided once, in ``result(mode:)``, so a
/// worker's table added to another gives what adding its pairs one by one would give.
struct AssociationTable {
    /// The keys, in the order first found.
    private(set) var keys: ContiguousArray<String> = []
    /// Each key's hash (``keys``' order).
    private var hashes: ContiguousArray<Int> = []
    /// Each key's first value (for `single`, its last).
    private var firsts: ContiguousArray<Value> = []
    /// Each key's later values in the order found (empty, and not allocated, for a key found once).
    private var laters: ContiguousArray<[Value]> = []
    /// Open addressing, linear probing: 0 is an empty slot, otherwise the high 32 bits are the high
    /// bits of the key's hash and the low 32 its position in ``keys`` plus one.
    private var slots: [UInt64] = Array(repeating: 0, count: 16)
    /// Whether a later value replaces the stored one (`single`) rather than being kept beside it.
    let replaces: Bool

    init(replaces: Bool) {
        self.replaces = replaces
    }

    /// The number of distinct keys.
    var count: Int { keys.count }

    /// Adds `value` under `key`.
    mutating func add(_ value: Value, for key: String) {
        add(value, for: key, hash: key.hashValue)
    }

    /// Adds `value` under `key`, whose hash is `hash` (``add(_:for:)`` passes the key's own; a test
    /// passes another to see that the table reads no key's hash again).
    mutating func add(_ value: Value, for key: String, hash: Int) {
        insert(value, later: [], for: key, hash: hash)
    }

    /// Adds `other`'s pairs after this table's, as if they had been added one by one after this
    /// table's: its keys are found here by their stored hashes, not hashed again.
    mutating func absorb(_ other: consuming AssociationTable) {
        if keys.isEmpty {
            self = other
            return
        }
        for position in other.keys.indices {
            var later: [Value] = []
            swap(&later, &other.laters[position])
            insert(other.firsts[position], later: later, for: other.keys[position], hash: other.hashes[position])
        }
    }

    /// The dictionary of the pairs: each key's values combined as `mode` says (the keys hashed once
    /// more, to build it).
    consuming func result(mode: DataProcessingFunctions.AssociationMode) -> OrderedDictionary<String, Value> {
        var values = ContiguousArray<Value>()
        if mode == .single {
            values = firsts
        } else {
            values.reserveCapacity(keys.count)
            for position in keys.indices {
                var later: [Value] = []
                swap(&later, &laters[position])
                values.append(Self.combined(firsts[position], later, mode: mode))
            }
        }
        firsts = []
        slots = []
        hashes = []
        return OrderedDictionary(uncheckedUniqueKeys: keys, values: values)
    }

    /// A key's `first` and `later` values as one value: `first` alone when there are no others
    /// (`collecting`), otherwise an Array of them all, the later values appended into `first` when it
    /// is itself an Array (`collecting`: the reference's quirk) or into an Array holding `first`.
    private static func combined(
        _ first: Value, _ later: consuming [Value], mode: DataProcessingFunctions.AssociationMode
    ) -> Value {
        if mode == .collecting {
            if later.isEmpty { return first }
            if case .array(var elements) = first {
                elements.append(contentsOf: later)
                return .array(elements)
            }
        }
        later.insert(first, at: 0)
        return .array(ValueArray(later))
    }

    /// Adds `first` and then `later` under `key`, whose hash is `hash`.
    private mutating func insert(_ first: Value, later: consuming [Value], for key: String, hash: Int) {
        let mask = slots.count - 1
        let tag = UInt64(UInt(bitPattern: hash) >> 32) << 32
        var slot = hash & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { break }
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let position = Int(stored & 0xFFFF_FFFF) - 1
                if keys[position] == key {
                    if replaces {
                        firsts[position] = later.last ?? first
                    } else if laters[position].isEmpty {
                        later.insert(first, at: 0)
                        laters[position] = later
                    } else {
                        laters[position].append(first)
                        laters[position].append(contentsOf: later)
                    }
                    return
                }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag | UInt64(keys.count + 1)
        keys.append(key)
        hashes.append(hash)
        if replaces {
            firsts.append(later.last ?? first)
            laters.append([])
        } else {
            firsts.append(first)
            laters.append(later)
        }
        if keys.count * 4 > slots.count * 3 { grow() }
    }

    /// Doubles the slots, placing every key again by its stored hash.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for position in hashes.indices {
            let hash = hashes[position]
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt64(UInt(bitPattern: hash) >> 32) << 32 | UInt64(position + 1)
        }
    }
}
