import Foundation

/// The elements of an array (or the members of a set) value: a view over where they are stored.
///
/// Storage is one of:
/// - decoded values, held in a Swift array (what functions build);
/// - a region of a loaded JSON document (``JSONNode``): the elements are found through the
///   document's index (a small array's text is scanned once per view, and its copies share what
///   was found) and decoded one at a time, when they are read, so a large data file is never
///   decoded whole.
///
/// There is no third, computed kind (a range or a mapping evaluated on demand): what a function
/// computes is decoded values. A lazily computed sequence would have to evaluate its expression
/// again on each read, or keep what it computed (a decoded array again), and a per-item expression
/// may log, fail or read the clock, which must happen once per item, when the function runs.
/// What a computed kind could save is small: the results of `^list($people|$item.id)` over the
/// 186,155 records of the 31 MB bench file are one 24-byte `Value` each (4.5 MB), while the query's
/// time goes to evaluating the expression per item, which it would not save. Not built.
///
/// Both read the same through the standard collection protocols (`count`, subscripts, iteration,
/// `map`, `filter`, ...), so code over arrays works on either without knowing which it has. Changing
/// a view of a document (`append`, a subscript set) first copies its elements into decoded storage:
/// a function that must own a copy builds one then, and is charged for it as for any value it
/// builds. Copies of a view share their storage, as Swift arrays do.
public struct ValueArray: Sendable {
    enum Storage: Sendable {
        case decoded([Value])
        case document(JSONArrayView)
    }

    var storage: Storage

    /// Decoded elements.
    public init(_ elements: [Value]) {
        storage = .decoded(elements)
    }

    /// A view of the JSON array `node`.
    init(node: JSONNode) {
        storage = .document(JSONArrayView(node))
    }

    /// The records of a JSON Lines document, which begin at `offsets` (`first` is the first one).
    init(lines offsets: [Int], of first: JSONNode) {
        storage = .document(JSONArrayView(selecting: offsets, of: first))
    }

    /// The region of a loaded JSON document this array is a view of, or nil when its elements are
    /// decoded values or a selection of a document's array (`selecting(_:)`).
    public var jsonNode: JSONNode? {
        if case .document(let view) = storage, !view.isSelection { return view.node }
        return nil
    }

    /// The document the elements are read from (a whole array's, a selection's, or a JSON Lines
    /// document's records), or nil for decoded elements.
    var viewedDocument: JSONDocument? {
        if case .document(let view) = storage { return view.node.document }
        return nil
    }

    /// Whether the elements are read from a document (no memory of their own is held but, for a
    /// selection, the offsets of its members: `heldBytes`).
    public var isDocumentView: Bool {
        if case .document = storage { return true }
        return false
    }

    /// The bytes a view of a document holds of its own: a selection's offsets (0 for a whole array).
    var heldBytes: Int {
        if case .document(let view) = storage, view.isSelection { return view.memberOffsets.count * 8 }
        return 0
    }

    /// The elements at `positions` (increasing, or in any order: a walk that goes back gives
    /// pages back from there, ``PassedPages``), in that order: for a view of a document, a view of
    /// the same document holding only where those elements begin (nothing is decoded); for decoded
    /// elements, those elements (read in one walk: the pages of a large mapped file their views
    /// are read from are given back behind it, ``PassedPages``).
    func selecting(_ positions: [Int]) -> ValueArray {
        switch storage {
        case .decoded:
            var kept: [Value] = []
            kept.reserveCapacity(positions.count)
            withElementReader { elements in
                for position in positions { kept.append(elements[position]) }
            }
            return ValueArray(kept)
        case .document(let view):
            let offsets = view.memberOffsets
            return ValueArray(
                storage: .document(JSONArrayView(selecting: positions.map { offsets[$0] }, of: view.node)))
        }
    }

    /// The elements in `range`, in order, as ``selecting(_:)`` takes them (for a view of a
    /// document, a view of the same document).
    func selecting(_ range: Range<Int>) -> ValueArray {
        selecting(Array(range))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The elements as a Swift array: the stored one, or, for a view of a document, each element
    /// decoded one level (nested containers are views again).
    public var decoded: [Value] {
        switch storage {
        case .decoded(let elements): return elements
        case .document(let view):
            let offsets = view.memberOffsets
            let passed = view.passedPages(offsets)
            return offsets.map { offset in
                passed?.pass(offset)
                return view.node.value(at: offset)
            }
        }
    }
}

extension ValueArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int

    public init() {
        storage = .decoded([])
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { count }

    public var count: Int {
        switch storage {
        case .decoded(let elements): return elements.count
        case .document(let view): return view.memberOffsets.count
        }
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(position: Int) -> Value {
        get {
            switch storage {
            case .decoded(let elements): return elements[position]
            case .document(let view): return view.node.value(at: view.memberOffsets[position])
            }
        }
        set {
            var elements = takeDecoded()
            elements[position] = newValue
            storage = .decoded(elements)
        }
    }

    public func index(after i: Int) -> Int { i + 1 }

    public func index(before i: Int) -> Int { i - 1 }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == Value {
        var elements = takeDecoded()
        elements.replaceSubrange(subrange, with: newElements)
        storage = .decoded(elements)
    }

    public mutating func reserveCapacity(_ n: Int) {
        var elements = takeDecoded()
        elements.reserveCapacity(n)
        storage = .decoded(elements)
    }

    /// The decoded elements, leaving the storage empty so that the caller holds the only reference
    /// (and changes them in place).
    private mutating func takeDecoded() -> [Value] {
        let elements = decoded
        storage = .decoded([])
        return elements
    }

    public func makeIterator() -> Iterator {
        switch storage {
        case .decoded(let elements):
            // Decoded elements that are views of a large mapped file (what `^list` made of its
            // records) give its pages back as the walk passes them, as a document's own elements do.
            let passed = elements.withUnsafeBufferPointer { PassedPages(over: $0) }
            return Iterator(decoded: elements, node: nil, offsets: [], passed: passed)
        case .document(let view):
            let offsets = view.memberOffsetsForOneWalk
            return Iterator(decoded: [], node: view.node, offsets: offsets, passed: view.passedPages(offsets))
        }
    }

    public var underestimatedCount: Int { count }

    /// Iterates the elements; for a view of a document, each is decoded when it is reached. The
    /// pages of a large mapped file that the walk has passed are given back (`PassedPages`), for
    /// a document's elements and for decoded elements that are views of one.
    public struct Iterator: IteratorProtocol {
        let decoded: [Value]
        let node: JSONNode?
        let offsets: [Int]
        let passed: PassedPages?
        var index = 0

        public mutating func next() -> Value? {
            if let node {
                guard index < offsets.count else { return nil }
                defer { index += 1 }
                passed?.pass(offsets[index])
                return node.value(at: offsets[index])
            }
            guard index < decoded.count else { return nil }
            defer { index += 1 }
            let element = decoded[index]
            passed?.pass(element)
            return element
        }
    }
}

extension ValueArray {
    /// Calls `body` with a reader of the elements for one worker of a per-item scope run in parallel
    /// (``ParallelItemScope``): it borrows the elements (or a document view's member offsets) for
    /// the duration of `body` and makes the elements of a view from the worker's own copy of the
    /// document (``JSONDocument/workerCopy()``), so that reading an item writes to no reference
    /// count another core also writes to. The reader is valid only inside `body`.
    ///
    /// A reader is one walk (``PassedPages``): read in increasing positions, the items of a large
    /// mapped file give their pages back behind it.
    func withElementReader<R>(_ body: (ElementReader) throws -> R) rethrows -> R {
        switch storage {
        case .decoded(let elements):
            return try elements.withUnsafeBufferPointer { decoded in
                try body(
                    ElementReader(
                        decoded: decoded, document: nil, bytes: .init(start: nil, count: 0),
                        offsets: .init(start: nil, count: 0), passed: PassedPages(over: decoded)))
            }
        case .document(let view):
            let document = view.node.document.workerCopy()
            let offsets = view.memberOffsets
            let passed = view.passedPages(offsets)
            return try offsets.withUnsafeBufferPointer { offsets in
                try document.withBytes { bytes in
                    try body(
                        ElementReader(
                            decoded: .init(start: nil, count: 0), document: document, bytes: bytes, offsets: offsets,
                            passed: passed))
                }
            }
        }
    }

    /// The elements of a ``ValueArray`` by position, inside ``ValueArray/withElementReader(_:)``.
    struct ElementReader {
        fileprivate let decoded: UnsafeBufferPointer<Value>
        fileprivate let document: JSONDocument?
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let offsets: UnsafeBufferPointer<Int>
        /// The walk's pages to give back, for a large mapped file.
        fileprivate let passed: PassedPages?

        subscript(position: Int) -> Value {
            guard let document else {
                let value = decoded[position]
                passed?.pass(value)
                return value
            }
            passed?.pass(offsets[position])
            return JSONNode.value(in: document, bytes, at: offsets[position])
        }

        /// For the elements of a view of a document: the text they are read from (the same walk:
        /// reading an element's text by ``ElementText/offset(ofElementAt:)`` passes it too).
        var text: ElementText? {
            guard let document else { return nil }
            return ElementText(document: document, bytes: bytes, offsets: offsets, passed: passed)
        }
    }

    /// The text the elements of a view of a document are read from, inside
    /// ``ValueArray/withElementReader(_:)``: the (worker's) document, its bytes, and where each
    /// element's text begins.
    struct ElementText {
        let document: JSONDocument
        let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let offsets: UnsafeBufferPointer<Int>
        fileprivate let passed: PassedPages?

        /// Where the text of the element at `position` begins; the walk has reached it
        /// (``PassedPages``), as reading the element by position does.
        @inline(__always)
        func offset(ofElementAt position: Int) -> Int {
            passed?.pass(offsets[position])
            return offsets[position]
        }
    }
}

extension ValueArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Value...) {
        storage = .decoded(elements)
    }
}

extension ValueArray: Hashable {
    /// Element by element (two views of the same text are equal without decoding either).
    public static func == (lhs: ValueArray, rhs: ValueArray) -> Bool {
        if let a = lhs.jsonNode, let b = rhs.jsonNode, a.hasSameText(as: b) { return true }
        if case .decoded(let a) = lhs.storage, case .decoded(let b) = rhs.storage { return a == b }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// The elements in order, then the count (so that a view of a document is hashed in one walk
    /// of its text, nothing decoded, to the same hash).
    public func hash(into hasher: inout Hasher) {
        if let node = jsonNode, JSONTextHasher.hashContents(of: node, into: &hasher) { return }
        for element in self { hasher.combine(element) }
        hasher.combine(count)
    }
}
