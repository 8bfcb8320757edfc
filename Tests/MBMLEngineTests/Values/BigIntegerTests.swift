import Foundation
import MBMLEngine
import XCTest

/// Numbers as JSON holds them (<doc:ContextsAndCoercions>): an integer with more digits than a
/// decimal holds exactly keeps every digit, read whole or lazily, printed, written and compared.
final class BigIntegerTests: XCTestCase {
    /// A 300-digit integer, its negation, one of 40 digits and one just past it.
    private let digits300 = "9" + String(repeating: "0123456789", count: 29) + "876543210"
    private let digits40 = "1234567890123456789012345678901234567891"
    private let digits40Plus1 = "1234567890123456789012345678901234567892"

    private var documentText: String {
        #"{"big": \#(digits300), "neg": -\#(digits300), "forty": \#(digits40), "next": \#(digits40Plus1), "#
            + #""list": [\#(digits40Plus1), 5, \#(digits40)], "tens": 1\#(String(repeating: "0", count: 200))}"#
    }

    private func environments() throws -> [(String, Environment)] {
        let text = documentText
        return try [
            ("whole", JSONCodec.decodePlain(text)),
            ("lazy", JSONCodec.decodePlainLazily(Array(text.utf8))),
        ].map { name, value in
            let environment = Environment()
            environment.variables.declare("d", value: value)
            return (name, environment)
        }
    }

    func testTheDigitsAreKeptWholeAndLazily() throws {
        XCTAssertEqual(digits300.count, 300)
        for (name, environment) in try environments() {
            XCTAssertEqual(try environment.evaluate("$d.big", in: .string)?.text, digits300, name)
            XCTAssertEqual(try environment.evaluate("$d.neg", in: .string)?.text, "-" + digits300, name)
            XCTAssertEqual(try environment.evaluate("$d.forty", in: .object)?.text, digits40, name)
            XCTAssertEqual(
                try environment.evaluate("$d.tens", in: .object)?.text, "1" + String(repeating: "0", count: 200), name)
            XCTAssertEqual(try environment.evaluate("$d.big.stringValue.length", in: .object), .integer(300), name)
            guard case .bigInteger(let number)? = try environment.evaluate("$d.big", in: .object) else {
                return XCTFail("\(name): not a big integer")
            }
            XCTAssertEqual(String(number.digits), digits300)
            XCTAssertFalse(number.isNegative)
            XCTAssertEqual(try environment.evaluate("$d.big", in: .object)?.typeName, "Number", name)
        }
    }

    func testJSONOutputWritesEveryDigit() throws {
        for (name, environment) in try environments() {
            let list = try environment.evaluate("$d.list", in: .object)
            XCTAssertEqual(JSONCodec.encode(list), "[\(digits40Plus1),5,\(digits40)]", name)
            let whole = try XCTUnwrap(try environment.evaluate("$d", in: .object))
            XCTAssertEqual(try JSONCodec.decodePlain(JSONCodec.encode(whole)), whole, name)
            XCTAssertTrue(JSONCodec.encode(whole).contains("\"big\":\(digits300)"), name)
        }
    }

    func testEqualityAndOrderAreExact() throws {
        for (name, environment) in try environments() {
            func truth(_ expression: String) throws -> Bool {
                try environment.evaluate(expression, in: .boolean) == .boolean(true)
            }
            XCTAssertTrue(try truth("$d.forty == $d.list[2]"), name)
            XCTAssertFalse(try truth("$d.forty == $d.next"), "differ in the last digit only: \(name)")
            XCTAssertTrue(try truth("$d.forty < $d.next"), name)
            XCTAssertTrue(try truth("$d.big > $d.forty"), name)
            XCTAssertTrue(try truth("$d.neg < $d.forty"), name)
            XCTAssertTrue(try truth("$d.neg < 5"), name)
            XCTAssertTrue(try truth("$d.forty > 5"), name)
            XCTAssertFalse(try truth("$d.big == $d.neg"), name)
            XCTAssertEqual(
                JSONCodec.encode(try environment.evaluate("^sort($d.list)", in: .object)),
                "[5,\(digits40),\(digits40Plus1)]", name)
            XCTAssertEqual(
                try environment.evaluate("^count(^unique(^array($d.forty|$d.list[2]|$d.next)))", in: .object),
                .integer(2), name)
        }
        let forty = try XCTUnwrap(BigInteger(digitText: Array(digits40.utf8)))
        let decimal40 = try XCTUnwrap(Decimal(string: "1234567890123456789012345678901234567890"))
        XCTAssertEqual(Comparison.compare(.bigInteger(forty), .decimal(decimal40)), .orderedDescending)
        XCTAssertEqual(Comparison.compare(.decimal(decimal40), .bigInteger(forty)), .orderedAscending)
        XCTAssertEqual(Comparison.compare(.bigInteger(forty), .integer(.max)), .orderedDescending)
        XCTAssertNotEqual(Value.bigInteger(forty), .decimal(decimal40))
    }

    func testMathWorksOnTheNearestDecimalAndRefusesWhatIsOutOfRange() throws {
        for (name, environment) in try environments() {
            XCTAssertEqual(
                try environment.evaluate("#($d.forty + 0)", in: .number)?.text,
                "1234567890123456789012345678901234567800", name)
            XCTAssertThrowsError(try environment.evaluate("#($d.big + 1)", in: .number), name) { error in
                XCTAssertTrue("\(error)".contains("outside the range of decimal arithmetic"), "\(error)")
            }
            XCTAssertEqual(try environment.evaluate("$d.forty", in: .number)?.text, digits40, name)
        }
    }

    func testLiteralsKeepTheirDigits() throws {
        let environment = Environment()
        let literal = String(repeating: "1234567890", count: 30)
        XCTAssertEqual(try environment.evaluate("#(\(literal))", in: .number)?.text, literal)
        XCTAssertEqual(try environment.evaluate(literal, in: .number)?.text, literal, "the constant shortcut")
        XCTAssertEqual(try environment.evaluate("#(-\(literal))", in: .number)?.text, "-" + literal)
        XCTAssertEqual(
            try environment.evaluate("#(12345678901234567890123)", in: .number)?.text, "12345678901234567890123")
        guard case .decimal? = try environment.evaluate("#(12345678901234567890123)", in: .number) else {
            return XCTFail("an integer a decimal holds stays a decimal")
        }
    }

    func testTheCaseMakesNoValueLarger() {
        // A decimal is the largest payload; every array of values pays for each byte past it.
        XCTAssertLessThanOrEqual(MemoryLayout<BigInteger>.size, MemoryLayout<Decimal>.size)
        XCTAssertLessThanOrEqual(MemoryLayout<Value>.stride, 24)
    }

    func testIntegersADecimalHoldsStayDecimalsAndRealsStayDoubles() throws {
        guard case .decimal = try JSONCodec.decodePlain("12345678901234567890123") else {
            return XCTFail("23 digits is a decimal")
        }
        guard case .bigInteger = try JSONCodec.decodePlain(digits40) else { return XCTFail("40 digits") }
        guard case .double = try JSONCodec.decodePlain("1" + String(repeating: "0", count: 200) + ".5") else {
            return XCTFail("a real past decimal range is a double")
        }
    }
}
