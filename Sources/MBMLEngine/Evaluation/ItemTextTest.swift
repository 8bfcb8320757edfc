/// ``ItemFastPath``'s test (`$item.age > 30`, `$item.a == x && $item.b.c != 2`, `$item.active`, …)
/// read straight from the text of an item of a loaded document (<doc:LargeData>): each check's path
/// is read in the item's bytes (``ItemTextPath``), the scalar it reaches decoded from them alone and
/// checked by the fast path's own check (``ItemFastPath/Check/holds(for:)``, ``Evaluator``'s rules),
/// without making the item, the objects on the way or a binding.
///
/// It gives the verdict the fast path gives for the same item, or says it cannot: what the text
/// path of a comparison cannot read (``ItemTextPath/Found/general``: a non-object on the way, an
/// object too long for one pass) and the item is tested the general way.
struct ItemTextTest {
    /// The test's nodes, the root last: each refers to earlier ones by index (trivial values, so
    /// that reading a verdict retains nothing).
    private let nodes: [Node]
    /// What each check compares with, by its place.
    private let comparisons: [Comparison]
    /// The checks, by place (the general check of a value the text path decoded).
    private let checks: [ItemFastPath.Check]
    /// The text path of each check, by its place.
    private let paths: [ItemTextPath]

    /// A node of the test: ``ItemFastPath/Test`` with its children by index.
    fileprivate enum Node {
        case comparison(place: Int)
        case and(Int, Int)
        case or(Int, Int)
        case not(Int)
    }

    /// One check's operator (nil for the value's own truth), and its constant as a whole number
    /// when it is one.
    fileprivate struct Comparison {
        let kind: Token.Kind?
        /// ``ItemFastPath/Constant/integer``: an item's whole number of at most 18 digits is
        /// compared with it as an `Int`, which is what ``ItemFastPath/compare(_:_:_:)`` does for an
        /// ``Value/integer(_:)`` (the order of two `Int`s, and for `==`, `!=` the equality of two
        /// numbers, exact for whole numbers).
        let integer: Int?

        init(_ compared: ItemFastPath.Compared) {
            switch compared.check {
            case .comparison(let kind, let constant): (self.kind, integer) = (kind, constant.integer)
            case .truth: (kind, integer) = (nil, nil)
            }
        }
    }

    /// The text test of `fastPath` when it is a test whose every path starts from `$item` through
    /// plain keys; else nil.
    init?(_ fastPath: ItemFastPath) {
        guard case .test(let test) = fastPath.use else { return nil }
        var nodes: [Node] = []
        var compared: [ItemFastPath.Compared] = []
        Self.flatten(test, into: &nodes, comparisons: &compared)
        let ordered = compared.sorted(by: { $0.place < $1.place })
        var paths: [ItemTextPath] = []
        for comparison in ordered {
            guard let path = ItemTextPath(comparison.path, from: ["item"]) else { return nil }
            paths.append(path)
        }
        self.nodes = nodes
        self.comparisons = ordered.map(Comparison.init)
        self.checks = ordered.map(\.check)
        self.paths = paths
    }

    /// Appends the nodes of `test` (its own last) and collects its comparisons.
    private static func flatten(
        _ test: ItemFastPath.Test, into nodes: inout [Node], comparisons: inout [ItemFastPath.Compared]
    ) {
        switch test {
        case .comparison(let comparison):
            comparisons.append(comparison)
            nodes.append(.comparison(place: comparison.place))
        case .and(let left, let right), .or(let left, let right):
            flatten(left, into: &nodes, comparisons: &comparisons)
            let leftIndex = nodes.count - 1
            flatten(right, into: &nodes, comparisons: &comparisons)
            let rightIndex = nodes.count - 1
            if case .and = test {
                nodes.append(.and(leftIndex, rightIndex))
            } else {
                nodes.append(.or(leftIndex, rightIndex))
            }
        case .not(let inner):
            flatten(inner, into: &nodes, comparisons: &comparisons)
            nodes.append(.not(nodes.count - 1))
        }
    }

    /// Calls `body` with a reader of the test, valid only inside `body`.
    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try ItemTextPath.withReaders(paths[...]) { readers in
            try readers.withUnsafeBufferPointer { readers in
                try nodes.withUnsafeBufferPointer { nodes in
                    try comparisons.withUnsafeBufferPointer { comparisons in
                        try checks.withUnsafeBufferPointer { checks in
                            try body(Reader(nodes: nodes, comparisons: comparisons, checks: checks, readers: readers))
                        }
                    }
                }
            }
        }
    }

    /// Reads the test's verdict in the text of items.
    struct Reader {
        fileprivate let nodes: UnsafeBufferPointer<Node>
        fileprivate let comparisons: UnsafeBufferPointer<Comparison>
        fileprivate let checks: UnsafeBufferPointer<ItemFastPath.Check>
        fileprivate let readers: UnsafeBufferPointer<ItemTextPath.Reader>

        /// The verdict on the item whose text begins at `start` in `bytes` (the checked text of
        /// `document`), or nil when the item must be tested the general way.
        func passes(in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int) -> Bool? {
            truth(of: nodes.count - 1, in: document, bytes, itemAt: start)
        }

        /// The truth of node `index`, as ``ItemFastPath/Test/truth(_:)`` reads it: left to right,
        /// each side only when the evaluator reads it; nil as soon as a comparison must be read the
        /// general way.
        private func truth(
            of index: Int, in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int
        ) -> Bool? {
            switch nodes[index] {
            case .comparison(let place):
                return verdict(place, in: document, bytes, itemAt: start)
            case .and(let left, let right):
                guard let first = truth(of: left, in: document, bytes, itemAt: start) else { return nil }
                return first ? truth(of: right, in: document, bytes, itemAt: start) : false
            case .or(let left, let right):
                guard let first = truth(of: left, in: document, bytes, itemAt: start) else { return nil }
                return first ? true : truth(of: right, in: document, bytes, itemAt: start)
            case .not(let inner):
                return truth(of: inner, in: document, bytes, itemAt: start).map { !$0 }
            }
        }

        /// The check at `place` on the item, or nil when its path must be read the general way.
        private func verdict(
            _ place: Int, in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int
        ) -> Bool? {
            let left: Value?
            switch readers[place].find(in: bytes, itemAt: start) {
            case .general: return nil
            case .nothing: left = nil
            case .text(let range):
                left = .string(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            case .value(let offset):
                let comparison = comparisons[place]
                guard let kind = comparison.kind else {
                    // The truth of `true`, `false` and `null` without decoding them.
                    switch bytes[offset] {
                    case UInt8(ascii: "t"): return true
                    case UInt8(ascii: "f"), UInt8(ascii: "n"): return false
                    default: return JSONNode.value(in: document, bytes, at: offset).isTruthy
                    }
                }
                if let constant = comparison.integer, let base = bytes.baseAddress,
                    let number = JSONBytes.plainInteger(base, at: offset, end: bytes.count)
                {
                    return Self.order(number, constant, kind)
                }
                left = JSONNode.value(in: document, bytes, at: offset)
            }
            return checks[place].holds(for: left)
        }

        /// `number OP constant` for two `Int`s.
        @inline(__always)
        private static func order(_ number: Int, _ constant: Int, _ kind: Token.Kind) -> Bool {
            switch kind {
            case .equal: return number == constant
            case .notEqual: return number != constant
            case .lessThan: return number < constant
            case .lessThanOrEqual: return number <= constant
            case .greaterThan: return number > constant
            default: return number >= constant
            }
        }
    }
}
