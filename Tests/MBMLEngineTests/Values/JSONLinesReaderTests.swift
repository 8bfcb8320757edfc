import Foundation
import XCTest

@testable import MBMLEngine

/// JSON Lines (NDJSON): one value a line, read as an array of the records.
final class JSONLinesReaderTests: XCTestCase {
    func testRecordsBecomeAnArrayInOrder() throws {
        let text = "{\"a\":1}\n\n{\"a\":2}\r\n[3]\n\"four\"\n"
        let value = try JSONCodec.decodePlainLines(Data(text.utf8))
        XCTAssertEqual(JSONCodec.encode(value), #"[{"a":1},{"a":2},[3],"four"]"#)
    }

    func testAnEmptyFileIsAnEmptyArray() throws {
        XCTAssertEqual(JSONCodec.encode(try JSONCodec.decodePlainLines(Data("\n \n".utf8))), "[]")
    }

    func testABadLineIsReportedAtItsLineAndColumn() {
        let text = "{\"a\":1}\n{\"a\":2}\n{\"a\": tru}\n"
        XCTAssertThrowsError(try JSONCodec.decodePlainLines(Data(text.utf8))) { error in
            guard let error = error as? JSONDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 3)
            XCTAssertEqual(error.column, 7)
        }
    }

    func testTwoValuesOnOneLineAreRefused() {
        XCTAssertThrowsError(try JSONCodec.decodePlainLines(Data("{\"a\":1}\n1 2\n".utf8))) { error in
            guard let error = error as? JSONDecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.line, 2)
            XCTAssertEqual(error.column, 3)
            XCTAssertTrue(error.message.contains("one value a line"), error.message)
        }
    }

    func testLooksLikeJSONLines() {
        XCTAssertTrue(JSONCodec.looksLikeJSONLines(Data("{\"a\":1}\n{\"a\":2}\n".utf8)))
        XCTAssertFalse(JSONCodec.looksLikeJSONLines(Data("{\"a\":1}\n".utf8)))
        XCTAssertFalse(JSONCodec.looksLikeJSONLines(Data("{\n\"a\":1}\n".utf8)))
    }

    func testDataFilesNamedJSONLOrNDJSONAreReadAsLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-jsonl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["log.jsonl", "log.NDJSON"] {
            let url = folder.appendingPathComponent(name)
            try Data("{\"n\":1}\n{\"n\":2}\n".utf8).write(to: url)
            let value = try DataFileSpec(name: "data", path: url.path).load()
            XCTAssertEqual(JSONCodec.encode(value), #"[{"n":1},{"n":2}]"#, name)
        }
        let bad = folder.appendingPathComponent("bad.jsonl")
        try Data("{\"n\":1}\n{\"n\":}\n".utf8).write(to: bad)
        XCTAssertThrowsError(try DataFileSpec(name: "data", path: bad.path).load()) { error in
            XCTAssertEqual(String(describing: error), "\(bad.path):2:6: Expected a value, found '}'")
        }
    }
}

extension JSONLinesReaderTests {
    func testARecordLeftOpenIsReportedOnItsOwnLine() {
        for text in ["{\"id\":1}\n{\"id\":2,\n{\"id\":3}\n", "{\"id\":1}\n[1,\n2]\n"] {
            XCTAssertThrowsError(try JSONCodec.decodePlainLines(Data(text.utf8))) { error in
                guard let error = error as? JSONDecodingError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, 2, text)
                XCTAssertTrue(error.message.contains("does not end on its line"), error.message)
            }
        }
    }
}
