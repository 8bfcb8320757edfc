import OrderedCollections
import Synchronization

/// The keys of a JSON object in order, each with where its value begins: what reading an object by
/// position needs (the inspector's tree and viewer walk a large object one child at a time).
///
/// A repeated key keeps its first place and its last value, as reading the whole text builds it.
/// Built from the object's text without decoding any value.
struct JSONObjectIndex: Sendable {
    /// The distinct keys, in order.
    let keys: OrderedSet<String>
    /// For each key, the offset of its (last) value.
    let valueOffsets: [Int]

    init(_ node: JSONNode) {
        let members = node.memberOffsets()
        var keys = OrderedSet<String>(minimumCapacity: members.count)
        var valueOffsets: [Int] = []
        valueOffsets.reserveCapacity(members.count)
        node.document.withBytes { bytes in
            for member in members {
                var cursor = JSONTextCursor(bytes: bytes, position: member)
                cursor.skipToValue()
                let (inserted, index) = keys.append(JSONNode.string(bytes, at: member))
                if inserted {
                    valueOffsets.append(cursor.position)
                } else {
                    valueOffsets[index] = cursor.position
                }
            }
        }
        self.keys = keys
        self.valueOffsets = valueOffsets
    }
}

/// The object indexes a document has built, by the object's offset: only for the objects the
/// document's structure index records (large ones), so that reading one by position is linear
/// overall, while a small object (under ``JSONStructureIndexer/indexedContainerBytes`` of text) is
/// decoded one level on each positional read, a cost bounded by its size. The document never
/// changes, so an index, once built, is right for every view of that object on any thread.
final class JSONObjectIndexes: Sendable {
    private let built = Mutex<[Int: JSONObjectIndex]>([:])

    init() {}

    /// The index of the large object `node`, built on first use; nil for a small object.
    func index(of node: JSONNode) -> JSONObjectIndex? {
        guard node.document.index.members[node.offset] != nil else { return nil }
        if let known = built.withLock({ $0[node.offset] }) { return known }
        // Built outside the lock: two threads may both build it; the first one kept wins.
        let index = JSONObjectIndex(node)
        return built.withLock { built in
            if let known = built[node.offset] { return known }
            built[node.offset] = index
            return index
        }
    }

    /// The index of `node` if one was built already.
    func existingIndex(of node: JSONNode) -> JSONObjectIndex? {
        built.withLock { $0[node.offset] }
    }
}
