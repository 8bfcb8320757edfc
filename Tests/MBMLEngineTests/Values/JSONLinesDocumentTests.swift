import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// A JSON Lines data file is read as views of one document (``JSONLinesIndexer``): the same records
/// as the reader reads whole, copied or mapped; a text the line pass does not take is the reader's,
/// with the same values or the same error.
final class JSONLinesDocumentTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsonl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testRecordsOfEveryShapeReadAsTheReaderReadsThem() throws {
        var generator = SeededGenerator(seed: 0x71E5)
        for round in 0..<60 {
            let text = lines(&generator, round: round)
            let (loaded, whole) = try load(text, named: "r\(round).jsonl")
            XCTAssertEqual(loaded, whole, "round \(round)")
            XCTAssertNotNil(loaded.elements?.viewedDocument, "round \(round): the records are views")
            XCTAssertEqual(loaded.collectionCount, whole.collectionCount)
            for (view, decoded) in zip(loaded.elements ?? [], whole.elements ?? []) {
                XCTAssertEqual(view.hashValue, decoded.hashValue)
                XCTAssertNotNil(view.jsonNode)
            }
        }
    }

    func testTextsTheLinePassDoesNotTakeAreTheReaders() throws {
        let texts = [
            "{\"a\":1}\n4 2\n{\"b\":2}\n",
            "\"text\n",
            "{\"a\":1}\n\u{FEFF}42\n",
            "{\"a\":1} {\"b\":2}\n",
            "{\"a\":\n1}\n",
            "{\"a\":1}\n\u{FEFF}{\"b\":2}\n",
            "{\"a\":1}\n{\"b\":}\n",
            "[1,2\n",
            "{\"a\":1}\n{\"b\":2} x\n",
        ]
        for (number, text) in texts.enumerated() {
            let url = folder.appendingPathComponent("t\(number).jsonl")
            try Data(text.utf8).write(to: url)
            let expected = Result { try JSONCodec.decodePlainLines(Data(text.utf8)) }
            let loaded = Result { try DataFileSpec(name: "d", path: url.path).load() }
            switch (expected, loaded) {
            case (.success(let whole), .success(let value)):
                XCTAssertEqual(value, whole, text)
                XCTAssertNil(value.elements?.viewedDocument, text)
            case (.failure(let problem as JSONDecodingError), .failure(let error)):
                XCTAssertEqual(error as? DataFileError, .invalidJSON(path: url.path, problem), text)
            default:
                XCTFail("\(text): \(expected) against \(loaded)")
            }
        }
    }

    /// Texts of lines mutated at random (cut, a byte replaced, a line feed or a comma put in) read
    /// as the reader reads them whole: the same records, or the same error.
    func testMutatedLinesReadAsTheReaderReadsThem() throws {
        var generator = SeededGenerator(seed: 0x3A1)
        let records = (0..<40).map { #"{"id":\#($0),"s":"a\u00e9","l":[1,2.5,null,true],"o":{"k":"v"}}"# }
        let bytes = Array((records.joined(separator: "\n") + "\n42\n\"x\"\n").utf8)
        var viewed = 0
        for _ in 0..<400 {
            var mutated = bytes
            let at = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: mutated.removeLast(bytes.count - at)
            case 1: mutated[at] = Array(#"{}[],:"x0 "#.utf8).randomElement(using: &generator) ?? 0
            default: mutated.insert(Int.random(in: 0..<2, using: &generator) == 0 ? 0x0A : 0x2C, at: at)
            }
            let data = Data(mutated)
            let whole = Result {
                try JSONCodec.looksLikeJSONLines(data) ? JSONCodec.decodePlainLines(data) : JSONCodec.decodePlain(data)
            }
            let piped = Result { try JSONCodec.decodePipedLazily(data) }
            switch (whole, piped) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a, b, String(decoding: mutated, as: UTF8.self))
                if b.elements?.viewedDocument != nil { viewed += 1 }
            case (.failure(let a as JSONDecodingError), .failure(let b as JSONDecodingError)): XCTAssertEqual(a, b)
            default: XCTFail("\(String(decoding: mutated, as: UTF8.self)): \(whole) against \(piped)")
            }
        }
        XCTAssertGreaterThan(viewed, 30)
    }

    /// Records that are not containers are read by the reader and kept as views too.
    func testScalarRecordsAreViews() throws {
        let text = "{\"a\":1}\n42\n\"text \\u00e9\"  \r\nnull\n[true]\n-1.5e3\nfalse\n"
        let (loaded, whole) = try load(text, named: "scalars.jsonl")
        XCTAssertEqual(loaded, whole)
        XCTAssertEqual(loaded.collectionCount, 7)
        XCTAssertNotNil(loaded.elements?.viewedDocument)
        let piped = try JSONCodec.decodePipedLazily(Data(("42\n" + text).utf8))
        XCTAssertEqual(piped.elements?.first, .integer(42))
        XCTAssertNotNil(piped.elements?.viewedDocument)
    }

    func testAMappedFileAnswersAsTheDecodedRecords() throws {
        var records: [String] = []
        var size = 0
        while size <= DataFileReading.mappingThreshold {
            let index = records.count
            let record =
                #"{"id":\#(index),"name":"P\#(index)","age":\#(index % 90),"tags":["t\#(index % 7)"]}"#
            records.append(record)
            size += record.utf8.count + 1
        }
        let text = records.joined(separator: "\n") + "\n"
        let url = folder.appendingPathComponent("big.jsonl")
        try Data(text.utf8).write(to: url)
        let mapped = try DataFileSpec(name: "d", path: url.path).load(reading: .mapped)
        let document = try XCTUnwrap(mapped.elements?.viewedDocument)
        XCTAssertTrue(document.isMapped)
        let whole = try JSONCodec.decodePlainLines(Data(text.utf8))
        for expression in [
            "$d.count", "^count(^filter($d|$item.age > 30))", "$d[12345].name", "^lastObject($d).id",
            "^count(^unique(^list($d|$item.tags[0])))",
        ] {
            var answers: [Value?] = []
            for people in [mapped, whole] {
                let environment = Environment()
                environment.variables.declare("d", value: people)
                answers.append(try environment.evaluate(expression, in: .object))
            }
            XCTAssertEqual(answers[0], answers[1], expression)
        }
    }

    /// Chunks cut anywhere (a line feed after every 1, 7, 61, 997 bytes) with one and three
    /// helpers give the single pass's records and index; a bad line in any chunk, the reader's.
    func testChunksGiveTheSinglePassesIndex() throws {
        var generator = SeededGenerator(seed: 0xC4)
        let deep = String(repeating: "[", count: 40) + "1" + String(repeating: "]", count: 40)
        for round in 0..<12 {
            var text = Array((lines(&generator, round: round) + "\n" + deep + "\n").utf8)
            let single = try XCTUnwrap(text.withUnsafeBufferPointer { JSONLinesIndexer.index($0, maximumDepth: 64) })
            XCTAssertEqual(single.records.count, try JSONCodec.decodePlainLines(Data(text)).collectionCount)
            for chunkBytes in [1, 7, 61, 997] {
                for helpers in [1, 3] {
                    let split = JSONStructureIndexer.Split(minimumBytes: 0, chunkBytes: chunkBytes, helpers: helpers)
                    let chunked = try XCTUnwrap(
                        text.withUnsafeBufferPointer { JSONLinesIndexer.index($0, maximumDepth: 64, split: split) })
                    XCTAssertEqual(chunked.records, single.records, "\(round), \(chunkBytes)")
                    XCTAssertEqual(chunked.index.members, single.index.members, "\(round), \(chunkBytes)")
                }
            }
            XCTAssertNil(text.withUnsafeBufferPointer { JSONLinesIndexer.index($0, maximumDepth: 39) }, "too deep")
            text += Array("{\"bad\": }\n".utf8)
            let split = JSONStructureIndexer.Split(minimumBytes: 0, chunkBytes: 61, helpers: 3)
            XCTAssertNil(text.withUnsafeBufferPointer { JSONLinesIndexer.index($0, maximumDepth: 64, split: split) })
        }
    }

    /// Piped text (standard input) is read as views over its bytes, JSON Lines and JSON alike, a
    /// slice of a larger buffer too; texts the passes do not take are the reader's, errors included.
    func testPipedTextIsReadAsViewsOverItsBytes() throws {
        var generator = SeededGenerator(seed: 0x9F)
        for round in 0..<30 {
            var lines = self.lines(&generator, round: round)
            if lines.hasPrefix("\u{FEFF}") { lines.removeFirst() }
            // "\r\n" is one Character: the lines are split without carriage returns.
            let json =
                "["
                + lines.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
                .filter { !$0.allSatisfy(\.isWhitespace) }.joined(separator: ",\n") + "]"
            let asLines =
                try JSONCodec.looksLikeJSONLines(Data(lines.utf8))
                ? JSONCodec.decodePlainLines(Data(lines.utf8)) : JSONCodec.decodePlain(lines)
            for (text, whole) in [
                (lines, asLines),
                (json, try JSONCodec.decodePlain(json)),
            ] {
                let padded = Data(("xx" + text + "yy").utf8)
                let slice = padded[(padded.startIndex + 2)..<(padded.endIndex - 2)]
                for data in [Data(text.utf8), slice] {
                    let piped = try JSONCodec.decodePipedLazily(data)
                    XCTAssertEqual(piped, whole, text)
                    XCTAssertNotNil(piped.elements?.viewedDocument, text)
                }
            }
        }
        for text in ["42", "{\"a\":1}\n42\n", "[1,", "{\"a\":1}\n{\"b\":}\n", "\"x\""] {
            let expected = Result {
                try JSONCodec.looksLikeJSONLines(Data(text.utf8))
                    ? JSONCodec.decodePlainLines(Data(text.utf8)) : JSONCodec.decodePlain(text)
            }
            let piped = Result { try JSONCodec.decodePipedLazily(Data(text.utf8)) }
            switch (expected, piped) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a, b, text)
            case (.failure(let a as JSONDecodingError), .failure(let b as JSONDecodingError)):
                XCTAssertEqual(a, b, text)
            default: XCTFail("\(text): \(expected) against \(piped)")
            }
        }
    }

    /// Loads `text` as the file `name`, and reads it whole with the reader.
    private func load(_ text: String, named name: String) throws -> (loaded: Value, whole: Value) {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return (try DataFileSpec(name: "d", path: url.path).load(), try JSONCodec.decodePlainLines(Data(text.utf8)))
    }

    /// JSON Lines of objects and arrays, with blank lines, carriage returns, trailing blanks, a
    /// byte order mark, and records large enough for the structure index to record.
    private func lines(_ generator: inout SeededGenerator, round: Int) -> String {
        let count = Int.random(in: 1..<40, using: &generator)
        var text = round.isMultiple(of: 5) ? "\u{FEFF}" : ""
        for index in 0..<count {
            let filler = String(repeating: "x", count: Int.random(in: 0..<3, using: &generator) == 0 ? 5000 : 3)
            let record =
                index.isMultiple(of: 4)
                ? #"[\#(index), "\#(filler)", {"k": [1, 2.5e1, null, true]}]"#
                : #"{"id": \#(index), "s": "é\u00e9 \"\#(filler)\"", "n": {"list": [\#(index), -0.5]}, "id": 7}"#
            let blank = ["", " ", "\t", "\r", "  \r"][Int.random(in: 0..<5, using: &generator)]
            text += record + blank + (Int.random(in: 0..<4, using: &generator) == 0 ? "\n\n \n" : "\n")
        }
        return round.isMultiple(of: 3) ? String(text.dropLast()) : text
    }
}
