/// ``ItemFastPath``'s test (`$item.age > 30`, `$item.a == x && $item.b.c != 2`, …) read straight
/// from the text of an item of a loaded document (<doc:LargeData>): each comparison's path is read
/// in the item's bytes (``ItemTextPath``), the scalar it reaches decoded from them alone and
/// compared with the constant by the fast path's own comparison (``ItemFastPath/compare(_:_:_:)``,
/// ``Evaluator``'s rules), without making the item, the objects on the way or a binding.
///
/// It gives the verdict the fast path gives for the same item, or says it cannot: what the text
/// path of a comparison cannot read (``ItemTextPath/Found/general``: a non-object on the way, an
/// object too long for one pass) and the item is tested the general way.
struct ItemTextTest {
    private let test: ItemFastPath.Test
    /// The text path of each comparison, by its place.
    private let paths: [ItemTextPath]

    /// The text test of `fastPath` when it is a test whose every path starts from `$item` through
    /// plain keys; else nil.
    init?(_ fastPath: ItemFastPath) {
        guard case .test(let test) = fastPath.use else { return nil }
        var comparisons: [ItemFastPath.Compared] = []
        Self.collect(test, into: &comparisons)
        var paths: [ItemTextPath] = []
        for comparison in comparisons.sorted(by: { $0.place < $1.place }) {
            guard let path = ItemTextPath(comparison.path, from: ["item"]) else { return nil }
            paths.append(path)
        }
        self.test = test
        self.paths = paths
    }

    private static func collect(_ test: ItemFastPath.Test, into comparisons: inout [ItemFastPath.Compared]) {
        switch test {
        case .comparison(let comparison): comparisons.append(comparison)
        case .and(let left, let right), .or(let left, let right):
            collect(left, into: &comparisons)
            collect(right, into: &comparisons)
        case .not(let inner): collect(inner, into: &comparisons)
        }
    }

    /// Calls `body` with a reader of the test, valid only inside `body`.
    func withReader<R>(_ body: (Reader) throws -> R) rethrows -> R {
        try ItemTextPath.withReaders(paths[...]) { readers in try body(Reader(test: test, readers: readers)) }
    }

    /// Reads the test's verdict in the text of items.
    struct Reader {
        fileprivate let test: ItemFastPath.Test
        fileprivate let readers: [ItemTextPath.Reader]

        /// The verdict on the item whose text begins at `start` in `bytes` (the checked text of
        /// `document`), or nil when the item must be tested the general way.
        func passes(in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int) -> Bool? {
            test.truth { comparison -> Value?? in
                switch readers[comparison.place].find(in: bytes, itemAt: start) {
                case .general: return nil
                case .nothing: return .some(nil)
                case .text(let range):
                    return .some(.string(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)))
                case .value(let offset): return .some(JSONNode.value(in: document, bytes, at: offset))
                }
            }
        }
    }
}

extension FunctionCall {
    /// Calls `body` with the verdicts of the boolean per-item `test` on the items of `entries`, by
    /// position: the one place that decides how a filtering function (`^filter`,
    /// `^valuesPassingTest`, `^collectionPassesTest`) tests an item. An item is tested as
    /// `general` tests it (`test` evaluated with `$item` bound, its errors logged and read as
    /// false) unless the items are the elements of a loaded document and the test is of
    /// ``ItemTextTest``'s shapes — where the general evaluation would take the fast path
    /// (``Environment/fastPath(of:in:)``) — when the verdict is read from the item's text
    /// (``Evaluation/textPathItems`` counts those items). With no `test` (`^filter` with
    /// intermediates), every item is tested by `general`.
    func withItemVerdicts<R>(
        of test: RepeatedEvaluation?, over entries: CollectionSupport.Entries,
        general: @escaping (CollectionSupport.Entry) throws -> Bool, _ body: (inout ItemVerdicts) throws -> R
    ) throws -> R {
        let textTest =
            steps == nil
            ? test.flatMap { environment.fastPath(of: $0, in: evaluation) }.flatMap(ItemTextTest.init) : nil
        return try entries.withItemText { entries, text in
            try withoutActuallyEscaping(entries) { entries in
                func run(_ reader: ItemTextTest.Reader?) throws -> R {
                    var verdicts = ItemVerdicts(entries: entries, text: text, reader: reader, general: general)
                    defer { evaluation.textPathItems.add(verdicts.fromText) }
                    return try body(&verdicts)
                }
                guard let textTest, text != nil else { return try run(nil) }
                return try textTest.withReader { try run($0) }
            }
        }
    }
}

extension FunctionCall {
    /// The positions in `range` of the items of `entries` that pass `test`, in order, each tested
    /// as ``withItemVerdicts(of:over:general:_:)`` decides.
    func positions(
        in range: Range<Int>, of entries: CollectionSupport.Entries, passing test: RepeatedEvaluation?,
        general: @escaping (CollectionSupport.Entry) throws -> Bool
    ) throws -> [Int] {
        try withItemVerdicts(of: test, over: entries, general: general) { verdicts in
            var kept: [Int] = []
            for position in range {
                try checkCancellation()
                if try verdicts.passes(position) { kept.append(position) }
            }
            return kept
        }
    }

    /// The general verdict of the boolean per-item `test` on an entry: `test` evaluated with
    /// `$item` (and `$key`) bound, its errors logged and read as false.
    func verdict(of test: RepeatedEvaluation) -> (CollectionSupport.Entry) throws -> Bool {
        { entry in try withItem(entry.item, key: entry.key) { try evaluateBooleanQuietly(test) } }
    }
}

/// The verdicts of a per-item test by position, inside ``FunctionCall/withItemVerdicts(of:over:general:_:)``.
struct ItemVerdicts {
    fileprivate let entries: (Int) -> CollectionSupport.Entry
    fileprivate let text: ValueArray.ElementText?
    fileprivate let reader: ItemTextTest.Reader?
    fileprivate let general: (CollectionSupport.Entry) throws -> Bool
    /// How many verdicts were read from the text.
    fileprivate(set) var fromText = 0

    /// The item at `position`.
    func entry(_ position: Int) -> CollectionSupport.Entry { entries(position) }

    /// Whether the item at `position` passes the test.
    mutating func passes(_ position: Int) throws -> Bool {
        if let reader, let text,
            let verdict = reader.passes(in: text.document, text.bytes, itemAt: text.offset(ofElementAt: position))
        {
            fromText += 1
            return verdict
        }
        return try general(entries(position))
    }
}
