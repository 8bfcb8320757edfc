import Synchronization
import XCTest

@testable import MBMLEngine

private final class Sums: Sendable {
    let values = Mutex<[Int]>([])
}

/// Reading views of a document by position: a large object's keys are found once and shared by
/// every view of it, a small array's member offsets once per view (and its copies), and both read
/// as the decoded value does.
final class DocumentViewPositionTests: XCTestCase {
    /// An object large enough for the structure index to record its members, with a repeated key
    /// (first place, last value) and keys written with escapes.
    private static let largeObjectText: String = {
        var members = (0..<400).map { #""key\#($0)": {"n": \#($0), "tags": ["a", "b"]}"# }
        members.insert(#""key7": "again""#, at: 200)
        members.append(#""k\u0065y-escaped": [1, 2, 3]"#)
        return "{" + members.joined(separator: ", ") + "}"
    }()

    /// One walk over a small array (an iteration) keeps no offsets in the view: millions of
    /// small arrays walked once each leave nothing behind. Reading by position keeps them, and a
    /// later walk uses those.
    func testOneWalkOverASmallArrayKeepsNoOffsets() throws {
        let text = #"[[1, "two", {"three": 3}], [4], []]"#
        let outer = try JSONCodec.decodePlainLazily(Array(text.utf8))
        guard case .array(let arrays) = outer else { return XCTFail("not an array view") }
        for (position, element) in arrays.enumerated() {
            guard case .array(let inner) = element, case .document(let view) = inner.storage else {
                return XCTFail("element \(position) is not an array view")
            }
            var walked: [Value] = []
            for value in inner { walked.append(value) }
            XCTAssertEqual(walked, try JSONCodec.decodePlain(text).arrayValue?[position].arrayValue?.decoded)
            XCTAssertFalse(view.keepsOffsets, "after a walk, element \(position)")
            XCTAssertEqual(inner.count, walked.count)
            XCTAssertTrue(view.keepsOffsets, "after a count, element \(position)")
            var again: [Value] = []
            for value in inner { again.append(value) }
            XCTAssertEqual(again, walked)
        }
    }

    func testALargeObjectReadsByPositionAsDecoded() throws {
        let view = try JSONCodec.decodePlainLazily(Array(Self.largeObjectText.utf8))
        let decoded = try JSONCodec.decodePlain(Self.largeObjectText)
        guard case .dictionary(let lazy) = view, let node = lazy.jsonNode, case .dictionary(let whole) = decoded
        else { return XCTFail("not an object view") }
        XCTAssertNotNil(node.document.index.members[node.offset], "the object is large enough to be indexed")
        XCTAssertEqual(lazy.count, whole.count)
        XCTAssertEqual(lazy.count, 401, "a repeated key counts once")
        XCTAssertEqual(Array(lazy.keys), Array(whole.keys))
        for position in 0..<whole.count {
            XCTAssertEqual(lazy.key(at: position), whole.key(at: position))
            XCTAssertEqual(lazy.value(at: position), whole.value(at: position), "at \(position)")
            XCTAssertEqual(lazy.index(forKey: whole.key(at: position)), position)
        }
        XCTAssertEqual(lazy["key7"], .string("again"), "the last value of a repeated key")
        XCTAssertEqual(lazy.value(at: 7), .string("again"))
        XCTAssertEqual(lazy["key-escaped"], [1, 2, 3])
        XCTAssertNil(lazy.index(forKey: "missing"))
        XCTAssertNil(lazy["missing"])
    }

    func testTheKeysOfALargeObjectAreFoundOnceForEveryView() throws {
        let view = try JSONCodec.decodePlainLazily(Array(Self.largeObjectText.utf8))
        guard case .dictionary(let first) = view, let node = first.jsonNode else { return XCTFail("not a view") }
        XCTAssertNil(node.document.objectIndexes.existingIndex(of: node), "nothing is built before a read by position")
        _ = first.key(at: 3)
        let built = node.document.objectIndexes.existingIndex(of: node)
        XCTAssertEqual(built?.keys.count, 401)
        // Another view of the same object (read again from the document) finds the same index.
        let again = ValueDictionary(node: JSONNode(document: node.document, offset: node.offset))
        XCTAssertEqual(again.key(at: 400), "key-escaped")
        XCTAssertEqual(node.document.objectIndexes.existingIndex(of: node)?.valueOffsets, built?.valueOffsets)
    }

    func testASmallObjectIsNotKeptByTheDocument() throws {
        let view = try JSONCodec.decodePlainLazily(Array(#"{"outer": {"b": 1, "a": 2, "b": 3}}"#.utf8))
        guard case .dictionary(let root) = view, case .dictionary(let inner)? = root["outer"],
            let node = inner.jsonNode
        else { return XCTFail("not a view") }
        XCTAssertEqual(Array(inner.keys), ["b", "a"])
        XCTAssertEqual(inner.value(at: 0), 3)
        XCTAssertEqual(inner.value(at: 1), 2)
        XCTAssertEqual(inner.count, 2)
        XCTAssertNil(node.document.objectIndexes.existingIndex(of: node), "bounded by its size: read again")
    }

    func testASmallArrayIsScannedOncePerViewAndItsCopies() throws {
        let view = try JSONCodec.decodePlainLazily(Array(#"{"list": [10, "x", [1], {"a": null}, true]}"#.utf8))
        guard case .dictionary(let root) = view, case .array(let list)? = root["list"],
            case .document(let storage) = list.storage
        else { return XCTFail("not a view") }
        let copy = list
        guard case .document(let copied) = copy.storage else { return XCTFail("the copy is not a view") }
        XCTAssertTrue(storage === copied, "copies share what was scanned")
        XCTAssertEqual(list.count, 5)
        XCTAssertEqual(Array(list), [10, "x", [1], ["a": .null], true])
        XCTAssertEqual((0..<list.count).map { copy[$0] }, [10, "x", [1], ["a": .null], true])
        var changed = copy
        changed[1] = "y"
        XCTAssertEqual(changed[1], "y")
        XCTAssertEqual(list[1], "x", "a change copies into decoded storage; the view is unchanged")
        XCTAssertNil(changed.jsonNode)
    }

    /// Many threads read the same small view at once: each sees the same members.
    func testViewsMayBeReadFromSeveralThreads() throws {
        let view = try JSONCodec.decodePlainLazily(Array(#"{"list": [1, 2, 3, 4, 5, 6, 7, 8]}"#.utf8))
        guard case .dictionary(let root) = view, case .array(let list)? = root["list"] else {
            return XCTFail("not a view")
        }
        let sums = Sums()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var sum = 0
            for position in 0..<list.count { sum += list[position].integerValue ?? 0 }
            sums.values.withLock { $0.append(sum) }
        }
        XCTAssertEqual(sums.values.withLock { $0 }, [Int](repeating: 36, count: 8))
    }
}
