import MBMLEngine
import XCTest

/// The one writer of machine-readable JSON: keys in declaration order, absent optionals left out,
/// strings escaped as every JSON `mbml` prints, fragments embedded as written.
final class JSONTextEncoderTests: XCTestCase {
    private struct Report: Encodable {
        var name: String
        var count: Int
        var note: String?
        var ratio: Double
        var flags: [Bool]
        var nested: Nested
        var value: JSONFragment

        struct Nested: Encodable {
            var z = 1
            var a: String? = nil
        }
    }

    func testKeysKeepTheirOrderAndAbsentOptionalsAreLeftOut() throws {
        let report = Report(
            name: "n", count: -3, note: nil, ratio: 0.5, flags: [true, false], nested: .init(),
            value: JSONFragment(#"{"b":[1,2]}"#))
        XCTAssertEqual(
            try JSONTextEncoder().encode(report),
            #"{"name":"n","count":-3,"ratio":0.5,"flags":[true,false],"nested":{"z":1},"value":{"b":[1,2]}}"#)
    }

    func testStringsAreEscapedAsTheValueWriterEscapesThem() throws {
        let text = "a\"b\\c\n\u{7}\u{9B}\u{202E}é"
        XCTAssertEqual(try JSONTextEncoder().encode(text), JSONCodec.quoted(text))
        XCTAssertFalse(try JSONTextEncoder().encode(["k\u{1B}": text]).contains("\u{1B}"))
        XCTAssertFalse(try JSONTextEncoder().encode(text).contains("\u{202E}"))
    }

    func testNumbersNullsAndEmptyContainers() throws {
        let encoder = JSONTextEncoder()
        XCTAssertEqual(try encoder.encode(Double.nan), "null")
        XCTAssertEqual(try encoder.encode(Double.infinity), "null")
        XCTAssertEqual(try encoder.encode(2.0), "2")
        XCTAssertEqual(try encoder.encode(1.25), "1.25")
        XCTAssertEqual(try encoder.encode(Int64.min), "-9223372036854775808")
        XCTAssertEqual(try encoder.encode(UInt64.max), "18446744073709551615")
        XCTAssertEqual(try encoder.encode([Int]()), "[]")
        XCTAssertEqual(try encoder.encode([String: Int]()), "{}")
        XCTAssertEqual(try encoder.encode([String?.none, "x"]), #"[null,"x"]"#)
        XCTAssertEqual(try encoder.encode([[1], [], [2, 3]]), "[[1],[],[2,3]]")
    }

    /// A large array is written in linear time (no copy per element).
    func testALargeArrayIsWrittenWhole() throws {
        let numbers = Array(0..<200_000)
        let text = try JSONTextEncoder().encode(numbers)
        XCTAssertTrue(text.hasPrefix("[0,1,2,"))
        XCTAssertTrue(text.hasSuffix(",199999]"))
    }
}
