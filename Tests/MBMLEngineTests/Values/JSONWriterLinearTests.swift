import XCTest

@testable import MBMLEngine

/// The JSON writer on large inputs full of characters that need escapes: the exact result is
/// asserted; the speed is measured by `mbml bench` ("JSON-encode 2 MB escaped string"), not here.
final class JSONWriterLinearTests: XCTestCase {
    /// One unit of the test text and its JSON-escaped form.
    private let unit = "a\"b\\c\nd\t\u{01}é😀/"
    private let escapedUnit = #"a\"b\\c\nd\t\u0001é😀/"#

    func testTwoMegabyteStringWithEscapes() {
        let count = 2_000_000 / unit.utf8.count
        let text = String(repeating: unit, count: count)
        XCTAssertGreaterThanOrEqual(text.utf8.count, 1_990_000)
        let encoded = JSONCodec.encode(.string(text))
        XCTAssertEqual(encoded, "\"" + String(repeating: escapedUnit, count: count) + "\"")
    }

    func testManyStringsInAnArray() {
        let elements = Array(repeating: Value.string(unit), count: 100_000)
        let encoded = JSONCodec.encode(.array(elements))
        XCTAssertEqual(
            encoded, "[" + Array(repeating: "\"" + escapedUnit + "\"", count: 100_000).joined(separator: ",") + "]")
    }

    func testNonContiguousAndEmptyStrings() {
        XCTAssertEqual(JSONCodec.quoted(""), "\"\"")
        let bridged = String(decoding: Array("x\u{1F}y".utf8), as: UTF8.self)
        XCTAssertEqual(JSONCodec.quoted(bridged), #""x\u001fy""#)
        XCTAssertEqual(JSONCodec.encode(["$key": .string("\u{7F}")]), #"{"$$key":"\u007f"}"#)
    }

    func testNonFiniteNumbersAreTagged() throws {
        XCTAssertEqual(
            JSONCodec.encode([.double(.infinity), .double(-.infinity), .double(.nan)]),
            #"[{"$number":"Infinity"},{"$number":"-Infinity"},{"$number":"NaN"}]"#)
        // Strict JSON parsers accept the output.
        let data = Data(JSONCodec.encode([.double(.infinity)]).utf8)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: data))
    }
}
