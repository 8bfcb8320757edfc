/// Values read from short JSON texts, remembered by their text, so that a text that comes again
/// (the same tag list, the same small object, the same long string in many records) shares the
/// first one's storage instead of allocating its own copy.
///
/// A direct-mapped table of up to ``maximumSlotCount`` slots, each holding one text of at most
/// ``maximumLength`` bytes and its value; a new text takes over its slot. It allocates nothing on a
/// hit. Values are immutable, so sharing them cannot be observed.
///
/// The table starts empty and grows with use (``initialSlotCount`` slots at the first text
/// remembered, four times as many each time half of them have been filled, up to
/// ``maximumSlotCount``): a reader that decodes one small record (a lazily read node, a computed
/// array's elements one by one) pays for a few slots, not for the whole table.
struct RepeatedTexts {
    static let maximumSlotCount = 4096
    static let initialSlotCount = 64
    static let maximumLength = 64
    private var slotCount = 0
    /// Texts remembered since the table last grew.
    private var remembered = 0
    private var hashes: [UInt64] = []
    private var lengths: [Int] = []
    private var texts: [UInt8] = []
    private var values: [Value?] = []

    /// Where a text is (or would be) remembered: its hash, which picks the slot in a table of any size.
    struct Slot {
        fileprivate let hash: UInt64
    }

    /// The slot of `hash` in the table as it is now (`slotCount` is a power of two).
    private func index(of hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29)) & (slotCount - 1)
    }

    /// The slot for `text` (at most ``maximumLength`` bytes) and the value remembered for it, if any.
    func lookUp(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> (slot: Slot, value: Value?) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for byte in text { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash |= 1
        let slot = Slot(hash: hash)
        guard slotCount > 0 else { return (slot, nil) }
        let index = index(of: hash)
        guard hashes[index] == hash, lengths[index] == text.count else { return (slot, nil) }
        let offset = index * Self.maximumLength
        let same = texts.withUnsafeBufferPointer { stored in
            text.elementsEqual(stored[offset..<offset + text.count])
        }
        return (slot, same ? values[index] : nil)
    }

    /// Remembers `value` as read from `text` in `slot` (from ``lookUp(_:)`` of the same text).
    mutating func remember(_ value: Value, for text: UnsafeBufferPointer<UInt8>.SubSequence, in slot: Slot) {
        if remembered * 2 >= slotCount, slotCount < Self.maximumSlotCount { grow() }
        let index = index(of: slot.hash)
        let offset = index * Self.maximumLength
        texts.withUnsafeMutableBufferPointer { stored in
            guard let target = stored.baseAddress, let source = text.base.baseAddress else { return }
            (target + offset).update(from: source + text.startIndex, count: text.count)
        }
        hashes[index] = slot.hash
        lengths[index] = text.count
        values[index] = value
        remembered += 1
    }

    /// A larger, empty table (what the smaller one remembered is dropped: it is only a cache).
    private mutating func grow() {
        slotCount = min(max(Self.initialSlotCount, slotCount * 4), Self.maximumSlotCount)
        remembered = 0
        hashes = [UInt64](repeating: 0, count: slotCount)
        lengths = [Int](repeating: 0, count: slotCount)
        texts = [UInt8](repeating: 0, count: slotCount * Self.maximumLength)
        values = [Value?](repeating: nil, count: slotCount)
    }
}

/// Whether looking texts of one kind up in ``RepeatedTexts`` pays: of every 1,024 lookups, if fewer
/// than one in eight found a value (unique e-mail addresses, say), the next 16,384 texts of that kind
/// are not looked up at all, and then it tries again.
struct RepetitionTally {
    private var lookups = 0
    private var hits = 0
    private var skipping = 0

    /// Whether to look the next text up (counts it when not).
    mutating func shouldLookUp() -> Bool {
        guard skipping == 0 else {
            skipping -= 1
            return false
        }
        return true
    }

    /// Notes the outcome of a lookup.
    mutating func record(hit: Bool) {
        lookups += 1
        if hit { hits += 1 }
        guard lookups == 1024 else { return }
        if hits * 8 < lookups { skipping = 16_384 }
        lookups = 0
        hits = 0
    }
}
