import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// A text the structure pass refuses is read as the reader reads it whole, errors included, after a
/// check that keeps no member of its top-level container (``JSONCodec/decodeRefused(_:asLines:maximumDepth:)``):
/// cut and mutated texts at every kind of place, as JSON and as JSON Lines.
final class JSONCodecRefusedTests: XCTestCase {
    func testRefusedTextsReadAsTheReaderReadsThemWhole() throws {
        var generator = SeededGenerator(seed: 0x2EF)
        let records = (0..<60).map { index in
            #"{"id":\#(index),"name":"n\#(index)","tags":["a","b\u00e9"],"o":{"k":[1,2.5,null,true]}}"#
        }
        let texts = ["[" + records.joined(separator: ",") + "]", records.joined(separator: "\n") + "\n"]
        for (number, text) in texts.enumerated() {
            let bytes = Array(text.utf8)
            for _ in 0..<300 {
                var mutated = bytes
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated.removeLast(Int.random(in: 1..<bytes.count, using: &generator))
                case 1:
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    mutated[at] = Array(#"{}[],:"x0 "#.utf8).randomElement(using: &generator) ?? 0
                default: mutated.insert(UInt8(ascii: ","), at: Int.random(in: 0..<bytes.count, using: &generator))
                }
                let asLines = number == 1
                let whole = Result {
                    try mutated.withUnsafeBufferPointer { buffer in
                        var reader = JSONReader(bytes: buffer, tagged: false, maximumDepth: 512)
                        return try asLines ? reader.readLines() : reader.readDocument()
                    }
                }
                let refused = Result {
                    try mutated.withUnsafeBufferPointer { try JSONCodec.decodeRefused($0, asLines: asLines) }
                }
                switch (whole, refused) {
                case (.success(let a), .success(let b)): XCTAssertEqual(a, b)
                case (.failure(let a as JSONDecodingError), .failure(let b as JSONDecodingError)):
                    XCTAssertEqual(a, b, String(decoding: mutated, as: UTF8.self))
                default: XCTFail("\(whole) against \(refused)")
                }
            }
        }
    }

    /// A column counts characters as a string of the line's bytes does, counted a piece at a time:
    /// lines past a piece with characters of every kind across the cuts.
    func testColumnsCountCharactersAcrossPieces() {
        var generator = SeededGenerator(seed: 0x7C)
        let parts = ["a", "é", "e\u{301}", "👩‍👩‍👧", "\r\n", "\r", " ", "\u{1F1EB}\u{1F1F7}", "ก", "\u{0610}"]
        for _ in 0..<12 {
            var bytes: [UInt8] = []
            while bytes.count < 200_000 {
                bytes += Array((parts.randomElement(using: &generator) ?? "a").utf8)
                if Int.random(in: 0..<500, using: &generator) == 0 { bytes.append(0xFF) }
            }
            bytes.withUnsafeBufferPointer { buffer in
                XCTAssertEqual(JSONReader.characterCount(buffer), String(decoding: buffer, as: UTF8.self).count)
            }
        }
    }

    /// The check keeps no member of the top-level container, nor any record.
    func testTheCheckKeepsNoTopLevelMember() throws {
        for (text, asLines) in [
            (#"[1,{"a":[2]},"x"]"#, false), (#"{"a":1,"b":{"c":2}}"#, false), ("[1]\n{\"a\":2}\n", true),
        ] {
            let bytes = Array(text.utf8)
            let checked = try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(bytes: buffer, tagged: false, maximumDepth: 512)
                reader.keepsTopLevelMembers = false
                return try asLines ? reader.readLines() : reader.readDocument()
            }
            XCTAssertEqual(checked.collectionCount, 0, text)
        }
    }
}
