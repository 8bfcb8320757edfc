import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class JSONCodecTests: XCTestCase {
    // MARK: Encoding

    func testEncodesScalars() {
        XCTAssertEqual(JSONCodec.encode(nil), "null")
        XCTAssertEqual(JSONCodec.encode(.null), "null")
        XCTAssertEqual(JSONCodec.encode(.integer(-42)), "-42")
        XCTAssertEqual(JSONCodec.encode(.boolean(true)), "true")
        XCTAssertEqual(JSONCodec.encode(.boolean(false)), "false")
        XCTAssertEqual(JSONCodec.encode(.string("Barrett")), "\"Barrett\"")
    }

    func testEncodesNumbersWithoutNoise() throws {
        let product = try XCTUnwrap(Decimal(string: "3.234")) * XCTUnwrap(Decimal(string: "1.225"))
        XCTAssertEqual(JSONCodec.encode(.decimal(product)), "3.96165")
        XCTAssertEqual(JSONCodec.encode(.decimal(Decimal(5))), "5")
        XCTAssertEqual(JSONCodec.encode(.decimal(try XCTUnwrap(Decimal(string: "-0.0001")))), "-0.0001")
        XCTAssertEqual(JSONCodec.encode(.double(2.0)), "2")
        XCTAssertEqual(JSONCodec.encode(.double(-7.0)), "-7")
        XCTAssertEqual(JSONCodec.encode(.double(0.1)), "0.1")
        XCTAssertEqual(JSONCodec.encode(.double(2.5e-8)), "2.5e-08")
        XCTAssertEqual(JSONCodec.encode(.double(.nan)), #"{"$number":"NaN"}"#)
        XCTAssertEqual(JSONCodec.encode(.double(.infinity)), #"{"$number":"Infinity"}"#)
        XCTAssertEqual(JSONCodec.encode(.double(-.infinity)), #"{"$number":"-Infinity"}"#)
        XCTAssertEqual(JSONCodec.encode(.decimal(.nan)), #"{"$number":"NaN"}"#)
    }

    func testEscapesStrings() {
        XCTAssertEqual(JSONCodec.encode(.string("a\"b\\c\nd\te\u{01}")), #""a\"b\\c\nd\te\u0001""#)
        XCTAssertEqual(JSONCodec.encode(.string("crème 😀")), "\"crème 😀\"")
        XCTAssertEqual(JSONCodec.quoted("/"), "\"/\"")
        // Escapes inside grapheme clusters (CR LF, a quote with a combining accent) cut between scalars.
        XCTAssertEqual(JSONCodec.encode(.string("a\r\nb")), #""a\r\nb""#)
        XCTAssertEqual(JSONCodec.encode(.string("x\"\u{301}y")), "\"x\\\"\u{301}y\"")
        XCTAssertEqual(
            try JSONCodec.decodeTagged(JSONCodec.encode(.string("q\"\u{301}\r\n\u{1F}"))),
            .string("q\"\u{301}\r\n\u{1F}"))
    }

    func testEncodesCollectionsKeepingKeyOrderAndEscapingDollarKeys() {
        let value: Value = ["zeta": 1, "$set": "not a tag", "alpha": [true, .null]]
        XCTAssertEqual(JSONCodec.encode(value), #"{"zeta":1,"$$set":"not a tag","alpha":[true,null]}"#)
    }

    func testEncodesTags() {
        XCTAssertEqual(JSONCodec.encode(Value.makeSet(["a", "b", "a"])), #"{"$set":["a","b"]}"#)
        XCTAssertEqual(
            JSONCodec.encode(.date(Date(timeIntervalSince1970: 530_683_320))),
            #"{"$date":"1986-10-26T04:02:00Z"}"#)
        XCTAssertEqual(
            JSONCodec.encode(.date(Date(timeIntervalSince1970: 1.25))), #"{"$date":"1970-01-01T00:00:01.25Z"}"#)
        XCTAssertEqual(JSONCodec.encode(.date(Date(timeIntervalSince1970: -1))), #"{"$date":"1969-12-31T23:59:59Z"}"#)
        XCTAssertEqual(JSONCodec.encode(.data(Data("hi!".utf8))), #"{"$data":"aGkh"}"#)
    }

    // MARK: Tagged decoding

    func testTaggedRoundTrip() throws {
        let value: Value = [
            "name": "Barrett", "$price": .decimal(Decimal(string: "12.5")!), "count": 3,
            "flags": [true, false, .null],
            "members": Value.makeSet([1, "x"]),
            "born": .date(Date(timeIntervalSince1970: 530_683_320)),
            "blob": .data(Data([0, 1, 2, 255])),
            "nested": ["$$odd": ["deep": [[]]]],
        ]
        let text = JSONCodec.encode(value)
        let decoded = try JSONCodec.decodeTagged(text)
        XCTAssertEqual(decoded, value)
        XCTAssertEqual(
            decoded.dictionaryValue?.keys.elements,
            ["name", "$price", "count", "flags", "members", "born", "blob", "nested"])
        XCTAssertEqual(JSONCodec.encode(decoded), text)
    }

    func testTaggedDecodingOfTags() throws {
        XCTAssertEqual(try JSONCodec.decodeTagged(#"{"$set": [1, 1, 2]}"#), .set([1, 2]))
        XCTAssertEqual(
            try JSONCodec.decodeTagged(#"{"$date": "1986-10-26T00:02:00-04:00"}"#),
            .date(Date(timeIntervalSince1970: 530_683_320)))
        XCTAssertEqual(
            try JSONCodec.decodeTagged(#"{"$date": "1970-01-01T00:00:00.5Z"}"#),
            .date(Date(timeIntervalSince1970: 0.5)))
        XCTAssertEqual(
            try JSONCodec.decodeTagged(#"{"$date": "2000-03-01"}"#),
            .date(Date(timeIntervalSince1970: 951_868_800)))
        XCTAssertEqual(try JSONCodec.decodeTagged(#"{"$data": "aGkh"}"#), .data(Data("hi!".utf8)))
        XCTAssertEqual(try JSONCodec.decodeTagged(#"{"$$set": 1}"#), ["$set": 1])
        XCTAssertEqual(try JSONCodec.decodeTagged("[NaN, -Infinity]").arrayValue?.count, 2)
    }

    func testMalformedTagsAreErrors() {
        assertError(try JSONCodec.decodeTagged(#"[{"$set": 5}]"#), line: 1, column: 2, containing: "$set")
        assertError(try JSONCodec.decodeTagged(#"{"$date": "yesterday"}"#), line: 1, column: 1, containing: "$date")
        assertError(try JSONCodec.decodeTagged(#"{"$data": "!!"}"#), line: 1, column: 1, containing: "base64")
    }

    // MARK: Plain decoding

    func testPlainDecodingKinds() throws {
        let value = try JSONCodec.decodePlain(
            #"{"i": 12, "d": 1.5, "e": 1e3, "t": true, "f": false, "n": null, "s": "x"}"#)
        guard case .dictionary(let entries) = value else { return XCTFail("not a dictionary: \(value)") }
        XCTAssertEqual(entries.keys.elements, ["i", "d", "e", "t", "f", "n", "s"])
        guard case .integer(12)? = entries["i"] else { return XCTFail("i: \(String(describing: entries["i"]))") }
        // Reals that a Decimal holds exactly are decimals, so they print as written.
        guard case .decimal(1.5)? = entries["d"] else { return XCTFail("d: \(String(describing: entries["d"]))") }
        guard case .decimal(1000)? = entries["e"] else { return XCTFail("e: \(String(describing: entries["e"]))") }
        guard case .boolean(true)? = entries["t"], case .boolean(false)? = entries["f"] else {
            return XCTFail("booleans")
        }
        guard case .null? = entries["n"], case .string("x")? = entries["s"] else { return XCTFail("null/string") }
    }

    func testPlainDecodingKeepsTagsAsDictionaries() throws {
        let value = try JSONCodec.decodePlain(#"{"$set": [1], "$$x": 2}"#)
        XCTAssertEqual(value.dictionaryValue?.keys.elements, ["$set", "$$x"])
        assertError(try JSONCodec.decodePlain("NaN"), line: 1, column: 1, containing: "Expected a value")
    }

    func testHugeIntegersKeepTheirDigits() throws {
        guard case .decimal(let decimal) = try JSONCodec.decodePlain("123456789012345678901234567890") else {
            return XCTFail("expected a decimal")
        }
        XCTAssertEqual(decimal.description, "123456789012345678901234567890")
    }

    func testKeyOrderOfManyKeys() throws {
        let keys = (0..<200).map { "k\((($0 * 7919) % 200))" }
        let text = "{" + keys.map { "\"\($0)\": 0" }.joined(separator: ", ") + "}"
        XCTAssertEqual(try JSONCodec.decodePlain(text).dictionaryValue?.keys.elements, keys)
    }

    func testStringEscapesAndUnicode() throws {
        let value = try JSONCodec.decodePlain(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00 ünï""#)
        XCTAssertEqual(value, .string("a\"b\\c/d\n\té😀 ünï"))
        XCTAssertEqual(try JSONCodec.decodePlain(#""\udc00""#), .string("\u{FFFD}"))
    }

    func testByteOrderMarkAndWhitespace() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(" \r\n\t[1]\n".utf8))
        XCTAssertEqual(try JSONCodec.decodePlain(data), [1])
    }

    func testLargeArray() throws {
        let text = "[" + (0..<100_000).map { "{\"id\": \($0), \"name\": \"n\($0)\"}" }.joined(separator: ",") + "]"
        let value = try JSONCodec.decodePlain(text)
        XCTAssertEqual(value.arrayValue?.count, 100_000)
        XCTAssertEqual(value.arrayValue?.last?.dictionaryValue?["name"], "n99999")
    }

    // MARK: Nesting limit

    func testNestingLimit() throws {
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        XCTAssertNoThrow(try JSONCodec.decodePlain(fine))
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        assertError(try JSONCodec.decodePlain(deep), line: 1, column: 513, containing: "nested more than 512")
        let objects = String(repeating: "{\"a\":", count: 10) + "1" + String(repeating: "}", count: 10)
        assertError(try JSONCodec.decodeTagged(objects, maximumDepth: 4), line: 1, column: 21, containing: "nested")
        // Far beyond any stack: still an error, not a crash.
        let absurd = String(repeating: "[", count: 1_000_000)
        assertError(try JSONCodec.decodePlain(absurd), line: 1, column: 513, containing: "nested")
    }

    // MARK: Errors with positions

    func testErrorPositions() {
        assertError(try JSONCodec.decodePlain("{\n  \"a\": tru\n}"), line: 2, column: 8, containing: "Expected a value")
        assertError(try JSONCodec.decodePlain("1 2"), line: 1, column: 3, containing: "after the JSON value")
        assertError(try JSONCodec.decodePlain("[1,\n\"é\" 2]"), line: 2, column: 5, containing: "',' or ']'")
        assertError(try JSONCodec.decodePlain("\n  \"open"), line: 2, column: 3, containing: "Unterminated string")
        assertError(try JSONCodec.decodePlain("\"a\nb\""), line: 1, column: 3, containing: "Control character")
        assertError(try JSONCodec.decodePlain("01"), line: 1, column: 2, containing: "leading zero")
        assertError(try JSONCodec.decodePlain("[1.]"), line: 1, column: 4, containing: "decimal point")
        assertError(try JSONCodec.decodePlain("{\"a\" 1}"), line: 1, column: 6, containing: "':'")
        assertError(try JSONCodec.decodePlain("{1: 2}"), line: 1, column: 2, containing: "string key")
        assertError(try JSONCodec.decodePlain("\"\\x\""), line: 1, column: 3, containing: "Invalid escape")
        assertError(try JSONCodec.decodePlain(""), line: 1, column: 1, containing: "end of the input")
        assertError(try JSONCodec.decodePlain("[1, 2"), line: 1, column: 6, containing: "end of the input")
    }

    func testErrorDescription() {
        let error = JSONDecodingError("Boom", line: 3, column: 7, offset: 20)
        XCTAssertEqual(error.description, "3:7: Boom")
    }

    // MARK: Helpers

    private func assertError(
        _ expression: @autoclosure () throws -> Value, line: Int, column: Int, containing text: String,
        file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        do {
            let value = try expression()
            XCTFail("expected an error, got \(value)", file: file, line: lineNumber)
        } catch let error as JSONDecodingError {
            XCTAssertEqual(error.line, line, "line of \(error)", file: file, line: lineNumber)
            XCTAssertEqual(error.column, column, "column of \(error)", file: file, line: lineNumber)
            XCTAssertTrue(
                error.message.contains(text), "\"\(error.message)\" lacks \"\(text)\"", file: file, line: lineNumber)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: lineNumber)
        }
    }
}

final class DataFileSpecTests: XCTestCase {
    func testParsesSpecifications() throws {
        XCTAssertEqual(
            try DataFileSpec(parsing: "cats=data/cats.json"), DataFileSpec(name: "cats", path: "data/cats.json"))
        XCTAssertEqual(try DataFileSpec(parsing: "$cats=a=b.json"), DataFileSpec(name: "cats", path: "a=b.json"))
        XCTAssertThrowsError(try DataFileSpec(parsing: "cats.json"))
        XCTAssertThrowsError(try DataFileSpec(parsing: "=cats.json"))
        XCTAssertThrowsError(try DataFileSpec(parsing: "cats="))
    }

    func testDeclaresTheFileInAnEnvironment() throws {
        let scratch = try ScratchFolder(prefix: "datafiles")
        let folder = scratch.url
        try scratch.write(#"{"cats": ["Barrett", "Duncan"], "count": 2}"#, to: "pets.json")
        try scratch.write("{\n  \"a\": [1,,]\n}", to: "broken.json")

        let environment = Environment()
        try DataFileSpec(parsing: "pets=pets.json").declare(in: environment, relativeTo: folder)
        XCTAssertEqual(environment.variables["pets"], ["cats": ["Barrett", "Duncan"], "count": 2])

        XCTAssertThrowsError(try DataFileSpec(parsing: "x=broken.json").declare(in: environment, relativeTo: folder)) {
            error in
            let description = String(describing: error)
            XCTAssertTrue(description.hasSuffix("broken.json:2:11: Expected a value, found ','"), description)
        }
        XCTAssertThrowsError(try DataFileSpec(parsing: "x=missing.json").load(relativeTo: folder)) { error in
            guard case DataFileError.unreadable? = error as? DataFileError else { return XCTFail("\(error)") }
        }
        XCTAssertNil(environment.variables["x"])
    }
}

/// JSON reals that a `Decimal` holds exactly load as decimals; the rest as doubles.
final class JSONDecimalNumberTests: XCTestCase {
    private func number(_ text: String) throws -> Value {
        try JSONCodec.decodePlain(text)
    }

    func testExactRealsAreDecimalsAndPrintAsWritten() throws {
        XCTAssertEqual(try number("99.99"), .decimal(Decimal(string: "99.99")!))
        XCTAssertEqual(try number("99.99").text, "99.99")
        XCTAssertEqual(try number("-0.5e1").text, "-5")
        XCTAssertEqual(try number("1.25E-3").text, "0.00125")
        XCTAssertEqual(try number("120.000").text, "120")
        guard case .decimal = try number("0.0") else { return XCTFail("0.0 is a decimal zero") }
    }

    func testIntegersStayIntegers() throws {
        guard case .integer(42) = try number("42") else { return XCTFail("42") }
        guard case .integer(-7) = try number("-7") else { return XCTFail("-7") }
    }

    func testOutOfDecimalRangeFallsBackToDouble() throws {
        guard case .double(let huge) = try number("1e300") else { return XCTFail("1e300 is a double") }
        XCTAssertEqual(huge, 1e300)
        guard case .double = try number("0.123456789012345678901234567890123456789123") else {
            return XCTFail("more than 38 significant digits is a double")
        }
        guard case .decimal = try number("0.12345678901234567890123456789012345678") else {
            return XCTFail("38 significant digits is a decimal")
        }
    }

    func testMathOnLoadedRealsIsDecimal() throws {
        let environment = Environment()
        environment.variables.declare("d", value: try JSONCodec.decodePlain(#"{"price": 0.1, "tax": 0.2}"#))
        XCTAssertEqual(try environment.evaluate("#($d.price + $d.tax)", in: .number)?.text, "0.3")
        XCTAssertEqual(try environment.evaluate("Total: $d.price", in: .string), "Total: 0.1")
    }
}

/// Records of one shape share their keys; each keeps its own values.
final class JSONObjectShapeTests: XCTestCase {
    func testRecordsOfOneShapeKeepTheirOwnValues() throws {
        let value = try JSONCodec.decodePlain(#"[{"a":1,"b":{"x":1}},{"a":2,"b":{"x":2}},{"b":3,"a":4},{"a":5,"a":6}]"#)
        XCTAssertEqual(JSONCodec.encode(value), #"[{"a":1,"b":{"x":1}},{"a":2,"b":{"x":2}},{"b":3,"a":4},{"a":6}]"#)
    }

    func testManyShapesStillDecodeCorrectly() throws {
        let records = (0..<600).map { #"{"k\#($0 % 300)":\#($0),"v":\#($0)}"# }.joined(separator: ",")
        guard case .array(let items) = try JSONCodec.decodePlain("[" + records + "]") else { return XCTFail("array") }
        XCTAssertEqual(items.count, 600)
        XCTAssertEqual(items[599].dictionaryValue?["k299"], .integer(599))
        XCTAssertEqual(items[599].dictionaryValue?["v"], .integer(599))
        XCTAssertEqual(items[299].dictionaryValue?["k299"], .integer(299))
    }
}
