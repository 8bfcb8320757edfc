import Foundation
import XCTest

@testable import MBMLEngine

/// Coercions (<doc:ContextsAndCoercions>): value → decimal, truthiness, and the helper parsers.
final class CoercionTests: XCTestCase {
    private func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }

    // MARK: <doc:ContextsAndCoercions> value → decimal

    func testDecimalFromStrings() {
        let table: [(String, String)] = [
            ("5", "5"), (" 5", "5"), ("5 ", "5"), ("+5", "5"), ("5.", "5"), (".5", "0.5"), ("-2.50", "-2.5"),
            ("1e3", "1000"), ("1E3", "1000"), ("1E-2", "0.01"), ("2abc", "2"), ("5-3", "5"), ("1,5", "1"),
            ("1.5.2", "1.5"), ("0x10", "0"), ("\n\t 12", "12"), ("1e", "1"), ("1e+2", "100"), ("-0", "0"),
        ]
        for (text, expected) in table {
            XCTAssertEqual(NumericParsing.decimal(from: text), decimal(expected), "\"\(text)\"")
            XCTAssertEqual(Value.string(text).decimalValue, decimal(expected), "\"\(text)\"")
        }
    }

    func testUnparseableStringsAreNil() {
        for text in ["abc", "", "T", "-", ".", "e5", "+", " ", "-.", "$5"] {
            XCTAssertNil(NumericParsing.decimal(from: text), "\"\(text)\"")
            XCTAssertNil(Value.string(text).decimalValue, "\"\(text)\"")
        }
    }

    func testDecimalFromNumbersAndOthers() {
        XCTAssertEqual(Value.decimal(decimal("2.5")).decimalValue, decimal("2.5"))
        XCTAssertEqual(Value.integer(-8).decimalValue, -8)
        XCTAssertEqual(Value.double(1.5).decimalValue, decimal("1.5"))
        XCTAssertEqual(Value.boolean(true).decimalValue, 1)
        XCTAssertEqual(Value.boolean(false).decimalValue, 0)
        for value: Value in [.null, ["1"], ["a": "1"], Value.makeSet(["1"]), .date(Date()), .data(Data([1]))] {
            XCTAssertNil(value.decimalValue, "\(value.typeName)")
        }
        XCTAssertNil(Value.double(.nan).decimalValue)
    }

    func testThirtyEightDigitsSurvive() {
        let digits = "12345678901234567890123456789012345678"
        XCTAssertEqual(Value.string(digits).decimalValue.map { Value.decimal($0).text }, digits)
    }

    // MARK: <doc:ContextsAndCoercions> truthiness

    func testFalseValues() {
        let falsy: [Value?] = [
            nil, .null, .integer(0), .double(0), .double(-0.0), .decimal(0), .boolean(false),
            "", "F", "f", "0",
        ]
        for value in falsy {
            XCTAssertFalse(value.isTruthy, String(describing: value))
        }
    }

    func testTrueValues() {
        let truthy: [Value] = [
            .integer(1), .integer(-1), .double(0.5), .double(-0.5), .decimal(decimal("0.001")), .boolean(true),
            " ", "  ", "T", "t", "1", "0.0", "00", "-0", "N", "no", "false", "FALSE", " F", "nil", "Ff",
            .array([]), .dictionary([:]), .set([]), .date(Date(timeIntervalSince1970: 0)), .data(Data()),
            .object(HostObject()),
        ]
        for value in truthy {
            XCTAssertTrue(value.isTruthy, "\(value.typeName): \(value.text)")
        }
    }

    func testFalseCharactersAreExactlyOneCodeUnit() {
        XCTAssertTrue(Value.string("F\u{301}").isTruthy, "F plus a combining accent is two code units")
        XCTAssertTrue(Value.string("Ｆ").isTruthy, "a full-width F is not F")
    }

    // MARK: <doc:ContextsAndCoercions> helper parsers

    func testDoubleParse() {
        let table: [(String, Double)] = [
            ("abc", 0), ("3 apples", 3), ("1e3", 1000), ("-2.5x", -2.5), ("  4.25", 4.25), ("", 0), (".5", 0.5),
            ("+7", 7), ("1E-2", 0.01),
        ]
        for (text, expected) in table {
            XCTAssertEqual(NumericParsing.double(from: text), expected, "\"\(text)\"")
        }
    }

    func testIntegerParse() {
        let table: [(String, Int)] = [
            ("1.9", 1), (" 2x", 2), ("abc", 0), ("-1", -1), ("+12", 12), ("", 0), ("007", 7), ("1e3", 1),
            ("-", 0), ("99999999999999999999999", Int.max), ("-99999999999999999999999", Int.min),
        ]
        for (text, expected) in table {
            XCTAssertEqual(NumericParsing.integer(from: text), expected, "\"\(text)\"")
        }
    }

    func testNumbersAsIntegersTruncateTowardZero() {
        XCTAssertEqual(Value.decimal(decimal("1.9")).integerValue, 1)
        XCTAssertEqual(Value.decimal(decimal("-1.9")).integerValue, -1)
        XCTAssertEqual(Value.double(2.999).integerValue, 2)
        XCTAssertEqual(Value.double(-2.999).integerValue, -2)
        XCTAssertEqual(Value.boolean(true).integerValue, 1)
        XCTAssertEqual(Value.string("1.9").integerValue, 1)
        XCTAssertNil(Value.null.integerValue)
        XCTAssertNil(Value.array([]).integerValue)
    }

    func testDoubleValueOfNumbers() {
        XCTAssertEqual(Value.decimal(decimal("2.5")).doubleValue, 2.5)
        XCTAssertEqual(Value.integer(3).doubleValue, 3)
        XCTAssertEqual(Value.boolean(false).doubleValue, 0)
        XCTAssertNil(Value.string("3").doubleValue, "doubleValue is for numbers only")
    }

    // MARK: Coercions observed through expressions

    func testCoercionsInExpressions() throws {
        let env = TestEnvironment.make()
        env.variables.declare("spaced", value: " 5 ")
        env.variables.declare("exp", value: "1E-2")
        XCTAssertEqual(try env.evaluate("$spaced", in: .number), .decimal(5))
        XCTAssertEqual(try env.evaluate("$exp", in: .number), .decimal(decimal("0.01")))
        XCTAssertEqual(try env.evaluate("$yes", in: .number), .decimal(1))
        XCTAssertEqual(try env.evaluate("#($exp * 100)", in: .object), .decimal(1))
        XCTAssertEqual(try env.evaluate("$emptyArray", in: .boolean), .boolean(true))
        XCTAssertEqual(try env.evaluate("$decimalValue", in: .boolean), .boolean(true))
    }

    // MARK: <doc:Quirks> quirk checklist

    func testQuirk16_OnlyFewValuesAreFalse() {
        for value: Value? in ["", "F", "f", "0", nil, .null, .integer(0), .decimal(0), .double(0)] {
            XCTAssertFalse(value.isTruthy, String(describing: value))
        }
        for value: Value in ["false", "no", " ", "0.0", .array([]), .dictionary([:])] {
            XCTAssertTrue(value.isTruthy, value.text)
        }
    }
}
