import Synchronization

/// The storage of a ``ValueArray`` that is a view of a JSON array: the array's node and where its
/// members begin, found once and shared by every copy of the view.
///
/// A large array's member offsets come from the document's structure index; a small one's (not
/// recorded there) are scanned from its text on the first read and kept, so that `count`, a
/// subscript and an indexed loop do not scan the text again. The document never changes, so the
/// offsets, once found, are right for every copy on any thread.
///
/// A view may also be a selection of the array's members (what `^filter` keeps of a document's
/// array, in the array's order, or what `^sort` orders of it): then it holds those members'
/// offsets, and is not the node's whole text. The records of a JSON Lines document are such a
/// selection too, of no array: its node is the first record (``JSONLinesIndexer``).
final class JSONArrayView: Sendable {
    let node: JSONNode
    /// The offsets the structure index records (a large array), or the selected ones, or nil.
    private let indexed: [Int]?
    /// The offsets of a small array, once scanned.
    private let scanned = Mutex<[Int]?>(nil)
    /// Whether the view is a selection of the node's members (``init(selecting:of:)``).
    let isSelection: Bool

    init(_ node: JSONNode) {
        self.node = node
        indexed = node.document.index.members[node.offset]
        isSelection = false
    }

    /// A view of the members of `node` that begin at `offsets`, in that order (increasing for
    /// `^filter`'s selection; in sorted order for `^sort`'s).
    init(selecting offsets: [Int], of node: JSONNode) {
        self.node = node
        indexed = offsets
        isSelection = true
    }

    /// Where the members begin.
    var memberOffsets: [Int] {
        if let indexed { return indexed }
        return scanned.withLock { scanned in
            if let scanned { return scanned }
            let offsets = node.memberOffsets()
            scanned = offsets
            return offsets
        }
    }

    /// Where the members begin, for one walk over them in order: the offsets the view holds when
    /// it holds them, else scanned for the walk and not kept. A walk over each of millions of small
    /// arrays (what `^list` made of every record's tags) then does not leave an array of offsets
    /// behind in each.
    var memberOffsetsForOneWalk: [Int] {
        if let indexed { return indexed }
        return scanned.withLock { $0 } ?? node.memberOffsets()
    }

    /// Whether the view holds its members' offsets (from the index, a selection, or a scan kept).
    var keepsOffsets: Bool {
        indexed != nil || scanned.withLock { $0 != nil }
    }

    /// A walk over the members at `offsets` (this view's) that gives a large mapped file's pages
    /// back behind it, or nil (``PassedPages``).
    func passedPages(_ offsets: [Int]) -> PassedPages? {
        guard let first = offsets.first, let last = offsets.last else { return nil }
        return PassedPages(in: node.document, from: first, to: last)
    }
}
