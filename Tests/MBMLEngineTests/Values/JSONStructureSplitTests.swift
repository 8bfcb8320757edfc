import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// The structural pass with its work cut into chunks that helpers take
/// (``JSONStructureIndexer/Chunks``) finds exactly what the pass alone finds: the same index of
/// every valid text, the same refusal of every invalid one, wherever the chunks start — inside
/// strings, after escapes and runs of backslashes, in numbers, between tokens, in deep nesting, in
/// objects, at texts that only look like member boundaries, at every byte at once — and the pass
/// never waits for ever.
final class JSONStructureSplitTests: XCTestCase {
    private let interesting = Array("{}[]:,\"\\ \t\n\r0-1.eE+tfnu/x".utf8) + [0x00, 0x7F, 0xC3, 0xFF]
    private let seeds = [
        #"[{"a":1,"b":[1,2,{"c":"x\"y"}]},{"d":"\\"},[3,4],{"e":null,"f":true,"g":false},{"h":-1.5e3}]"#,
        #"[[1,2],[3,[4,[5]]],{"k":"\u00e9\\\\\""},{"l":"},{"}, {"m" : [ ] } , {}, [] ]"#,
        #"{"a":[{"x":1},{"y":2}],"b":{"c":[]}}"#,
        #" [ {"a" :1} ,{"b":2},{"c":"],["},"\\\\",{"d":"\\\"},{"} ] "#,
    ]

    func testSmallTextsGiveTheIndexOfThePassAloneFromEveryChunkStart() throws {
        var generator = SeededGenerator(seed: 0x5917)
        var valid = 0
        var invalid = 0
        let helped = Atomic<Int>(0)
        for round in 0..<400 {
            var text = Array(seeds[round % seeds.count].utf8)
            for _ in 0..<Int.random(in: 0...3, using: &generator) where round % 5 != 0 {
                let at = Int.random(in: 0..<text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.remove(at: at)
                case 1: text.insert(interesting.randomElement(using: &generator) ?? 0x20, at: at)
                default: text[at] = interesting.randomElement(using: &generator) ?? 0x20
                }
            }
            let depthLimit = [1, 2, 3, 512][round % 4]
            let expected = try alone(text, maximumDepth: depthLimit)
            if expected == nil { invalid += 1 } else { valid += 1 }
            // One chunk from each byte; chunks from every byte at once; chunks from a few bytes.
            var starts = (0...text.count).map { [$0] } + [Array(1..<text.count)]
            for _ in 0..<8 {
                starts.append(
                    Array(Set((0..<3).map { _ in Int.random(in: 0...text.count, using: &generator) })).sorted())
            }
            for boundaries in starts {
                let split = JSONStructureIndexer.Split(
                    minimumBytes: 0, boundaries: boundaries, helpers: 1 + round % 2,
                    helped: { helped.add(1, ordering: .relaxed) })
                let found = try withHelper(text, maximumDepth: depthLimit, split: split)
                XCTAssertEqual(found, expected, "from \(boundaries): \(String(decoding: text, as: UTF8.self))")
            }
        }
        XCTAssertGreaterThan(valid, 60)
        XCTAssertGreaterThan(invalid, 60)
        // The chunks' findings were taken, not only thrown away.
        XCTAssertGreaterThan(helped.load(ordering: .relaxed), 500)
    }

    func testChunksStartingAtEveryKindOfPositionInALargeTextGiveTheIndexOfThePassAlone() throws {
        // Records with escapes, decoy boundaries in strings, numbers of every form, and deep nesting.
        let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
        let text = Array(
            ("[ "
                + (0..<2000).map {
                    #"{"id":\#($0),"s":"a\\\"b\u00e9 },{ ],[","n":-\#($0).5e+3,"d":\#(deep) ,"o":{ "k" : [true, false,null]}}"#
                }
                .joined(separator: ",") + " ]").utf8)
        let expected = try alone(text, maximumDepth: 64)
        XCTAssertEqual(expected?.members[expected?.root ?? -1]?.count, 2000)
        let helped = Atomic<Int>(0)
        var generator = SeededGenerator(seed: 0xC4)
        // Chunks every few bytes (all kinds of positions), and at every real boundary (after the
        // `}}` that ends a record, not the decoy in its string).
        let realBoundaries = text.indices.filter {
            text[$0] == UInt8(ascii: ",") && $0 > 1 && text[$0 - 1] == UInt8(ascii: "}")
                && text[$0 - 2] == UInt8(ascii: "}")
        }
        XCTAssertEqual(realBoundaries.count, 1999)
        for stride in [1, 7, 61, 997, 4099] {
            let boundaries = Array(
                Swift.stride(from: Int.random(in: 1...stride, using: &generator), to: text.count, by: stride))
            for helpers in [1, 3] {
                let split = JSONStructureIndexer.Split(
                    minimumBytes: 0, boundaries: boundaries, helpers: helpers,
                    helped: { helped.add(1, ordering: .relaxed) })
                XCTAssertEqual(try withHelper(text, maximumDepth: 64, split: split), expected, "every \(stride)")
                XCTAssertNil(try withHelper(text, maximumDepth: 40, split: split), "every \(stride)")
            }
        }
        helped.store(0, ordering: .relaxed)
        let split = JSONStructureIndexer.Split(
            minimumBytes: 0, boundaries: realBoundaries, helped: { helped.add(1, ordering: .relaxed) })
        XCTAssertEqual(try withHelper(text, maximumDepth: 64, split: split), expected)
        // Every chunk's findings were taken.
        XCTAssertEqual(helped.load(ordering: .relaxed), 1999)
        // A byte changed anywhere is refused or accepted as the pass alone does, from any chunks.
        for _ in 0..<40 {
            var changed = text
            changed[Int.random(in: 1..<text.count, using: &generator)] =
                interesting.randomElement(using: &generator) ?? 0
            let expected = try alone(changed, maximumDepth: 64)
            for boundaries in [realBoundaries, Array(Swift.stride(from: 3, to: text.count, by: 53))] {
                let split = JSONStructureIndexer.Split(minimumBytes: 0, boundaries: boundaries)
                XCTAssertEqual(try withHelper(changed, maximumDepth: 64, split: split), expected)
            }
        }
    }

    func testALargeArrayIsIndexedFromTheGuessedBoundaries() throws {
        let text = Array(records(count: 4000).utf8)
        let expected = try alone(text, maximumDepth: 64)
        XCTAssertEqual(expected?.members[expected?.root ?? -1]?.count, 4000)
        let boundaries = text.withUnsafeBufferPointer {
            JSONStructureIndexer.Chunks.guessedBoundaries(in: $0, every: text.count / 4)
        }
        XCTAssertEqual(boundaries.count, 3)
        for (number, boundary) in boundaries.enumerated() {
            XCTAssertGreaterThanOrEqual(boundary, text.count / 4 * (number + 1))
            XCTAssertEqual(text[boundary - 1...boundary + 1], Array("},{".utf8)[...])
        }
        let helped = Atomic<Int>(0)
        let split = JSONStructureIndexer.Split(
            minimumBytes: 0, chunkBytes: text.count / 4, helped: { helped.add(1, ordering: .relaxed) })
        XCTAssertEqual(try withHelper(text, maximumDepth: 64, split: split), expected)
        XCTAssertEqual(helped.load(ordering: .relaxed), 3)
        helped.store(0, ordering: .relaxed)
        // Nested containers of 4 KiB or more past the boundaries are indexed by the chunks' passes.
        let nested = Array(
            ("["
                + (0..<3000).map { #"{"n":\#($0),"list":[\#(String(repeating: "1,", count: 2500))2]}"# }
                .joined(separator: ",") + "]").utf8)
        let nestedExpected = try alone(nested, maximumDepth: 64)
        // The root, and each record and its list (each 4 KiB or more).
        XCTAssertEqual(nestedExpected?.members.count, 6001)
        XCTAssertEqual(try withHelper(nested, maximumDepth: 64, split: split), nestedExpected)
        XCTAssertGreaterThanOrEqual(helped.load(ordering: .relaxed), 3)
    }

    func testAnInvalidByteAnywhereIsRefusedAsThePassAloneRefusesIt() throws {
        var generator = SeededGenerator(seed: 0xB16)
        let valid = Array(records(count: 3000, decoys: true).utf8)
        // Boundaries guessed less than a member apart are each past the one before.
        let guessed = valid.withUnsafeBufferPointer {
            JSONStructureIndexer.Chunks.guessedBoundaries(in: $0, every: 1 << 6)
        }
        XCTAssertGreaterThan(guessed.count, 2000)
        XCTAssertEqual(guessed, Array(Set(guessed)).sorted())
        let helped = Atomic<Int>(0)
        let chunked = JSONStructureIndexer.Split(
            minimumBytes: 0, chunkBytes: 1 << 12, helped: { helped.add(1, ordering: .relaxed) })
        for _ in 0..<12 {
            var text = valid
            let at = Int.random(in: 1..<text.count, using: &generator)
            text[at] = interesting.randomElement(using: &generator) ?? 0
            let expected = try alone(text, maximumDepth: 64)
            XCTAssertEqual(try withHelper(text, maximumDepth: 64, split: chunked), expected, "at \(at)")
        }
        var deep = valid
        deep.replaceSubrange(valid.count - 2..<valid.count - 1, with: Array(#"},[[[[[[[[1]]]]]]]]"#.utf8))
        XCTAssertNil(try withHelper(deep, maximumDepth: 6, split: chunked))
        XCTAssertNotNil(try withHelper(deep, maximumDepth: 64, split: chunked))
        // The chunks' findings were taken.
        XCTAssertGreaterThan(helped.load(ordering: .relaxed), 50)
    }

    func testCancellationEndsThePassAndItsHelpers() {
        let text = Array(records(count: 60000).utf8)
        struct Cancelled: Error {}
        XCTAssertThrowsError(
            try text.withUnsafeBufferPointer { bytes in
                try JSONStructureIndexer.index(
                    bytes, maximumDepth: 64, split: .init(minimumBytes: 0, chunkBytes: 1 << 16),
                    checkCancellation: { throw Cancelled() })
            }
        ) { XCTAssertTrue($0 is Cancelled) }
    }

    func testTheMembersOfALargeArrayGoIntoRoomReservedBeforeThePassAloneOrHelped() throws {
        // Records of about 170 bytes: fewer members than one per 64 bytes of text.
        let note = String(repeating: "n", count: 120)
        func array(of count: Int) -> [UInt8] {
            Array(
                ("[" + (0..<count).map { #"{"id":\#($0),"note":"\#(note)","age":\#($0 % 90)}"# }.joined(separator: ",")
                    + "]").utf8)
        }
        let text = array(of: 50_000)
        XCTAssertGreaterThanOrEqual(text.count, JSONStructureIndexer.reservedTextBytes)
        let reserved = (text.count - 1) / JSONStructureIndexer.bytesPerMemberGuess
        XCTAssertGreaterThan(reserved, 50_000 * 2)
        let helped = Atomic<Int>(0)
        let split = JSONStructureIndexer.Split(
            minimumBytes: 0, chunkBytes: text.count / 2, helped: { helped.add(1, ordering: .relaxed) })
        let alone = try text.withUnsafeBufferPointer { try JSONStructureIndexer.index($0, maximumDepth: 64) }
        let both = try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index($0, maximumDepth: 64, split: split)
        }
        XCTAssertEqual(helped.load(ordering: .relaxed), 1)
        for index in [alone, both] {
            let members = try XCTUnwrap(index?.members[0])
            XCTAssertEqual(members.count, 50_000)
            XCTAssertEqual(members.first, 1)
            // Grown by doubling from empty, the stack would have room for about 65,536.
            XCTAssertGreaterThanOrEqual(members.capacity, reserved)
        }
        XCTAssertEqual(alone?.members, both?.members)
        // A text under the threshold reserves nothing: its stack grows as it fills.
        let small = array(of: 1_000)
        XCTAssertLessThan(small.count, JSONStructureIndexer.reservedTextBytes)
        let smallIndex = try small.withUnsafeBufferPointer { try JSONStructureIndexer.index($0, maximumDepth: 64) }
        let smallMembers = try XCTUnwrap(smallIndex?.members[0])
        XCTAssertEqual(smallMembers.count, 1_000)
        XCTAssertLessThan(smallMembers.capacity, small.count / JSONStructureIndexer.bytesPerMemberGuess)
    }

    #if os(Linux)
    func testTheChunksGiveTheirPagesBackOnAMappedFile() throws {
        let folder = try ScratchFolder()
        let text = records(count: 300_000)
        let url = try folder.write(text, to: "people.json")
        let mapped = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        XCTAssertGreaterThan(mapped.buffer.count, 16 << 20)
        let largest = Atomic<Int>(0)
        let helped = Atomic<Int>(0)
        let index = try mapped.scanning { passing in
            try JSONStructureIndexer.index(
                mapped.buffer, maximumDepth: 64,
                split: .init(
                    minimumBytes: 0, chunkBytes: 4 << 20,
                    release: { range in
                        mapped.release(range)
                        let resident = MappingResidency.residentBytes(of: mapped.buffer) ?? .max
                        largest.max(resident, ordering: .relaxed)
                    }, populate: { mapped.populate($0) }, helped: { helped.add(1, ordering: .relaxed) }),
                passing: passing)
        }
        XCTAssertEqual(index?.members[index?.root ?? -1]?.count, 300_000)
        XCTAssertGreaterThanOrEqual(helped.load(ordering: .relaxed), 4)
        XCTAssertLessThan(largest.load(ordering: .relaxed), 24 << 20)
        XCTAssertEqual(MappingResidency.residentBytes(of: mapped.buffer), 0)
    }
    #endif

    // MARK: - Reading both ways

    private struct Found: Equatable {
        var root: Int
        var members: [Int: [Int]]
    }

    private func alone(_ text: [UInt8], maximumDepth: Int) throws -> Found? {
        try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index($0, maximumDepth: maximumDepth).map {
                Found(root: $0.root, members: $0.members)
            }
        }
    }

    private func withHelper(_ text: [UInt8], maximumDepth: Int, split: JSONStructureIndexer.Split) throws -> Found? {
        try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index($0, maximumDepth: maximumDepth, split: split).map {
                Found(root: $0.root, members: $0.members)
            }
        }
    }

    /// An array of `count` records; with `decoys` their strings hold brackets, commas and escapes
    /// that look like boundaries between members.
    private func records(count: Int, decoys: Bool = false) -> String {
        "["
            + (0..<count).map {
                decoys
                    ? #"{"id":\#($0),"name":"P \#($0) },{ \"x\\","tags":["a","],["],"age":\#($0 % 90)}"#
                    : #"{"id":\#($0),"name":"P \#($0) \"x\\","tags":["a","b"],"age":\#($0 % 90)}"#
            }
            .joined(separator: ",") + "]"
    }
}
