/// Hashes a container of a loaded JSON document from its text, feeding the hasher exactly what
/// hashing the decoded container feeds it (``ValueArray``'s and ``ValueDictionary``'s
/// `hash(into:)`), so that a view of a document and decoded data that are equal (`==`) hash the
/// same, and a `^unique` or an association over a document's records hashes each record without
/// decoding it (no dictionary of entries, no `String` for a plain value).
///
/// What is fed, for each value, is what ``Value``'s `hash(into:)` feeds for the value decoding it
/// gives: a plain ASCII string's bytes as they stand in the text (an escaped or non-ASCII string
/// is decoded first, as its bytes may differ from the text's), a number, `true`, `false` and
/// `null` decoded (they are short), an array its elements in order and then its count, an object
/// its count and the exclusive or of its entries' own hashes (each entry hashed on its own with
/// its key as a `String`, as order does not count).
///
/// An object whose keys are not all plain ASCII, repeat (a dictionary keeps one of them), or are
/// more than ``maximumKeys`` is hashed through its decoded entries instead, as is a container the
/// text of which is not as the document's check found it (a mapped file truncated under the read).
struct JSONTextHasher {
    /// How many keys of the objects open at once the hasher compares new keys with; an object past
    /// that is hashed through its decoded entries.
    static let maximumKeys = 128

    let document: JSONDocument
    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    /// Where each key of the open objects begins and how long it is, two words a key.
    private let keys: UnsafeMutablePointer<Int>
    private var keyCount = 0

    /// Feeds `hasher` the contents of `node` (an array's elements and count, an object's count and
    /// entries: not the kind ``Value`` feeds before them) read from its text. Returns false, with
    /// `hasher` unchanged, when the text is not as checked; the caller then hashes the decoded
    /// container.
    static func hashContents(of node: JSONNode, into hasher: inout Hasher) -> Bool {
        node.document.withBytes { bytes in
            guard let base = bytes.baseAddress, node.offset < bytes.count else { return false }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * maximumKeys) { keys in
                guard let keysBase = keys.baseAddress else { return false }
                var textHasher = JSONTextHasher(document: node.document, bytes: bytes, base: base, keys: keysBase)
                var trial = hasher
                let end =
                    base[node.offset] == UInt8(ascii: "[")
                    ? textHasher.hashElements(ofArrayAt: node.offset, into: &trial)
                    : textHasher.hashEntries(ofObjectAt: node.offset, into: &trial)
                guard end != nil else { return false }
                hasher = trial
                return true
            }
        }
    }

    /// Feeds `hasher` what ``Value``'s `hash(into:)` feeds for the value at `position`; gives the
    /// offset past it, or nil when the text is not as checked.
    private mutating func hashValue(at position: Int, into hasher: inout Hasher) -> Int? {
        let end = bytes.count
        guard position < end else { return nil }
        switch base[position] {
        case UInt8(ascii: "\""):
            if let plain = JSONBytes.plainASCIIString(base, at: position, end: end) {
                hasher.combine(Value.stringKind)
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[plain])))
                return plain.upperBound + 1
            }
            Value.string(JSONNode.string(bytes, at: position)).hash(into: &hasher)
            return JSONBytes.skipString(base, position, end)
        case UInt8(ascii: "["):
            hasher.combine(Value.arrayKind)
            return hashElements(ofArrayAt: position, into: &hasher)
        case UInt8(ascii: "{"):
            hasher.combine(Value.dictionaryKind)
            if let next = hashEntries(ofObjectAt: position, into: &hasher) { return next }
            // Keys the text cannot be hashed by: the decoded entries, one level (values that are
            // containers are views again, hashed from their text).
            ValueDictionary.hash(entries: JSONNode(document: document, offset: position).entries(), into: &hasher)
            let next = JSONBytes.skipValue(base, position, end)
            return next > position ? next : nil
        default:
            if let integer = JSONBytes.plainInteger(base, at: position, end: end) {
                Value.integer(integer).hash(into: &hasher)
            } else {
                JSONNode.value(in: document, bytes, at: position).hash(into: &hasher)
            }
            let next = JSONBytes.skipValue(base, position, end)
            return next > position ? next : nil
        }
    }

    /// The elements of the array at `open`, in order, then their count; gives the offset past it.
    private mutating func hashElements(ofArrayAt open: Int, into hasher: inout Hasher) -> Int? {
        let end = bytes.count
        var position = JSONBytes.skipWhitespace(base, open + 1, end)
        var count = 0
        if position < end, base[position] == UInt8(ascii: "]") {
            hasher.combine(count)
            return position + 1
        }
        while position < end {
            guard let next = hashValue(at: position, into: &hasher) else { return nil }
            count += 1
            position = JSONBytes.skipWhitespace(base, next, end)
            guard position < end else { return nil }
            switch base[position] {
            case UInt8(ascii: "]"):
                hasher.combine(count)
                return position + 1
            case UInt8(ascii: ","): position = JSONBytes.skipWhitespace(base, position + 1, end)
            default: return nil
            }
        }
        return nil
    }

    /// The count and the exclusive or of the entries' hashes of the object at `open`; gives the
    /// offset past it, or nil (with `hasher` unchanged) when its keys cannot be hashed from the
    /// text or the text is not as checked.
    private mutating func hashEntries(ofObjectAt open: Int, into hasher: inout Hasher) -> Int? {
        let end = bytes.count
        let firstKey = keyCount
        defer { keyCount = firstKey }
        var entriesHash = 0
        var position = JSONBytes.skipWhitespace(base, open + 1, end)
        if position < end, base[position] == UInt8(ascii: "}") {
            ValueDictionary.combine(count: 0, entriesHash: 0, into: &hasher)
            return position + 1
        }
        while position < end {
            guard let key = JSONBytes.plainASCIIString(base, at: position, end: end), isNewKey(key, since: firstKey)
            else { return nil }
            position = JSONBytes.skipWhitespace(base, key.upperBound + 1, end)
            guard position < end, base[position] == UInt8(ascii: ":") else { return nil }
            position = JSONBytes.skipWhitespace(base, position + 1, end)
            var entryHasher = Hasher()
            entryHasher.combine(String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self))
            guard let next = hashValue(at: position, into: &entryHasher) else { return nil }
            entriesHash ^= entryHasher.finalize()
            position = JSONBytes.skipWhitespace(base, next, end)
            guard position < end else { return nil }
            switch base[position] {
            case UInt8(ascii: "}"):
                ValueDictionary.combine(count: keyCount - firstKey, entriesHash: entriesHash, into: &hasher)
                return position + 1
            case UInt8(ascii: ","): position = JSONBytes.skipWhitespace(base, position + 1, end)
            default: return nil
            }
        }
        return nil
    }

    /// Whether `key` (a plain ASCII key's bytes) differs from the keys of the object whose first
    /// key is the `first` kept; keeps it if so. ASCII keys are equal exactly when their bytes are.
    private mutating func isNewKey(_ key: Range<Int>, since first: Int) -> Bool {
        guard keyCount < Self.maximumKeys else { return false }
        let length = key.count
        for kept in first..<keyCount where keys[2 * kept + 1] == length {
            if JSONBytes.equal(base + keys[2 * kept], base + key.lowerBound, count: length) { return false }
        }
        keys[2 * keyCount] = key.lowerBound
        keys[2 * keyCount + 1] = length
        keyCount += 1
        return true
    }
}
