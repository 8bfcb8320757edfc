import CPrefetch

/// Where each name's record is in a list of records kept in the order the names came (a
/// ``VariableSpace``'s): a hash table of one 8-byte word a name, in one flat table (``NameBuckets``).
///
/// A manifest of a hundred thousand variables declares a hundred thousand names, each looked up
/// once in a table far larger than the processor's caches: what a declaration costs is mostly
/// the cache lines the look-up touches. A `Dictionary<String, Int32>` touches three for a new name
/// (its occupancy bitmap, the key, the value); this table touches one, the word that holds both
/// the name's hash and its position, and reads a name (from the records) only when the hashes
/// agree.
///
/// Names are Swift strings and compare as strings do (canonical equivalence: `"é"` written as
/// one scalar or as `e` and a combining accent is one name), so equal names must hash alike
/// (``NameHash``); two names with the same hash are compared with `==`. `NamePositionsTests`
/// checks both against a `Dictionary` on names in both forms.
///
/// Open addressing with linear probing, at most half full; a removal moves the entries after it
/// back (no tombstones).
struct NamePositions {
    /// Each entry is 0 (an empty bucket) or the name's hash in the high 32 bits and its position
    /// plus one in the low 32 bits (``NameBuckets``); nil before the first name.
    private var buckets: NameBuckets?
    /// How many names the table holds.
    private(set) var count = 0
    /// How names are hashed (a random seed of this table's, kept by its copies).
    private let hasher = NameHash()

    /// What a look-up found: the name's position, or where a missing name would go.
    enum Lookup {
        case found(position: Int, bucket: Int)
        case missing(hash: UInt32)
    }

    /// Looks `name` up; `nameAt` gives the name of the record at a position (only called for a
    /// position whose name's hash is `name`'s).
    func lookUp(_ name: String, nameAt: (Int) -> String) -> Lookup {
        lookUp(name, hash: hash(of: name), nameAt: nameAt)
    }

    /// The hash this table gives `name`.
    func hash(of name: String) -> UInt32 {
        hasher.hash(of: name)
    }

    /// ``lookUp(_:nameAt:)`` of a name whose ``hash(of:)`` is `hash`.
    func lookUp(_ name: String, hash: UInt32, nameAt: (Int) -> String) -> Lookup {
        guard let buckets = buckets?.buffer else { return .missing(hash: hash) }
        let mask = buckets.count - 1
        var bucket = Int(hash) & mask
        while true {
            let entry = buckets[bucket]
            if entry == 0 { return .missing(hash: hash) }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let position = Int(UInt32(truncatingIfNeeded: entry)) - 1
                if nameAt(position) == name { return .found(position: position, bucket: bucket) }
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Asks the processor for the buckets where names of `hashes` are looked for first, without
    /// waiting for them. In a table larger than the caches each bucket is a cache miss; asked for
    /// together, the misses of a group of names are waited for together rather than one after
    /// another (a run of declarations hashes its names, prefetches, then looks them up). Changes
    /// nothing the table holds.
    func prefetchBuckets(of hashes: UnsafeBufferPointer<UInt32>) {
        guard let buckets else { return }
        let mask = buckets.count - 1
        for hash in hashes { mbml_prefetch(buckets.base + (Int(hash) & mask)) }
    }

    /// The position of `name`, if the table holds it.
    func position(of name: String, nameAt: (Int) -> String) -> Int? {
        guard case .found(let position, _) = lookUp(name, nameAt: nameAt) else { return nil }
        return position
    }

    /// Adds a name that the table does not hold (``lookUp(_:nameAt:)`` said where: `hash`) at
    /// `position`.
    mutating func insert(position: Int, hash: UInt32) {
        precondition(position >= 0 && position < Int(UInt32.max), "NamePositions: position out of range")
        if (count + 1) * 2 > (buckets?.count ?? 0) { grow(toHold: count + 1) }
        let entry = UInt64(hash) << 32 | UInt64(position + 1)
        let buckets = uniqueBuckets()
        let mask = buckets.count - 1
        var bucket = Int(hash) & mask
        while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
        buckets[bucket] = entry
        count += 1
    }

    /// Gives the name found in `bucket` another position.
    mutating func move(bucket: Int, to position: Int) {
        let buckets = uniqueBuckets()
        let hashBits = buckets[bucket] & 0xFFFF_FFFF_0000_0000
        buckets[bucket] = hashBits | UInt64(position + 1)
    }

    /// Removes the name found in `bucket`. The entries after it that would no longer be found
    /// across the gap move back into it.
    mutating func remove(bucket: Int) {
        let buckets = uniqueBuckets()
        let mask = buckets.count - 1
        var hole = bucket
        var next = (hole + 1) & mask
        while buckets[next] != 0 {
            let home = Int(UInt32(truncatingIfNeeded: buckets[next] >> 32)) & mask
            // The entry may fill the hole when its home is not after the hole (cyclically).
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = 0
        count -= 1
    }

    /// The buckets to write: copied first when another table shares them (a copy of this one).
    private mutating func uniqueBuckets() -> UnsafeMutableBufferPointer<UInt64> {
        if !isKnownUniquelyReferenced(&buckets), let shared = buckets { buckets = shared.copy() }
        guard let buckets else { preconditionFailure("NamePositions: no buckets to write") }
        return buckets.buffer
    }

    /// Makes room for `additional` more names, so that the table grows once instead of again and
    /// again as it fills.
    mutating func reserveCapacity(forAdditional additional: Int) {
        let needed = count + max(0, additional)
        if needed * 2 > (buckets?.count ?? 0) { grow(toHold: needed) }
    }

    /// Moves the entries into a table of at least twice `names` buckets (their hashes are kept:
    /// no name is hashed again).
    private mutating func grow(toHold names: Int) {
        var size = max(16, buckets?.count ?? 0)
        while size < names * 2 { size *= 2 }
        guard size != buckets?.count else { return }
        let larger = NameBuckets(count: size)
        let mask = size - 1
        for entry in buckets?.buffer ?? UnsafeMutableBufferPointer(start: nil, count: 0) where entry != 0 {
            var bucket = Int(UInt32(truncatingIfNeeded: entry >> 32)) & mask
            while larger.base[bucket] != 0 { bucket = (bucket + 1) & mask }
            larger.base[bucket] = entry
        }
        buckets = larger
    }
}
