import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// The structural pass with its fast paths — strings ended from the masks of 64-byte blocks
/// (``JSONStructureIndexer/StringBlocks``), containers shorter than
/// ``JSONStructureIndexer/indexedContainerBytes`` read by a loop of their own — finds exactly what
/// it finds without them (the reference, ``JSONStructureIndexer/Reading/reference``: strings read
/// eight bytes at a time, every container by the pass's loop): the same index of every valid text,
/// the same refusal of every other — strings of every length starting at every offset of a block, escapes,
/// runs of backslashes of every length and decoy structural bytes across block edges, control
/// characters, invalid UTF-8, numbers of every form and length, deep nesting and its limits,
/// containers on both sides of the indexed size, truncated texts, mutations, and chunks starting at
/// every byte. The masks are those a byte-by-byte reading gives, and both fast paths really run.
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
                let slow = JSONStructureIndexer.StringBlocks.masks(of: base, by: .bytewise)
                for classifier in [JSONStructureIndexer.StringBlocks.Classifier.widest, .baseline] {
                    let fast = JSONStructureIndexer.StringBlocks.masks(of: base, by: classifier)
                    XCTAssertEqual(fast.quotes, slow.quotes)
                    XCTAssertEqual(fast.specials, slow.specials)
                }
            }
        }
        // Every byte value, at every place of a block.
        for value in 0...255 {
            let expected: UInt64 = value == 0x22 || value == 0x5C || value < 0x20 ? ~0 : 0
            for classifier in JSONStructureIndexer.StringBlocks.Classifier.allCases {
                let bytes = [UInt8](repeating: UInt8(value), count: 64)
                let masks = bytes.withUnsafeBufferPointer { bytes in
                    bytes.baseAddress.map { JSONStructureIndexer.StringBlocks.masks(of: $0, by: classifier) }
                }
                XCTAssertEqual(masks?.specials, expected, "byte \(value)")
                XCTAssertEqual(masks?.quotes, value == 0x22 ? ~0 : 0, "byte \(value)")
            }
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
        let pads = (0..<70).map { String(repeating: " ", count: $0) }
        let longs = [0, 1, 40, 63, 64, 65, 130].map { String(repeating: "b", count: $0) }
        for pad in pads {
            let texts = pairs(contents, longs) { content, long in
                [
                    "[\(pad)\"\(long)\(content)\"]", "{\(pad)\"\(content)\(long)\":\"\(long)\(content)\"}",
                    "[\(pad)\"\(content)\(long)\",\"\(content)\"\(pad)]", "[\(pad)\"\(long)\(content)",
                ]
            }
            try outcomes.compare(texts, maximumDepth: 64)
        }
        outcomes.expectBoth(moreThan: 15_000)
        XCTAssertGreaterThan(outcomes.counts.blocks.load(ordering: .relaxed), 40_000)
    }

    func testRandomAndMutatedTextsAreReadAlike() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        var outcomes = Outcomes()
        for round in 0..<1500 {
            // Some large enough to be indexed.
            var text = Array(random.container(depth: 0, members: round % 10 == 3 ? 300 : 12, &generator).utf8)
            for _ in 0..<Int.random(in: 0...2, using: &generator) where round % 3 != 0 && !text.isEmpty {
                let at = Int.random(in: 0..<text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.remove(at: at)
                case 1: text.insert(interesting.randomElement(using: &generator) ?? 0x20, at: at)
                default: text[at] = interesting.randomElement(using: &generator) ?? 0x20
                }
            }
            try outcomes.compare(text, maximumDepth: [2, 4, 8, 70, 512][round % 5])
            // Truncated anywhere.
            if round % 10 == 1, text.count < 600 {
                for end in 0..<text.count { try outcomes.compare(Array(text[..<end]), maximumDepth: 512) }
            }
        }
        outcomes.expectBoth(moreThan: 600)
        XCTAssertGreaterThan(outcomes.indexed, 25)
        XCTAssertGreaterThan(outcomes.counts.smallContainers.load(ordering: .relaxed), 5000)
    }

    func testEveryByteReplacedByEveryInterestingOneIsReadAlike() throws {
        let seeds = [
            #"[{"a":[1,{"b":"x\"y"}],"c":{"d":[]}},[{},[true,false,null]],{"e" : -1.5e3 , "f":[ "g" ]}]"#,
            #"[[[{"k":{"l":[0,"\\",{"m":{}}]}}]],{"n":"},{","o":[-0.0,1E+2]}]"#,
        ]
        var outcomes = Outcomes()
        for seed in seeds {
            let valid = Array(seed.utf8)
            for at in valid.indices {
                for byte in interesting where byte != valid[at] {
                    var text = valid
                    text[at] = byte
                    try outcomes.compare(text, maximumDepth: 6)
                }
                var shorter = valid
                shorter.remove(at: at)
                try outcomes.compare(shorter, maximumDepth: 6)
            }
        }
        outcomes.expectBoth(moreThan: 200)
        XCTAssertGreaterThan(outcomes.counts.smallContainers.load(ordering: .relaxed), 2000)
    }

    func testNumbersOfEveryFormAndLengthEndAsTheReaderEndsThem() throws {
        var outcomes = Outcomes()
        for length in 0..<20 {
            let digits = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
            let numbers = [
                digits, "1\(digits)", "0\(digits)", "-\(digits)", "-0\(digits)", "1.\(digits)", "0.\(digits)",
                "1\(digits).5", "2e\(digits)", "2E+\(digits)", "3.1e-\(digits)", "1\(digits)e", "1\(digits).",
                "1\(digits)x", "1\(digits)-", "1\(digits).e1", "-", "+1\(digits)", "1\(digits)\u{01}",
            ]
            let pads = [0, 3, 60].map { String(repeating: " ", count: $0) }
            let texts = pairs(numbers, pads) { number, pad in
                [
                    "[\(pad)\(number)]", "[[\(pad)\(number),\(number)]]", "[{\"n\":\(number)}]", "[\(pad)\(number)",
                    "[[\(number)\(pad)]", "[[\(number)]\(pad)]",
                ]
            }
            try outcomes.compare(texts, maximumDepth: 8)
        }
        outcomes.expectBoth(moreThan: 1500)
        XCTAssertGreaterThan(outcomes.counts.smallContainers.load(ordering: .relaxed), 2000)
    }

    func testContainersOnBothSidesOfTheIndexedSizeAndTheDepthLimitAreReadAlike() throws {
        var outcomes = Outcomes()
        let size = JSONStructureIndexer.indexedContainerBytes
        for length in size - 6...size + 3 {
            // An array of `length` bytes, and an object of about as many, in a top-level array.
            let array = "[" + String(repeating: "1,", count: (length - 3) / 2) + (length % 2 == 0 ? "10" : "1") + "]"
            let object = "{\"k\":\"" + String(repeating: "a", count: length - 8) + "\"}"
            XCTAssertEqual(array.utf8.count, length)
            XCTAssertEqual(object.utf8.count, length)
            for text in ["[\(array)]", "[0,\(object),\(array)]", "[[\(array)],{\"o\":\(object)}]"] {
                try outcomes.compare(Array(text.utf8), maximumDepth: 8)
                try outcomes.compare(Array(text.utf8), maximumDepth: 2)
            }
        }
        // Nesting around the depth limit, and deeper than the small containers' loop keeps.
        for depth in [1, 2, 3, 62, 63, 64, 65, 100] {
            let nested = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            let objects = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            for text in ["[\(nested)]", "[0,\(objects),\(nested)]"] {
                for limit in [depth, depth + 1, depth + 2, 64, 512] {
                    try outcomes.compare(Array(text.utf8), maximumDepth: limit)
                }
            }
        }
        XCTAssertGreaterThan(outcomes.indexed, 20)
        XCTAssertGreaterThan(outcomes.valid, 60)
        XCTAssertGreaterThan(outcomes.invalid, 20)
        XCTAssertGreaterThan(outcomes.counts.smallContainers.load(ordering: .relaxed), 60)
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
        let counts = Counts()
        let blocks = try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index($0, maximumDepth: 64, reading: counts.reading)
        }
        // Nearly every block of the text was classified once, and every record read as a small container.
        XCTAssertGreaterThan(counts.blocks.load(ordering: .relaxed), text.count / 64 - 10)
        XCTAssertLessThanOrEqual(counts.blocks.load(ordering: .relaxed), text.count / 64)
        XCTAssertEqual(counts.smallContainers.load(ordering: .relaxed), 3000)
        let words = try index(text, maximumDepth: 64, blocks: false, split: nil)
        XCTAssertEqual(blocks?.members[0]?.count, 3000)
        XCTAssertEqual(blocks.map { Found(root: $0.root, members: $0.members) }, words)
    }

    // MARK: - Reading both ways

    private struct Found: Equatable {
        var root: Int
        var members: [Int: [Int]]
    }

    /// What the fast paths of the passes did, added up.
    private final class Counts: Sendable {
        let blocks = Atomic<Int>(0)
        let smallContainers = Atomic<Int>(0)

        /// The fast paths, counted here.
        var reading: JSONStructureIndexer.Reading {
            JSONStructureIndexer.Reading(counted: { [self] counts in
                blocks.add(counts.blocks, ordering: .relaxed)
                smallContainers.add(counts.smallContainers, ordering: .relaxed)
            })
        }
    }

    private struct Outcomes {
        var valid = 0
        var invalid = 0
        var indexed = 0
        let counts = Counts()

        /// Both outcomes came more than `count` times.
        func expectBoth(moreThan count: Int, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertGreaterThan(valid, count, "valid texts", file: file, line: line)
            XCTAssertGreaterThan(invalid, count, "invalid texts", file: file, line: line)
        }

        /// Compares each of `texts` as the one below compares a text.
        mutating func compare(_ texts: [String], maximumDepth: Int) throws {
            for text in texts { try compare(Array(text.utf8), maximumDepth: maximumDepth) }
        }

        /// Indexes `text` both ways, and checks that the blocks' pass accepts what the reader accepts.
        mutating func compare(_ text: [UInt8], maximumDepth: Int) throws {
            let shown = String(decoding: text, as: UTF8.self)
            let blocks = try text.withUnsafeBufferPointer {
                try JSONStructureIndexer.index($0, maximumDepth: maximumDepth, reading: counts.reading)
            }
            let words = try text.withUnsafeBufferPointer {
                try JSONStructureIndexer.index($0, maximumDepth: maximumDepth, reading: .reference)
            }
            XCTAssertEqual(blocks?.root, words?.root, shown)
            XCTAssertEqual(blocks?.members, words?.members, shown)
            let reader = (try? JSONCodec.decodePlain(Data(text), maximumDepth: maximumDepth)) != nil
            if blocks != nil { XCTAssertTrue(reader, "accepted what the reader refuses: \(shown)") }
            if blocks == nil { invalid += 1 } else { valid += 1 }
            if !(blocks?.members.isEmpty ?? true) { indexed += 1 }
        }
    }

    /// The texts `make` makes of each of `firsts` with each of `seconds`.
    private func pairs(_ firsts: [String], _ seconds: [String], _ make: (String, String) -> [String]) -> [String] {
        firsts.flatMap { first in seconds.flatMap { make(first, $0) } }
    }

    /// The index of `text`, with the fast paths (`blocks`) or without.
    private func index(
        _ text: [UInt8], maximumDepth: Int, blocks: Bool, split: JSONStructureIndexer.Split?
    ) throws -> Found? {
        try text.withUnsafeBufferPointer {
            try JSONStructureIndexer.index(
                $0, maximumDepth: maximumDepth, split: split, reading: blocks ? .init() : .reference
            ).map { Found(root: $0.root, members: $0.members) }
        }
    }

    private let random = RandomJSONText(
        pieces: [
            "a", "Person 12", "é", "😀", "\\n", "\\\"", "\\\\", "\\\\\\\"", "\\u00e9", "\\ud83d\\ude00", "\\/",
            "long text run of some length ", "},{", "],[", #"\":\""#,
        ],
        piecesPerString: 8,
        numbers: ["0", "-0", "12", "-7.25", "1e10", "3.5E-2", "0.5e+7", "123456789012345678901234"],
        shallowDepth: 6)
}
