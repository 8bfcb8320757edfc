import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The variable space's table of names (``NamePositions``) finds what a `Dictionary<String, Int>`
/// finds, string equality included (canonically equivalent names are one name), through inserts,
/// removals (the last record taking the removed one's place, as the space does) and growth.
final class NamePositionsTests: XCTestCase {
    /// Names that are equal as Swift strings in different forms (NFC, NFD, a compatibility
    /// singleton such as the Kelvin sign, which is canonically `K`), and names that are not.
    static let unicodeNames = [
        "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", "\u{212B}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m",
        "\u{C5}ngstr\u{F6}m", "a;b", "a\u{37E}b", "e\u{301}\u{323}", "e\u{323}\u{301}", "\u{1EB9}\u{301}",
        "\u{1100}\u{1161}", "\u{AC00}", "cafe", "\u{1F600}", "x\u{1F600}", "",
    ]

    /// A model of the space's records: names in order, a removed one's place taken by the last.
    private struct Model {
        var table = NamePositions()
        var names: [String] = []
        var reference: [String: Int] = [:]

        func position(of name: String) -> Int? {
            table.position(of: name) { names[$0] }
        }

        mutating func insertIfMissing(_ name: String) {
            guard case .missing(let hash) = table.lookUp(name, nameAt: { names[$0] }) else { return }
            table.insert(position: names.count, hash: hash)
            reference[name] = names.count
            names.append(name)
        }

        mutating func remove(_ name: String) {
            guard case .found(let position, let bucket) = table.lookUp(name, nameAt: { names[$0] }) else { return }
            let last = names.count - 1
            if position != last {
                guard case .found(_, let lastBucket) = table.lookUp(names[last], nameAt: { names[$0] }) else {
                    return XCTFail("the last name is not found")
                }
                table.move(bucket: lastBucket, to: position)
                names.swapAt(position, last)
                reference[names[position]] = position
            }
            table.remove(bucket: bucket)
            names.removeLast()
            reference[name] = nil
        }
    }

    func testEquivalentNamesAreOneNameAsInADictionary() {
        var model = Model()
        for name in Self.unicodeNames { model.insertIfMissing(name) }
        XCTAssertEqual(model.table.count, model.reference.count)
        XCTAssertEqual(model.names.count, Set(Self.unicodeNames).count)
        XCTAssertEqual(model.position(of: "cafe\u{301}"), model.position(of: "caf\u{E9}"))
        XCTAssertEqual(model.position(of: "\u{212A}"), model.position(of: "K"), "the Kelvin sign is K")
        XCTAssertEqual(model.position(of: "a\u{37E}b"), model.position(of: "a;b"))
        XCTAssertNotEqual(model.position(of: "cafe"), model.position(of: "caf\u{E9}"))
        for name in Self.unicodeNames + ["k", "caf", "\u{212A}x", "e\u{301}"] {
            XCTAssertEqual(model.position(of: name), model.reference[name], "\(Array(name.unicodeScalars))")
        }
    }

    func testRandomInsertsRemovalsAndLookUpsAgreeWithADictionary() {
        var generator = SeededGenerator(seed: 0x5EED_1234)
        var pool = Self.unicodeNames
        for number in 0..<600 { pool.append("name\(number)") }
        // Some names in both forms of an accented letter.
        for number in 0..<50 { pool += ["v\(number)\u{E9}", "v\(number)e\u{301}"] }
        var model = Model()
        for step in 0..<40_000 {
            let name = pool[Int.random(in: 0..<pool.count, using: &generator)]
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5: model.insertIfMissing(name)
            case 5..<7: model.remove(name)
            default: break
            }
            XCTAssertEqual(model.position(of: name), model.reference[name], "step \(step)")
            XCTAssertEqual(model.table.count, model.reference.count)
            if step % 4000 == 0 {
                for candidate in pool { XCTAssertEqual(model.position(of: candidate), model.reference[candidate]) }
            }
        }
        for (name, position) in model.reference { XCTAssertEqual(model.names[position], name) }
    }

    func testGrowthAndReservationKeepEveryName() {
        var model = Model()
        model.table.reserveCapacity(forAdditional: 3)
        for number in 0..<5000 { model.insertIfMissing("literal\(number)") }
        model.table.reserveCapacity(forAdditional: 100_000)
        for number in 0..<5000 { XCTAssertEqual(model.position(of: "literal\(number)"), number) }
        XCTAssertNil(model.position(of: "literal5000"))
        for number in stride(from: 0, to: 5000, by: 3) { model.remove("literal\(number)") }
        for number in 0..<5000 {
            XCTAssertEqual(model.position(of: "literal\(number)"), model.reference["literal\(number)"])
        }
    }

    /// A table is a value: a copy changed (an insert, a move, a removal, a growth into a table of
    /// a huge page and more) leaves the original as it was, and the other way round.
    func testACopyIsChangedApartFromTheOriginal() {
        var original = Model()
        for number in 0..<1000 { original.insertIfMissing("name\(number)") }
        var copy = original
        copy.insertIfMissing("added")
        copy.remove("name3")
        XCTAssertNil(original.position(of: "added"))
        XCTAssertEqual(original.position(of: "name3"), 3)
        XCTAssertEqual(original.position(of: "name999"), 999)
        XCTAssertEqual(copy.position(of: "added"), 3, "the last name took the removed one's place")
        XCTAssertEqual(copy.position(of: "name999"), 999)
        copy.table.reserveCapacity(forAdditional: 200_000)
        original.remove("name0")
        for number in 1..<1000 where number != 3 {
            XCTAssertEqual(copy.position(of: "name\(number)"), copy.reference["name\(number)"])
        }
        XCTAssertNil(original.position(of: "name0"))
        XCTAssertEqual(copy.position(of: "name0"), 0)
        XCTAssertEqual(original.table.count, 999)
        XCTAssertEqual(copy.table.count, 1000)
    }

    func testEqualNamesHashAlikeAndASCIINamesTakeTheBytePath() {
        let hasher = NameHash(seed: 0x1234_5678_9ABC_DEF0)
        for name in ["", "a", "literal12345", "list8", "exactly8", "sixteen-bytes-ab", "a name with spaces"] {
            XCTAssertEqual(hasher.path(of: name), .bytes, name)
        }
        XCTAssertEqual(hasher.path(of: "\u{212A}"), .equivalentBytes)
        XCTAssertEqual(hasher.path(of: "caf\u{E9}"), .string)
        XCTAssertEqual(hasher.path(of: "cafe\u{301}"), .string)
        for (one, other) in [("K", "\u{212A}"), ("a;b", "a\u{37E}b"), ("`x`", "\u{1FEF}x\u{1FEF}")] {
            XCTAssertEqual(one, other)
            XCTAssertEqual(hasher.hash(of: one), hasher.hash(of: other), "\(Array(other.unicodeScalars))")
        }
        for one in Self.unicodeNames {
            for other in Self.unicodeNames where one == other {
                XCTAssertEqual(hasher.hash(of: one), hasher.hash(of: other), "\(Array(other.unicodeScalars))")
            }
        }
        // Names that differ only past the first word, or only in length, still spread.
        let hashes = Set((0..<1000).map { hasher.hash(of: "a-long-prefix-\($0)") })
        XCTAssertGreaterThan(hashes.count, 990)
        XCTAssertNotEqual(hasher.hash(of: "ab"), NameHash(seed: 1).hash(of: "ab"), "the seed counts")
    }

    func testOnlyTheListedScalarsAreEqualToASCII() {
        // Every scalar that is not ASCII: equal (as a Swift string) to a one-character ASCII string
        // exactly when `asciiEquivalent` names that character, and its canonical decomposition
        // (Foundation's) is ASCII only for those: no scalar is equal to a longer ASCII text.
        var ascii: [String: UInt8] = [:]
        for byte in UInt8(0)..<0x80 { ascii[String(UnicodeScalar(byte))] = byte }
        var found: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            XCTAssertEqual(ascii[text], NameHash.asciiEquivalent(of: scalar), "U+\(String(value, radix: 16))")
            if ascii[text] != nil { found.append(value) }
            guard scalar.properties.generalCategory != .unassigned,
                scalar.properties.canonicalCombiningClass == .notReordered
            else { continue }
            let decomposed = text.decomposedStringWithCanonicalMapping
            if decomposed.utf8.allSatisfy({ $0 < 0x80 }) {
                XCTAssertEqual(decomposed.utf8.count, 1, "U+\(String(value, radix: 16))")
                XCTAssertNotNil(NameHash.asciiEquivalent(of: scalar), "U+\(String(value, radix: 16))")
            }
        }
        XCTAssertEqual(found, [0x37E, 0x1FEF, 0x212A])
    }

    func testTheVariableSpaceTreatsEquivalentNamesAsOne() throws {
        let space = VariableSpace()
        try space.set("caf\u{E9}", to: "composed")
        XCTAssertEqual(space["cafe\u{301}"], "composed")
        try space.set("cafe\u{301}", to: "decomposed")
        XCTAssertEqual(space["caf\u{E9}"], "decomposed")
        XCTAssertEqual(space.names, ["caf\u{E9}"], "one record, named as first written")
        space.declare("\u{212A}", value: "kelvin", readOnly: true)
        XCTAssertThrowsError(try space.set("K", to: "x"), "K is the Kelvin sign's name")
        try space.push("a\u{37E}b", "pushed")
        XCTAssertEqual(space.stackDepth("a;b"), 1)
        try space.set("cafe\u{301}", to: nil)
        XCTAssertNil(space["caf\u{E9}"])
        XCTAssertEqual(space["K"], "kelvin")
        XCTAssertEqual(space["a;b"], "pushed")
    }

    /// A look-up given the name's hash (``NamePositions/hash(of:)``, as a run of declarations
    /// does) finds what a plain look-up finds, and prefetching buckets changes nothing found.
    func testALookUpGivenTheHashAndPrefetchingAgreeWithThePlainLookUp() {
        var model = Model()
        let names = (0..<3000).map { "n\($0 % 1700)" } + Self.unicodeNames
        for name in names { model.insertIfMissing(name) }
        let probes = names + ["missing", "n1700", "cafe\u{301}x"]
        let hashes = probes.map { model.table.hash(of: $0) }
        hashes.withUnsafeBufferPointer { model.table.prefetchBuckets(of: $0) }
        for (probe, hash) in zip(probes, hashes) {
            let plain = model.table.lookUp(probe) { model.names[$0] }
            let given = model.table.lookUp(probe, hash: hash) { model.names[$0] }
            XCTAssertEqual(Self.described(plain), Self.described(given), probe)
            XCTAssertEqual(model.position(of: probe), model.reference[probe], probe)
        }
    }

    private static func described(_ lookup: NamePositions.Lookup) -> String {
        switch lookup {
        case .found(let position, let bucket): return "found \(position) in \(bucket)"
        case .missing(let hash): return "missing \(hash)"
        }
    }
}
