import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

/// The structural pass that indexes a data file (``JSONDocument``) must accept exactly the texts
/// the whole-text reader accepts: a text it wrongly accepts would be read as garbage instead of
/// failing with the reader's message, and a text it wrongly refuses would lose the lazy reading.
/// Seeded random texts and mutations of them (a byte deleted, inserted or replaced) are read both
/// ways, at several nesting limits.
final class JSONStructureScanTests: XCTestCase {
    /// Bytes a mutation puts in: the structural ones, the ones that end a string's plain run, and
    /// a few that start or break a scalar.
    private let interesting = Array("{}[]:,\"\\ \t\n\r0-1.eE+tfnu/x\u{01}".utf8) + [0x00, 0x7F, 0xC3, 0xFF]

    func testTheScanAcceptsExactlyWhatTheReaderAccepts() throws {
        var generator = SeededGenerator(seed: 0x5CA7)
        var lazy = 0
        var refused = 0
        for round in 0..<3000 {
            let depthLimit = [3, 6, 512][round % 3]
            var text = Array(random.container(depth: 0, members: 4, &generator).utf8)
            for _ in 0..<Int.random(in: 0...2, using: &generator) where !text.isEmpty {
                let at = Int.random(in: 0..<text.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text.remove(at: at)
                case 1: text.insert(interesting.randomElement(using: &generator) ?? 0x20, at: at)
                default: text[at] = interesting.randomElement(using: &generator) ?? 0x20
                }
            }
            try compare(text, maximumDepth: depthLimit, lazy: &lazy, refused: &refused)
        }
        // Both outcomes were exercised many times.
        XCTAssertGreaterThan(lazy, 500)
        XCTAssertGreaterThan(refused, 500)
    }

    func testStringsEndingNearTheTextsEndAndLongRunsAreScannedWhole() throws {
        var lazy = 0
        var refused = 0
        for length in 0..<40 {
            let run = String(repeating: "a", count: length)
            for text in [
                "[\"\(run)\"]", "{\"\(run)\":\"\(run)\"}", "[\"\(run)\\\"\"]", "[\"\(run)\\u00e9\"]",
                "[\"\(run)\u{01}\"]", "[\"\(run)", "[\"\(run)\\", "[\"\(run)\\u12\"]", "[\"\(run)é\"]",
            ] {
                try compare(Array(text.utf8), maximumDepth: 512, lazy: &lazy, refused: &refused)
            }
        }
        XCTAssertEqual(lazy, 40 * 5)
        XCTAssertEqual(refused, 40 * 4)
    }

    /// Reads `text` lazily and whole: a lazy value must equal the whole reading, and a refusal
    /// must be the reader's own error.
    private func compare(_ text: [UInt8], maximumDepth: Int, lazy: inout Int, refused: inout Int) throws {
        let shown = String(decoding: text, as: UTF8.self)
        let whole: Result<Value, Error> = Result { try JSONCodec.decodePlain(Data(text), maximumDepth: maximumDepth) }
        let read: Result<Value, Error> = Result { try JSONCodec.decodePlainLazily(text, maximumDepth: maximumDepth) }
        switch (whole, read) {
        case (.success(let expected), .success(let value)):
            if case .array = expected, value.jsonNode == nil { XCTFail("a valid array was not indexed: \(shown)") }
            if case .dictionary = expected, value.jsonNode == nil {
                XCTFail("a valid object was not indexed: \(shown)")
            }
            XCTAssertEqual(JSONCodec.encode(value), JSONCodec.encode(expected), shown)
            lazy += value.jsonNode == nil ? 0 : 1
        case (.failure(let expected), .failure(let error)):
            XCTAssertEqual("\(error)", "\(expected)", shown)
            refused += 1
        case (.success, .failure(let error)):
            XCTFail("refused what the reader reads (\(error)): \(shown)")
        case (.failure(let error), .success):
            XCTFail("accepted what the reader refuses (\(error)): \(shown)")
        }
    }

    private let random = RandomJSONText(
        pieces: [
            "a", "Person 12", "é", "😀", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "\\/", "long text run ",
        ],
        piecesPerString: 5, numbers: ["0", "-0", "12", "-7.25", "1e10", "3.5E-2", "123456789012345678901234"],
        shallowDepth: 5)
}
