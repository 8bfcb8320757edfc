import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// The structural pass reading strings from the masks of 64-byte blocks
/// (``JSONStructureIndexer/StringBlocks``) finds exactly what it finds reading them eight bytes at
/// a time (the reference, `Reading(blocks: false)`): the same index of every valid text, the same
/// refusal of every other — strings of every length starting at every offset of a block, escapes,
/// runs of backslashes of every length and decoy structural bytes across block edges, control
/// characters, invalid UTF-8, numbers of every form, deep nesting, truncated texts, mutations, and
/// chunks starting at every byte. The masks are those a byte-by-byte reading gives, and the blocks
/// are really read.
final class JSONStructureBlocksTests: XCTestCase {
    private let interesting = Array("{}[]:,\"\\ \t\n\r0-1.eE+tfnu/x".utf8) + [0x00, 0x1F, 0x20, 0x7F, 0xC3, 0xFF]

    func testTheMasksAreTheByteByByteMasks() {
        var generator = SeededGenerator(seed: 0xB10C)
        var block = [UInt8](repeating: 0, count: 64)
        for round in 0..<4000 {
            for at in 0..<64 {
                block[at] =
                    round % 2 == 0
                    ? UInt8.random(in: 0...255, using: &generator) : interesting.randomElement(using: &generator) ?? 0
            }
            block.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                let fast = JSONStructureIndexer.StringBlocks.masks(of: base, bytewise: false)
                let slow = JSONStructureIndexer.StringBlocks.masks(of: base, bytewise: true)
                XCTAssertEqual(fast.quotes, slow.quotes)
                XCTAssertEqual(fast.specials, slow.specials)
            }
        }
        // Every byte value, at every place of a block.
        for value in 0...255 {
            let expected: UInt64 = value == 0x22 || value == 0x5C || value < 0x20 ? ~0 : 0
            let masks = [UInt8](repeating: UInt8(value), count: 64).withUnsafeBufferPointer {
                JSONStructureIndexer.StringBlocks.masks(of: $0.baseAddress!, bytewise: false)
            }
            XCTAssertEqual(masks.specials, expected, "byte \(value)")
            XCTAssertEqual(masks.quotes, value == 0x22 ? ~0 : 0, "byte \(value)")
        }
    }

    func testStringsEndAsTheWordsEndThemAtEveryOffsetOfABlock() throws {
        // What ends or continues a string, including runs of backslashes of every length.
        var contents = [
            "", "a", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "\\x", "\\u00g1", "\\u12", "\u{01}", "\u{1F}", "\t",
            "é", "\u{7F}", "},{", "],[", ":", ",", "[{", "\\/", "\\b\\f\\n\\r\\t",
        ]
        for run in 1...9 {
            contents += [String(repeating: "\\", count: run) + "\"", String(repeating: "\\", count: run)]
        }
        var outcomes = Outcomes()
        for padding in 0..<70 {
            let pad = String(repeating: " ", count: padding)
            for content in contents {
                for tail in [0, 1, 40, 63, 64, 65, 130] {
                    let long = String(repeating: "b", count: tail)
                    for text in [
                        "[\(pad)\"\(long)\(content)\"]", "{\(pad)\"\(content)\(long)\":\"\(long)\(content)\"}",
                        "[\(pad)\"\(content)\(long)\",\"\(content)\"\(pad)]", "[\(pad)\"\(long)\(content)",
                    ] {
                        try outcomes.compare(Array(text.utf8), maximumDepth: 64)
                    }
                }
            }
        }
        XCTAssertGreaterThan(outcomes.valid, 15_000)
        XCTAssertGreaterThan(outcomes.invalid, 15_000)
        XCTAssertGreaterThan(outcomes.classified.load(ordering: .relaxed), 40_000)
    }

    func testRandomAndMutatedTextsAreReadAlike() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var outcomes = Outcomes()
        for round in 0..<2500 {
            var text = Array(randomContainer(depth: 0, &generator).utf8)
            for _ in 0..<Int.random(in: 0...3, using: &generator) where round % 4 != 0 && !text.isEmpty {
                let at = Int.random(in: 0..<text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.remove(at: at)
                case 1: text.insert(interesting.randomElement(using: &generator) ?? 0x20, at: at)
                default: text[at] = interesting.randomElement(using: &generator) ?? 0x20
                }
            }
            try outcomes.compare(text, maximumDepth: [2, 4, 8, 512][round % 4])
            // Truncated anywhere.
            if round % 50 == 0 {
                for end in 0..<text.count { try outcomes.compare(Array(text[..<end]), maximumDepth: 512) }
            }
        }
        XCTAssertGreaterThan(outcomes.valid, 800)
        XCTAssertGreaterThan(outcomes.invalid, 800)
        XCTAssertGreaterThan(outcomes.indexed, 100)
    }

    func testChunksFromEveryByteReadAlike() throws {
        var generator = SeededGenerator(seed: 0xC0DE)
        let record = #"{"id":1,"s":"a\\\"b\\\\ },{ ],[ \u00e9","n":-12.5e+3,"d":[[[1]]],"t":[true,false,null]}"#
        let valid = Array(("[" + Array(repeating: record, count: 6).joined(separator: ",") + "]").utf8)
        for round in 0..<24 {
            var text = valid
            if round > 0 {
                text[Int.random(in: 1..<text.count, using: &generator)] =
                    interesting.randomElement(using: &generator) ?? 0
            }
            let expected = try index(text, maximumDepth: 5, blocks: false, split: nil)
            for start in 1..<text.count {
                let split = JSONStructureIndexer.Split(minimumBytes: 0, boundaries: [start], helpers: 1)
                XCTAssertEqual(try index(text, maximumDepth: 5, blocks: true, split: split), expected, "from \(start)")
            }
            let everyByte = JSONStructureIndexer.Split(minimumBytes: 0, boundaries: Array(1..<text.count), helpers: 2)
            XCTAssertEqual(try index(text, maximumDepth: 5, blocks: true, split: everyByte), expected)
        }
    }

    func testALargeArrayOfRecordsIsIndexedAlikeAndFromBlocks() throws {
        let text = Array(
            ("["
                + (0..<3000).map {
                    #"{"id":\#($0),"name":"Person \#($0)","email":"p\#($0)@example.com","age":\#($0 % 90),"#
                        + #""active":true,"score":\#($0).25,"tags":["a\"b","\\"],"address":{"city":"C","zip":"1"}}"#
                }
                .joined(separator: ",") + "]").utf8)
        let classified = Atomic<Int>(0)
        let reading = JSONStructureIndexer.Reading(classified: { classified.add($0, ordering: .relaxed) })
        let blocks = try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index($0, maximumDepth: 64, reading: reading)
        }
        // Nearly every block of the text was classified once.
        XCTAssertGreaterThan(classified.load(ordering: .relaxed), text.count / 64 - 10)
        XCTAssertLessThanOrEqual(classified.load(ordering: .relaxed), text.count / 64)
        let words = try index(text, maximumDepth: 64, blocks: false, split: nil)
        XCTAssertEqual(blocks?.members[0]?.count, 3000)
        XCTAssertEqual(blocks.map { Found(root: $0.root, members: $0.members) }, words)
    }

    // MARK: - Reading both ways

    private struct Found: Equatable {
        var root: Int
        var members: [Int: [Int]]
    }

    private struct Outcomes {
        var valid = 0
        var invalid = 0
        var indexed = 0
        let classified = Count()

        final class Count: Sendable {
            let value = Atomic<Int>(0)
            func add(_ count: Int, ordering: AtomicUpdateOrdering) { value.add(count, ordering: ordering) }
            func load(ordering: AtomicLoadOrdering) -> Int { value.load(ordering: ordering) }
        }

        /// Indexes `text` both ways, and checks that the blocks' pass accepts what the reader accepts.
        mutating func compare(_ text: [UInt8], maximumDepth: Int) throws {
            let classified = classified
            let shown = String(decoding: text, as: UTF8.self)
            let reading = JSONStructureIndexer.Reading(classified: { classified.add($0, ordering: .relaxed) })
            let blocks = try text.withUnsafeBufferPointer {
                try JSONStructureIndexer.index($0, maximumDepth: maximumDepth, reading: reading)
            }
            let words = try text.withUnsafeBufferPointer {
                try JSONStructureIndexer.index($0, maximumDepth: maximumDepth, reading: .init(blocks: false))
            }
            XCTAssertEqual(blocks?.root, words?.root, shown)
            XCTAssertEqual(blocks?.members, words?.members, shown)
            let reader = (try? JSONCodec.decodePlain(Data(text), maximumDepth: maximumDepth)) != nil
            if blocks != nil { XCTAssertTrue(reader, "accepted what the reader refuses: \(shown)") }
            if blocks == nil { invalid += 1 } else { valid += 1 }
            if !(blocks?.members.isEmpty ?? true) { indexed += 1 }
        }
    }

    private func index(
        _ text: [UInt8], maximumDepth: Int, blocks: Bool, split: JSONStructureIndexer.Split?
    ) throws -> Found? {
        try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index(
                $0, maximumDepth: maximumDepth, split: split, reading: .init(blocks: blocks)
            ).map { Found(root: $0.root, members: $0.members) }
        }
    }

    private func randomContainer(depth: Int, _ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...(depth == 0 ? 60 : 5), using: &generator)
        let members = (0..<count).map { _ in
            let value = randomValue(depth: depth + 1, &generator)
            return depth % 2 == 0
                ? value : "\(randomString(&generator))\(space(&generator)):\(space(&generator))\(value)"
        }
        let inner = members.joined(separator: "\(space(&generator)),\(space(&generator))")
        return depth % 2 == 0 ? "[\(space(&generator))\(inner)]" : "{\(inner)\(space(&generator))}"
    }

    private func randomValue(depth: Int, _ generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<(depth < 6 ? 8 : 6), using: &generator) {
        case 0, 3, 4: return randomString(&generator)
        case 1: return ["true", "false", "null"].randomElement(using: &generator) ?? "null"
        case 2:
            return ["0", "-0", "12", "-7.25", "1e10", "3.5E-2", "0.5e+7", "123456789012345678901234"].randomElement(
                using: &generator) ?? "0"
        default: return randomContainer(depth: depth, &generator)
        }
    }

    private func randomString(_ generator: inout SeededGenerator) -> String {
        let pieces = [
            "a", "Person 12", "é", "😀", "\\n", "\\\"", "\\\\", "\\\\\\\"", "\\u00e9", "\\ud83d\\ude00", "\\/",
            "long text run of some length ", "},{", "],[", "\":\"", "\u{01}",
        ]
        let count = Int.random(in: 0...8, using: &generator)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() + "\""
    }

    private func space(_ generator: inout SeededGenerator) -> String {
        ["", "", "", " ", "\n  ", "\t", String(repeating: " ", count: 37)].randomElement(using: &generator) ?? ""
    }
}
