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
        // Integral doubles are written as the value writer writes them: whole up to 2^53.
        XCTAssertEqual(try encoder.encode(4e15), "4000000000000000")
        XCTAssertEqual(try encoder.encode(-9_007_199_254_740_991.0), "-9007199254740991")
        XCTAssertEqual(try encoder.encode(1e16), "1e+16")
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

/// Containers written as the encoder writes them: in order, nested ones closed when their parent
/// moves on; one filled after that is an error, never a wrong text.
final class JSONTextEncoderContainerTests: XCTestCase {
    private enum Key: String, CodingKey {
        case a, b, c
    }

    private struct InOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            try nested.encode(1, forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            try list.encode(2)
            try list.encode([3])
            try container.encode(4, forKey: .c)
        }
    }

    private struct OutOfOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            try container.encode(1, forKey: .b)
            try nested.encode(2, forKey: .c)
        }
    }

    private class Base: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("base", forKey: .a)
        }
    }

    private final class Derived: Base {
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("derived", forKey: .b)
        }
    }

    private struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    func testNestedContainersInOrder() throws {
        XCTAssertEqual(try JSONTextEncoder().encode(InOrder()), #"{"a":{"b":1},"b":[2,[3]],"c":4}"#)
        XCTAssertEqual(try JSONTextEncoder().encode([InOrder(), InOrder()]).count, 2 * 31 + 3)
    }

    func testAContainerFilledAfterItsParentMovedOnIsAnError() {
        XCTAssertThrowsError(try JSONTextEncoder().encode(OutOfOrder()))
    }

    func testAClassAndItsSuperclassShareOneObject() throws {
        XCTAssertEqual(try JSONTextEncoder().encode(Derived()), #"{"a":"base","b":"derived"}"#)
    }

    func testAValueThatWritesNothingIsAnEmptyObject() throws {
        XCTAssertEqual(try JSONTextEncoder().encode(["x": Nothing()]), #"{"x":{}}"#)
    }
}

/// The direct writer: commas, nesting and escapes as the encoder writes them.
final class JSONTextWriterTests: XCTestCase {
    private struct Pair: JSONTextWritable, Encodable {
        var name: String
        var numbers: [Int]

        func writeJSON(to writer: inout JSONTextWriter) {
            writer.beginObject()
            writer.key("name")
            writer.string(name)
            writer.key("numbers")
            writer.beginArray()
            for number in numbers { writer.integer(number) }
            writer.beginArray()
            writer.endArray()
            writer.bool(true)
            writer.null()
            writer.endArray()
            writer.endObject()
        }
    }

    func testAWritableValueWritesItselfInPlace() throws {
        let pair = Pair(name: "a\u{202E}", numbers: [0, -12, Int.min])
        XCTAssertEqual(
            try JSONTextEncoder().encode(["x": [pair, pair]]),
            "{\"x\":["
                + Array(
                    repeating: #"{"name":"# + JSONCodec.quoted("a\u{202E}")
                        + #","numbers":[0,-12,-9223372036854775808,[],true,null]}"#, count: 2
                ).joined(separator: ",") + "]}")
    }
}
