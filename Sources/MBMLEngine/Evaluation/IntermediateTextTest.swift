/// `^filter`'s test through one intermediate (`^filter($people|$item.tags|$item == red)`, with
/// `matchAll` or not) read straight from the text of an item of a loaded document: the
/// intermediate's plain path (``ItemTextPath``) is read in the item's text to the array it
/// reaches, and the test (``ItemTextTest``) in the text of each of that array's elements, the
/// verdicts combined by the match type as the general walk combines them — the first verdict that
/// differs from `matchAll` decides, an empty array gives `matchAll`.
///
/// It gives the general walk's verdict for the same item, or says it cannot (nil): when the path
/// must be read the general way or reaches anything but an array (nothing, a text, an object —
/// whose duplicate keys the general walk would see once —, a number, which the general walk reports
/// as a bad intermediate), or when the test must be read the general way for one of the elements
/// it reads (none after the first that decides, as the general walk reads none). Reading a verdict has no side effect, so an item it cannot judge is judged again,
/// from the start, by the general walk.
struct IntermediateTextTest {
    private let path: ItemTextPath
    private let test: ItemTextTest
    private let matchAll: Bool

    /// The text test of an intermediate whose fast path is a path from `$item` (or `$root`, the
    /// same item at the top level) through plain keys, and a test of ``ItemTextTest``'s shapes;
    /// else nil.
    init?(intermediate: ItemFastPath, test: ItemFastPath, matchAll: Bool) {
        guard let path = ItemTextPath(intermediate), let test = ItemTextTest(test) else { return nil }
        self.path = path
        self.test = test
        self.matchAll = matchAll
    }

    /// Calls `body` with a reader of the test, valid only inside `body`.
    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try path.withReader { path in
            try test.withReader { test in try body(Reader(path: path, test: test, matchAll: matchAll)) }
        }
    }

    /// Reads the test's verdict in the text of items.
    struct Reader {
        fileprivate let path: ItemTextPath.Reader
        fileprivate let test: ItemTextTest.Reader
        fileprivate let matchAll: Bool

        /// The verdict on the item whose text begins at `start` in `bytes` (the checked text of
        /// `document`), or nil when the item must be tested the general way.
        func passes(in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int) -> Bool? {
            guard case .value(let open) = path.find(in: bytes, itemAt: start), let base = bytes.baseAddress else {
                return nil
            }
            var decided: Bool?
            var readable = true
            let walked = JSONBytes.walkElements(base, arrayAt: open, end: bytes.count) { element in
                guard let passed = test.passes(in: document, bytes, itemAt: element) else {
                    readable = false
                    return false
                }
                // The general walk stops at the first verdict that decides.
                if passed != matchAll { decided = passed }
                return decided == nil
            }
            guard readable, walked != nil else { return nil }
            return decided ?? matchAll
        }
    }
}
