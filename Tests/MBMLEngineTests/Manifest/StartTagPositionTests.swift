import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The places of start tags (``StartTagBytes`` scans eight bytes at a time): equal to a byte at a
/// time on random bytes, and to the line and column of every `<` in generated documents with
/// multi-byte characters, tags over several lines and documents long enough for libxml2 to move its
/// input window.
final class StartTagPositionTests: XCTestCase {
    /// What the scans find, a byte at a time.
    private func naiveScan(_ bytes: [UInt8], end: Int) -> (opening: Int, newlines: Int, characters: Int)? {
        guard let opening = bytes[..<end].lastIndex(of: UInt8(ascii: "<")) else { return nil }
        var newlines = 0
        var characters = 1
        for byte in bytes[(opening + 1)..<end] {
            if byte == UInt8(ascii: "\n") {
                newlines += 1
            } else if byte & 0xC0 != 0x80 {
                characters += 1
            }
        }
        return (opening, newlines, characters)
    }

    func testWordScansEqualByteScansOnRandomBytes() {
        var generator = SeededGenerator(seed: 0x57A6_7A65)
        let alphabet: [UInt8] = [
            0x3C, 0x0A, 0x20, 0x41, 0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x80, 0xBF, 0xFF, 0x00,
        ]
        var checked = 0
        for round in 0..<3000 {
            let count = Int.random(in: 1...70, using: &generator)
            var bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            if round % 10 == 0 {
                // A tag longer than 255 words with no other `<`: the lane counts are added up on the
                // way. Every other one mostly ASCII: most of its words need no counting.
                let mostlyASCII = [UInt8](repeating: 0x41, count: 60) + [0x20, 0x0A, 0xC3, 0xA9]
                let tagBytes = round % 20 == 0 ? Array(alphabet.dropFirst()) : mostlyASCII
                let length = Int.random(in: 2040...2400, using: &generator)
                bytes = [UInt8(ascii: "<")] + (0..<length).map { _ in tagBytes.randomElement(using: &generator) ?? 0 }
            }
            let end = Int.random(in: 1...bytes.count, using: &generator)
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return XCTFail("no buffer") }
                let expected = naiveScan(bytes, end: end)
                let found = StartTagBytes.lastOpening(before: base + end, from: base)
                XCTAssertEqual(found.map { $0.opening - base }, expected?.opening, "\(bytes) up to \(end)")
                guard let found, let expected else { return }
                XCTAssertEqual(found.newlines, expected.newlines, "\(bytes) up to \(end)")
                XCTAssertEqual(found.characters, expected.characters, "\(bytes) up to \(end)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1500, "most inputs hold a <")
    }

    func testGeneratedStartTagsAreAtTheLineAndColumnOfTheirOpening() throws {
        var generator = SeededGenerator(seed: 0x7A65_0001)
        let between = ["\n", " ", "\t", "é", "日本", "😀", "\n\n  ", "x", ""]
        let spaces = [" ", "\n", "\n\t ", "  ", " \n "]
        let values = ["a", "é", "日", "😀", "&amp;", "&#10;", "x y", ">", "\n", "long value with words"]
        for _ in 0..<8 {
            var text = "<MBML>"
            var expected: [[Int]] = [[1, 1]]
            var line = 1
            var column = 7
            func add(_ piece: String) {
                text += piece
                for scalar in piece.unicodeScalars {
                    if scalar == "\n" {
                        line += 1
                        column = 1
                    } else {
                        column += 1
                    }
                }
            }
            for index in 0..<Int.random(in: 200...1500, using: &generator) {
                add(between.randomElement(using: &generator) ?? "")
                expected.append([line, column])
                add("<Var")
                for attribute in 0..<Int.random(in: 0...3, using: &generator) {
                    let value = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                        values.randomElement(using: &generator) ?? ""
                    }
                    add((spaces.randomElement(using: &generator) ?? " ") + "a\(attribute)=\"\(value.joined())\"")
                }
                add(index % 7 == 0 ? "\n/>" : "/>")
            }
            add("\n</MBML>")
            let (document, diagnostics) = try XMLSourceDocument.parse(Array(text.utf8), path: "t.xml").get()
            XCTAssertEqual(diagnostics, [])
            let root = try XCTUnwrap(document.root)
            let positions = [root.position] + root.childElements.map(\.position)
            XCTAssertEqual(positions.map { [$0.line, $0.column] }, expected)
        }
    }
}
