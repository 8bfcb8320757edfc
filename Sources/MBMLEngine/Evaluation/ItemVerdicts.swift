/// What a filtering function tests each item with: a boolean test, evaluated on the item itself or,
/// for `^filter` with intermediates, on the elements of the collections they reach, the verdicts
/// combined by the match type (`matchAll`, or at least one).
struct ItemTest {
    let test: RepeatedEvaluation
    var intermediates: [RepeatedEvaluation] = []
    var matchAll = false

    /// The same test as a worker of a parallel per-item scope evaluates it
    /// (``RepeatedEvaluation/unshared(for:)``).
    func unshared(for call: FunctionCall) -> ItemTest {
        ItemTest(
            test: test.unshared(for: call), intermediates: intermediates.map { $0.unshared(for: call) },
            matchAll: matchAll)
    }
}

extension FunctionCall {
    /// Calls `body` with the verdicts of the per-item `test` on the items of `entries`, by
    /// position: the one place that decides how a filtering function (`^filter`,
    /// `^valuesPassingTest`, `^collectionPassesTest`) tests an item. An item is tested as
    /// `general` tests it (the test evaluated with `$item` bound, its errors logged and read as
    /// false) unless the items are the elements of a loaded document and the general evaluation
    /// would take the fast path (``Environment/fastPath(of:in:)``) for a test of ``ItemTextTest``'s
    /// shapes — with no intermediate, or through one whose fast path is a plain path
    /// (``IntermediateTextTest``) —, when the verdict is read from the item's text
    /// (``Evaluation/textPathItems`` counts those items).
    func withItemVerdicts<R>(
        of test: ItemTest, over entries: CollectionSupport.Entries,
        general: @escaping (CollectionSupport.Entry) throws -> Bool, _ body: (inout ItemVerdicts) throws -> R
    ) throws -> R {
        let textTest = steps == nil ? self.textTest(of: test) : nil
        return try entries.withItemText { entries, text in
            try withoutActuallyEscaping(entries) { entries in
                func run(_ reader: ItemVerdicts.TextReader?) throws -> R {
                    var verdicts = ItemVerdicts(entries: entries, text: text, reader: reader, general: general)
                    defer { evaluation.textPathItems.add(verdicts.fromText) }
                    return try body(&verdicts)
                }
                switch textTest {
                case .some(.item(let test)) where text != nil:
                    return try test.withReader { try run(.item($0)) }
                case .some(.throughIntermediate(let test)) where text != nil:
                    return try test.withReader { try run(.throughIntermediate($0)) }
                default:
                    return try run(nil)
                }
            }
        }
    }

    /// The text test of `test`, when every expression it evaluates would take the fast path.
    private func textTest(of test: ItemTest) -> ItemVerdicts.TextTest? {
        guard let fastTest = environment.fastPath(of: test.test, in: evaluation) else { return nil }
        switch test.intermediates.count {
        case 0:
            return ItemTextTest(fastTest).map { .item($0) }
        case 1:
            guard let intermediate = environment.fastPath(of: test.intermediates[0], in: evaluation) else { return nil }
            return IntermediateTextTest(intermediate: intermediate, test: fastTest, matchAll: test.matchAll)
                .map { .throughIntermediate($0) }
        default:
            return nil
        }
    }

    /// The positions in `range` of the items of `entries` that pass `test`, in order, each tested
    /// as ``withItemVerdicts(of:over:general:_:)`` decides.
    func positions(
        in range: Range<Int>, of entries: CollectionSupport.Entries, passing test: ItemTest,
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
    /// A test read from an item's text.
    fileprivate enum TextTest {
        case item(ItemTextTest)
        case throughIntermediate(IntermediateTextTest)
    }

    /// The reader of a ``TextTest``.
    fileprivate enum TextReader {
        case item(ItemTextTest.Reader)
        case throughIntermediate(IntermediateTextTest.Reader)

        @inline(__always)
        func passes(in document: JSONDocument, _ bytes: UnsafeBufferPointer<UInt8>, itemAt start: Int) -> Bool? {
            switch self {
            case .item(let reader): return reader.passes(in: document, bytes, itemAt: start)
            case .throughIntermediate(let reader): return reader.passes(in: document, bytes, itemAt: start)
            }
        }
    }

    fileprivate let entries: (Int) -> CollectionSupport.Entry
    fileprivate let text: ValueArray.ElementText?
    fileprivate let reader: TextReader?
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
