import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class EncodingFunctionsTests: XCTestCase {
    private let giltData = Data("http://tech.gilt.com/".utf8)

    private func call(_ name: String, _ input: FunctionInput) throws -> Value? {
        try FunctionHarness().call(name, input)
    }

    private func assertFails(
        _ name: String, _ input: FunctionInput, message: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        FunctionHarness().assertFails(name, input, message: message, file: file, line: line)
    }

    func testDeclarations() {
        let expected: [String: FunctionInputType] = [
            "MD5": .string, "MD5FromString": .string, "MD5FromData": .object, "SHA1": .string,
            "SHA1FromString": .string, "SHA1FromData": .object, "base64FromData": .object,
            "dataFromBase64": .string, "hexStringFromData": .object, "dataFromHexString": .string,
        ]
        XCTAssertEqual(EncodingFunctions.all.count, 10)
        for function in EncodingFunctions.all {
            XCTAssertEqual(function.input, expected[function.name], function.name)
            XCTAssertEqual(function.category, .encoding)
        }
    }

    func testStringDigests() throws {
        for name in ["MD5", "MD5FromString"] {
            XCTAssertEqual(try call(name, .text("12 Galaxies")), "51eae4327df7f0617eaaf305832fe219")
            XCTAssertEqual(try call(name, .text("abc")), "900150983cd24fb0d6963f7d28e17f72")
            XCTAssertEqual(try call(name, .text("")), "d41d8cd98f00b204e9800998ecf8427e")
            XCTAssertNil(try call(name, .absent))
        }
        for name in ["SHA1", "SHA1FromString"] {
            XCTAssertEqual(try call(name, .text("12 Galaxies")), "b9f4599289911696e76d1e401a449dbf3dd97b72")
            XCTAssertEqual(try call(name, .text("abc")), "a9993e364706816aba3e25717850c26c9cd0d89d")
            XCTAssertNil(try call(name, .absent))
        }
        XCTAssertEqual(try call("MD5", .text("abc\u{0}def")), try call("MD5", .text("abc")), "stops at NUL")
    }

    func testDataDigests() throws {
        XCTAssertEqual(try call("MD5FromData", .value(.data(giltData))), "70e21f8a4493cac0d6f5bd5a717f3907")
        XCTAssertEqual(try call("SHA1FromData", .value(.data(giltData))), "ae29de41365b29ea4bd1f5c888f5a161c5cd7bfe")
        for name in ["MD5FromData", "SHA1FromData", "base64FromData", "hexStringFromData"] {
            assertFails(name, .absent, message: "expected input parameter, but got none")
            assertFails(name, .value(.null), message: "expected input parameter, but got a null value")
            assertFails(
                name, .value("string"),
                message: "expected input parameter to be of type Data, but got String instead")
            assertFails(name, .value(.array([])))
        }
    }

    func testBase64() throws {
        XCTAssertEqual(try call("base64FromData", .value(.data(Data("abc".utf8)))), "YWJj")
        XCTAssertEqual(try call("base64FromData", .value(.data(giltData))), "aHR0cDovL3RlY2guZ2lsdC5jb20v")
        XCTAssertEqual(try call("dataFromBase64", .text("aHR0cDovL3RlY2guZ2lsdC5jb20v")), .data(giltData))
        XCTAssertEqual(try call("dataFromBase64", .text("YWI=")), .data(Data("ab".utf8)))
        XCTAssertNil(try call("dataFromBase64", .text("not base64!")))
        XCTAssertNil(try call("dataFromBase64", .text("YW\nJj")), "line breaks are not accepted")
        XCTAssertEqual(try call("dataFromBase64", .text("")), .data(Data()))
        assertFails("dataFromBase64", .absent)
    }

    func testHex() throws {
        XCTAssertEqual(
            try call("hexStringFromData", .value(.data(giltData))),
            "687474703a2f2f746563682e67696c742e636f6d2f")
        XCTAssertEqual(try call("hexStringFromData", .value(.data(Data()))), "")
        XCTAssertEqual(try call("hexStringFromData", .value(.data(Data([0x00, 0xff, 0x0a])))), "00ff0a")
        XCTAssertEqual(
            try call("dataFromHexString", .text("687474703a2f2f746563682e67696c742e636f6d2f")),
            .data(giltData))
        XCTAssertEqual(try call("dataFromHexString", .text("616263")), .data(Data("abc".utf8)))
        XCTAssertEqual(try call("dataFromHexString", .text("6162f")), .data(Data("ab".utf8)), "odd digit ignored")
        XCTAssertEqual(try call("dataFromHexString", .text("DEADbeef")), .data(Data([0xde, 0xad, 0xbe, 0xef])))
        XCTAssertEqual(try call("dataFromHexString", .text("61é2")), .data(Data()), "non-ASCII gives empty Data")
        XCTAssertEqual(try call("dataFromHexString", .text("")), .data(Data()))
        assertFails(
            "dataFromHexString", .text("6g"), message: "expected hexadecimal digits, but found \"g\" at offset 1")
        assertFails("dataFromHexString", .absent)
    }

    // MARK: Through the evaluator

    func testNestedCallsThroughTheEvaluator() throws {
        let environment = Environment()
        XCTAssertEqual(
            try environment.evaluate("^MD5FromData(^dataFromBase64(aHR0cDovL3RlY2guZ2lsdC5jb20v))", in: .object),
            "70e21f8a4493cac0d6f5bd5a717f3907")
        XCTAssertEqual(
            try environment.evaluate("^SHA1FromData(^dataFromHexString(616263))", in: .object),
            "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(try environment.evaluate("^hexStringFromData(^dataFromBase64(YWJj))", in: .object), "616263")
        XCTAssertEqual(try environment.evaluate("^MD5($undefined)", in: .object), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertNil(try environment.evaluate("^dataFromBase64(not base64!)", in: .object))
        XCTAssertNil(try environment.evaluate("^MD5()", in: .object))
        XCTAssertThrowsError(try environment.evaluate("^SHA1FromData($undefined)", in: .object))
        XCTAssertThrowsError(try environment.evaluate("^dataFromHexString()", in: .object))
    }
}
