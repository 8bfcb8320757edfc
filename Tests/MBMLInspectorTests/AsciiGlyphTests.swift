import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Every symbol the inspector draws has an ASCII stand-in for terminals without UTF-8 (issue 21):
/// the test walks the string literals of the inspector's sources and of the engine's messages.
final class AsciiGlyphTests: XCTestCase {
    /// Sources whose non-ASCII characters are data (the built-in samples), not glyphs.
    private static let dataFiles: Set<String> = ["BuiltInSample.swift", "EmbeddedSamples.swift"]
    /// Letters the engine's sources mention as data (`ß` in a case-folding rule), not drawn as glyphs.
    private static let letters: Set<Character> = ["ß"]

    private var sources: URL { RepositoryFile.url("Sources") }

    /// The non-ASCII characters outside comments in the Swift files under `folder`, with a file
    /// each was seen in.
    private func glyphs(under folder: String) throws -> [Character: String] {
        var found: [Character: String] = [:]
        let root = sources.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", !Self.dataFiles.contains(url.lastPathComponent) else { continue }
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                for character in line where !character.isASCII && !Self.letters.contains(character) {
                    found[character] = url.lastPathComponent
                }
            }
        }
        return found
    }

    func testEveryGlyphTheViewsDrawHasAnAsciiStandIn() throws {
        let found = try glyphs(under: "MBMLInspector").merging(glyphs(under: "MBMLEngine")) { first, _ in first }
        XCTAssertGreaterThan(found.count, 20, "the walk found the glyphs")
        for (glyph, file) in found.sorted(by: { $0.key < $1.key }) {
            let replacement = AsciiFallback.replacements[glyph]
            XCTAssertNotNil(
                replacement,
                "\(glyph) (U+\(String(glyph.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true)), in \(file)) has no ASCII stand-in"
            )
            if let replacement = replacement {
                XCTAssertEqual(replacement.count, TextWidth.of(glyph), "\(glyph) keeps its width")
                XCTAssertTrue(replacement.unicodeScalars.allSatisfy(\.isASCII))
            }
        }
    }

    func testDynamicVariableTagIsAnF() {
        XCTAssertEqual(AsciiFallback.ascii("name ƒ ro"), "name f ro")
        XCTAssertEqual(AsciiFallback.ascii("a ≠ b – c"), "a ! b - c")
    }
}

/// A mark keeps its meaning without UTF-8 (issue 32): no two marks share a stand-in, and no stand-in
/// looks like a mark the views draw in ASCII (`~` changed, `+` added, `=` a token's value, `*`).
final class AsciiMarkTests: XCTestCase {
    func testEveryMarkHasAStandInOfItsOwn() {
        var seen: [String: Character] = [:]
        for (mark, standIn) in AsciiFallback.marks.sorted(by: { $0.key < $1.key }) {
            if let other = seen[standIn] {
                XCTFail("\(mark) and \(other) both become \(standIn)")
            }
            seen[standIn] = mark
            XCTAssertFalse(
                AsciiFallback.asciiMarks.contains(standIn), "\(mark) becomes \(standIn), an ASCII mark of its own")
            XCTAssertFalse(
                AsciiFallback.lines.values.contains(standIn), "\(mark) becomes \(standIn), which draws a line")
        }
    }

    func testTheMarksOfIssue32AreTold() {
        // Truncation is not "changed", volatile is not a token's value, a tick is not an open
        // node, a closed node is not the editor's prompt or an arrow.
        XCTAssertEqual(AsciiFallback.ascii("~ cats…"), "~ cats_")
        XCTAssertEqual(AsciiFallback.ascii("≈ now = 3"), "% now = 3")
        XCTAssertEqual(AsciiFallback.ascii("▾ ✓"), "v o")
        XCTAssertEqual(AsciiFallback.ascii("▸ › 1 → 2"), "> } 1 ) 2")
    }
}
