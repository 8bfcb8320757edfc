/// A set of texts kept as their UTF-8 bytes: what ``DistinctValues`` keeps the distinct strings
/// of a distinct list in, so that a string read from a document's text is looked up by its bytes,
/// without being made into a `String` first.
///
/// Two strings are the same member exactly when their UTF-8 bytes are the same, as ``Value``'s
/// `==` compares two strings (canonically equivalent texts in different forms, NFC and NFD, are
/// different values). The bytes are hashed with the standard library's seeded `Hasher`, so that
/// no text can be chosen to collide with another in every run; the table is open-addressed (linear
/// probing), its bytes kept one after another in one array.
struct DistinctTexts {
    /// One place of the table: a member's hash and where its bytes are, or empty (`length < 0`).
    private struct Slot {
        var hash: Int
        var start: Int
        var length: Int

        static let empty = Slot(hash: 0, start: 0, length: -1)
    }

    private var slots = [Slot](repeating: .empty, count: 64)
    private var bytes: [UInt8] = []
    /// The number of members.
    private(set) var count = 0

    /// Adds `text` (UTF-8 bytes) unless it is a member; whether it was added.
    mutating func insert(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        let hash = hasher.finalize()
        // At most three quarters full, so that a probe meets an empty place soon.
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let mask = slots.count - 1
        var index = hash & mask
        while true {
            let slot = slots[index]
            if slot.length < 0 { break }
            if slot.hash == hash, slot.length == text.count, holds(text, at: slot.start) { return false }
            index = (index + 1) & mask
        }
        slots[index] = Slot(hash: hash, start: bytes.count, length: text.count)
        bytes.append(contentsOf: text)
        count += 1
        return true
    }

    /// Whether the member bytes from `start` are `text`'s bytes (as many as `text` has).
    private func holds(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard let wanted = text.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            guard let base = stored.baseAddress else { return false }
            return JSONBytes.equal(base + start, wanted, count: text.count)
        }
    }

    /// Twice the places, every member placed again by its hash.
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: .empty, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.length >= 0 {
            var index = slot.hash & mask
            while slots[index].length >= 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
