/// ``ItemFastPath``'s `$item.key.key…` read straight from the text of an item of a loaded document
/// (<doc:LargeData>): the keys are looked up in the objects' bytes (``JSONKeyLookup``) and the
/// path's value is found where it begins, without making the item, the objects on the way or (for
/// a plain string) the value itself.
///
/// It finds what the fast path evaluates for the same item, or says it cannot: the fast path
/// steps only through dictionaries, and a member of the document that is an object is a
/// dictionary looked up by ``JSONNode/value(forKey:)`` with the same ``JSONKeyLookup``. Anything
/// else on the way (an array, a text, null) or an object too long for one pass (one the
/// document keeps an index for) and the item is evaluated the general way.
struct ItemTextPath {
    /// The keys one after another, as UTF-8.
    private let keyBytes: [UInt8]
    /// Where each key is in ``keyBytes``.
    private let keyRanges: [Range<Int>]
    private let keys: [String]

    /// What the path reads to in an item's text.
    enum Found: Equatable {
        /// No value: a key is missing, or the value is null (the fast path's nil).
        case nothing
        /// A string whose bytes, at this range of the text, are its value (``JSONBytes/plainASCIIString(_:at:end:)``).
        case text(Range<Int>)
        /// Another value (a number, a boolean, a string to decode, a container), beginning here.
        case value(at: Int)
        /// The item must be evaluated the general way.
        case general
    }

    /// The text path of `fastPath` when it is `$item.…` or `$root.…` (what `^list` binds to the
    /// top-level item) giving the value in the object context, through keys that are ASCII
    /// without quotes or backslashes (``JSONKeyLookup/isPlain(_:)``); else nil.
    init?(_ fastPath: ItemFastPath) {
        guard case .value(let path) = fastPath.use else { return nil }
        self.init(path, from: ["item", "root"])
    }

    /// The text path of `path` when it starts from one of `variables` (those bound to the item)
    /// through plain keys (``JSONKeyLookup/isPlain(_:)``); else nil.
    init?(_ path: ItemFastPath.Path, from variables: Set<String>) {
        guard variables.contains(path.variable) else { return nil }
        var keyBytes: [UInt8] = []
        var keyRanges: [Range<Int>] = []
        for key in path.keys {
            let bytes = Array(key.utf8)
            guard bytes.withUnsafeBufferPointer(JSONKeyLookup.isPlain) else { return nil }
            keyRanges.append(keyBytes.count..<(keyBytes.count + bytes.count))
            keyBytes += bytes
        }
        self.keyBytes = keyBytes
        self.keyRanges = keyRanges
        keys = path.keys
    }

    /// Calls `body` with a reader of the path, valid only inside `body`.
    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try keyBytes.withUnsafeBufferPointer { all in
            let lookups = zip(keyRanges, keys).map { range, key in
                JSONKeyLookup(wanted: UnsafeBufferPointer(rebasing: all[range]), key: key)
            }
            return try lookups.withUnsafeBufferPointer { try body(Reader(lookups: $0)) }
        }
    }

    /// Reads the path in the text of items.
    struct Reader {
        /// The look-ups of the keys, in order (borrowed in place: reading an item retains nothing).
        fileprivate let lookups: UnsafeBufferPointer<JSONKeyLookup>

        /// What the path reads to from the item whose text begins at `start` in `bytes` (the
        /// checked text of a document).
        func find(in bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int) -> Found {
            guard let base = bytes.baseAddress else { return .general }
            var position = start
            for index in lookups.indices {
                guard position < bytes.count, base[position] == UInt8(ascii: "{") else { return .general }
                switch lookups[index].find(
                    in: bytes, objectAt: position, limit: JSONStructureIndexer.indexedContainerBytes)
                {
                case .tooLong: return .general
                case .found(nil): return .nothing
                case .found(let value?): position = value
                }
            }
            switch base[position] {
            case UInt8(ascii: "n"): return .nothing
            case UInt8(ascii: "\""):
                if let text = JSONBytes.plainASCIIString(base, at: position, end: bytes.count) { return .text(text) }
                return .value(at: position)
            default: return .value(at: position)
            }
        }
    }
}

extension ItemTextPath {
    /// Calls `body` with the readers of `paths`, in order.
    static func withReaders<R>(_ paths: ArraySlice<ItemTextPath>, _ body: ([Reader]) throws -> R) rethrows -> R {
        guard let first = paths.first else { return try body([]) }
        return try first.withReader { reader in
            try withReaders(paths.dropFirst()) { try body([reader] + $0) }
        }
    }

    /// Calls `body` with the reader of `path`, or with nil when there is no path.
    static func withOptionalReader<R>(_ path: ItemTextPath?, _ body: (Reader?) throws -> R) rethrows -> R {
        guard let path else { return try body(nil) }
        return try path.withReader { try body($0) }
    }
}
