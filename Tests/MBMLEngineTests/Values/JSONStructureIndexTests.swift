import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The index the structural pass finds (``JSONStructureIndexer``) is the one a plain walk over the
/// checked text finds: every container of at least ``JSONStructureIndexer/indexedContainerBytes``
/// bytes, with the offset of each of its members, and no other. And the pass's reading of strings
/// eight bytes at a time, which tells a string's closing quote from the word it read
/// (``JSONStructureIndexer/endOfString(_:_:_:)``), ends every string where the reader ends it,
/// whatever the byte that ends its plain run and wherever that byte falls in the word.
final class JSONStructureIndexTests: XCTestCase {
    func testTheIndexHoldsEveryLargeContainerWithAllItsMembers() throws {
        var generator = SeededGenerator(seed: 0x1D3C)
        var containers = 0
        for round in 0..<60 {
            let text = Array(largeValue(depth: 0, round: round, &generator).utf8)
            let index = try text.withUnsafeBufferPointer {
                try JSONStructureIndexer.index($0, maximumDepth: 64)
            }
            guard let index else { return XCTFail("refused a valid text: \(String(decoding: text, as: UTF8.self))") }
            let expected = text.withUnsafeBufferPointer { walk($0) }
            XCTAssertEqual(index.root, expected.root)
            XCTAssertEqual(index.members, expected.members, "round \(round)")
            containers += expected.members.count
        }
        // Large containers, nested and not, were indexed many times.
        XCTAssertGreaterThan(containers, 150)
    }

    func testStringsEndWhereTheReaderEndsThemAtEveryOffsetOfAWord() throws {
        // What ends a string's plain run, and what may follow it in the same word.
        let endings = [
            "\"", "\\\"\"", "\\\\\"", "\\u0041\"", "\\n\"", "\\x\"", "\\u00g1\"", "\u{01}\"", "\u{1F}x\"", "\t\"",
            "\"\u{01}", "\"\\", "\"\"", "é\"", "\u{7F}\"",
        ]
        var accepted = 0
        var refused = 0
        for length in 0..<20 {
            let run = String(repeating: "a", count: length)
            for ending in endings {
                for text in ["[\"\(run)\(ending)]", "{\"\(run)\(ending):1}", "[\"\(run)\(ending)    ,0]"] {
                    let bytes = Array(text.utf8)
                    let reader = (try? JSONCodec.decodePlain(Data(bytes), maximumDepth: 64)) != nil
                    let index = try bytes.withUnsafeBufferPointer {
                        try JSONStructureIndexer.index($0, maximumDepth: 64)
                    }
                    XCTAssertEqual(index != nil, reader, text)
                    if reader { accepted += 1 } else { refused += 1 }
                }
            }
        }
        XCTAssertGreaterThan(accepted, 300)
        XCTAssertGreaterThan(refused, 300)
    }

    /// The root and the members of every container of at least `indexedContainerBytes` bytes of
    /// the checked text `bytes`, found by walking it.
    private func walk(_ bytes: UnsafeBufferPointer<UInt8>) -> (root: Int, members: [Int: [Int]]) {
        guard let base = bytes.baseAddress else { return (0, [:]) }
        let root = JSONBytes.skipWhitespace(base, 0, bytes.count)
        var members: [Int: [Int]] = [:]
        var pending = [root]
        while let start = pending.popLast() {
            guard base[start] | 0x20 == UInt8(ascii: "{") else { continue }
            let isObject = base[start] == UInt8(ascii: "{")
            var cursor = JSONTextCursor(bytes: bytes, position: start)
            let offsets = cursor.memberOffsets()
            for offset in offsets {
                var value = JSONTextCursor(bytes: bytes, position: offset)
                if isObject { value.skipToValue() }
                pending.append(value.position)
            }
            if JSONBytes.skipValue(base, start, bytes.count) - start >= JSONStructureIndexer.indexedContainerBytes {
                members[start] = offsets
            }
        }
        return (root, members)
    }

    /// A valid text with containers on both sides of the indexed size, nested in one another.
    private func largeValue(depth: Int, round: Int, _ generator: inout SeededGenerator) -> String {
        let isObject = (depth + round) % 2 == 1
        let count =
            depth < 3
            ? Int.random(in: 0...([0, 1, 5, 40, 120, 300].randomElement(using: &generator) ?? 1), using: &generator)
            : Int.random(in: 0...3, using: &generator)
        var members: [String] = []
        for _ in 0..<count {
            let value: String
            switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1: value = largeValue(depth: depth + 1, round: round, &generator)
            case 2: value = ["true", "false", "null"].randomElement(using: &generator) ?? "null"
            case 3: value = ["0", "-12", "3.25", "1e5", "-0.5E-3", "98765"].randomElement(using: &generator) ?? "0"
            default: value = string(&generator)
            }
            members.append(isObject ? "\(string(&generator))\(space(&generator)):\(space(&generator))\(value)" : value)
        }
        let inner = members.joined(separator: "\(space(&generator)),\(space(&generator))")
        return isObject ? "{\(space(&generator))\(inner)\(space(&generator))}" : "[\(space(&generator))\(inner)]"
    }

    private func string(_ generator: inout SeededGenerator) -> String {
        let pieces = ["a", "Person 12", "é", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "person12@example.com", " "]
        let count = Int.random(in: 0...6, using: &generator)
        return "\"" + (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined() + "\""
    }

    private func space(_ generator: inout SeededGenerator) -> String {
        ["", "", "", " ", "\n  ", "\t"].randomElement(using: &generator) ?? ""
    }
}
