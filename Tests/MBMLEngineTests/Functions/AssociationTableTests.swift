import Foundation
import OrderedCollections
import XCTest

@testable import MBMLEngine

/// ``AssociationTable``: its keys are hashed once (growing the table and adding one table to another
/// read the stored hashes, never a key's own), and however the pairs are split between tables, the
/// dictionary is the one adding them one by one to an `OrderedDictionary` gives.
final class AssociationTableTests: XCTestCase {
    private typealias Mode = DataProcessingFunctions.AssociationMode

    /// The reference: each pair added to an `OrderedDictionary` in turn, as the functions' rules say
    /// (first value as-is, then an Array, appending into a stored Array; last wins; always an Array).
    private func expected(_ pairs: [(String, Value)], mode: Mode) -> OrderedDictionary<String, Value> {
        var result = OrderedDictionary<String, Value>()
        for (key, value) in pairs {
            guard mode != .single, let stored = result[key] else {
                result[key] = mode == .array ? .array([value]) : value
                continue
            }
            if case .array(var elements) = stored {
                elements.append(value)
                result[key] = .array(elements)
            } else {
                result[key] = .array([stored, value])
            }
        }
        return result
    }

    /// Pairs with keys found once, keys found many times, Array values (the appending quirk) and two
    /// spellings of one text (precomposed and combining é: equal as `String`, one key).
    private func pairs(count: Int) -> [(String, Value)] {
        (0..<count).map { index in
            let key: String
            switch index % 5 {
            case 0: key = "unique \(index)"
            case 1: key = "often \(index % 7)"
            case 2: key = index % 2 == 0 ? "caf\u{E9}" : "cafe\u{301}"
            default: key = "k\(index % 997)"
            }
            let value: Value = index % 3 == 0 ? .array([.integer(index), .string("a")]) : .integer(index)
            return (key, value)
        }
    }

    func testTablesSplitAnywhereAndAddedInOrderGiveTheOneByOneDictionary() {
        let pairs = pairs(count: 12_000)
        for mode in [Mode.collecting, .single, .array] {
            let reference = expected(pairs, mode: mode)
            XCTAssertEqual(reference.keys.filter { $0 == "caf\u{E9}" }.count, 1)
            for parts in [1, 2, 3, 7] {
                var tables: [AssociationTable] = []
                let size = (pairs.count + parts - 1) / parts
                for start in stride(from: 0, to: pairs.count, by: size) {
                    var table = AssociationTable(replaces: mode == .single)
                    for (key, value) in pairs[start..<min(start + size, pairs.count)] { table.add(value, for: key) }
                    tables.append(table)
                }
                var merged = AssociationTable(replaces: mode == .single)
                for table in tables { merged.absorb(table) }
                XCTAssertEqual(merged.count, reference.count, "\(mode) in \(parts)")
                let result = merged.result(mode: mode)
                XCTAssertEqual(Array(result.keys), Array(reference.keys), "\(mode) in \(parts)")
                XCTAssertEqual(Array(result.values), Array(reference.values), "\(mode) in \(parts)")
            }
        }
    }

    func testKeysAreFoundByTheHashStoredWithThemNotHashedAgain() {
        // Every key is added with a hash of the test's own (not the key's `String` hash) that keeps
        // only a few distinct slots: if growing or absorbing hashed a key again, it would look in
        // the wrong place, not find its entry, and add the key twice.
        let keys = (0..<5_000).map { "key \($0)" }
        let stored = { (position: Int) in (position % 61) &* 0x9E37_79B9 }
        var first = AssociationTable(replaces: false)
        var second = AssociationTable(replaces: false)
        for (position, key) in keys.enumerated() {
            first.add(.integer(position), for: key, hash: stored(position))
            if position % 2 == 0 { second.add(.integer(-position), for: key, hash: stored(position)) }
        }
        second.add(.string("new"), for: "another", hash: 12_345)
        // `first` grew from 16 slots to 8,192 meanwhile, every key placed again.
        first.add(.integer(7), for: keys[4_999], hash: stored(4_999))
        XCTAssertEqual(first.count, keys.count)
        first.absorb(second)
        XCTAssertEqual(first.count, keys.count + 1)
        let result = first.result(mode: .collecting)
        XCTAssertEqual(result["key 0"], .array([.integer(0), .integer(0)]))
        XCTAssertEqual(result["key 1"], .integer(1))
        XCTAssertEqual(result["key 4998"], .array([.integer(4_998), .integer(-4_998)]))
        XCTAssertEqual(result["key 4999"], .array([.integer(4_999), .integer(7)]))
        XCTAssertEqual(result.keys.last, "another")
    }

    func testAReplacingTableKeepsTheLastValueInTheFirstPlace() {
        var first = AssociationTable(replaces: true)
        first.add("1", for: "a")
        first.add("2", for: "b")
        first.add("3", for: "a")
        var second = AssociationTable(replaces: true)
        second.add("4", for: "c")
        second.add("5", for: "b")
        first.absorb(second)
        let result = first.result(mode: .single)
        XCTAssertEqual(Array(result.keys), ["a", "b", "c"])
        XCTAssertEqual(Array(result.values), ["3", "5", "4"])
    }
}
