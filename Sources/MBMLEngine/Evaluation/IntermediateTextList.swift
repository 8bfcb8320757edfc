/// `^list` through one intermediate (`^list($people|$item.tags|$item)`,
/// `^list($people|$item.pets|$item.name)`) read straight from the text of an item of a loaded
/// document: the intermediate's plain path (``ItemTextPath``) is read in the item's text to the
/// array it reaches, and the value expression's plain path from `$item` in the text of each of that
/// array's elements, the values in element order, those that are nothing (a missing key, null) left
/// out — what the general walk lists for the item.
///
/// It gives the general walk's values for the item, or says it cannot: when the intermediate's
/// path must be read the general way or reaches anything but an array or nothing (a text, a number:
/// the general walk's bad-intermediate error; an object, whose repeated keys the walk sees once),
/// or when the value's path must be read the general way for an element. Reading the values has no
/// side effect, so an item it cannot read is walked again, from the start, by the general walk.
struct IntermediateTextList {
    private let intermediate: ItemTextPath
    private let value: ItemTextPath

    /// The text list of an intermediate whose fast path is a path from `$item` (or `$root`, the
    /// same item at the top level) and a value expression whose fast path is a path from `$item`
    /// (the element; `$root` is still the top-level item there), both through plain keys; else nil.
    init?(intermediate: ItemFastPath, value: ItemFastPath) {
        guard let intermediate = ItemTextPath(intermediate), case .value(let path) = value.use,
            let value = ItemTextPath(path, from: ["item"])
        else { return nil }
        self.intermediate = intermediate
        self.value = value
    }

    /// Calls `body` with a reader of the list, valid only inside `body`.
    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try intermediate.withReader { intermediate in
            try value.withReader { value in try body(Reader(intermediate: intermediate, value: value)) }
        }
    }

    /// Calls `body` with the reader of `list`, or with nil when there is none.
    static func withOptionalReader<R>(_ list: IntermediateTextList?, _ body: (Reader?) throws -> R) rethrows -> R {
        guard let list else { return try body(nil) }
        return try list.withReader { try body($0) }
    }

    /// Reads the values of items from their text.
    struct Reader {
        fileprivate let intermediate: ItemTextPath.Reader
        fileprivate let value: ItemTextPath.Reader

        /// Appends the values of the item whose text begins at `start` in `bytes` (the checked text
        /// of `document`) to `values`, each charged to `call`'s budget as kept; false, with
        /// nothing appended, when the item must be walked the general way (what was charged for it
        /// stays charged: the count is an estimate from above, ``KeptBytes``).
        /// - Throws: ``MemoryBudgetExceeded`` past the budget.
        func collect(
            in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int,
            into values: inout [Value], kept: inout KeptBytes, call: FunctionCall
        ) throws -> Bool {
            let open: Int
            switch intermediate.find(in: bytes, itemAt: start) {
            case .nothing: return true
            case .value(let offset): open = offset
            case .text, .general: return false
            }
            guard let base = bytes.baseAddress else { return false }
            let first = values.count
            var readable = true
            let walked = try JSONBytes.walkElements(base, arrayAt: open, end: bytes.count) { element in
                let found: Value
                switch value.find(in: bytes, itemAt: element) {
                case .nothing: return true
                case .text(let range):
                    found = .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
                case .value(let offset): found = JSONNode.value(in: document, bytes, at: offset)
                case .general:
                    readable = false
                    return false
                }
                try kept.keep(found, in: call)
                values.append(found)
                return true
            }
            guard readable, walked == true else {
                values.removeSubrange(first...)
                return false
            }
            return true
        }
    }
}
