import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class MathFunctionsTests: XCTestCase {
    // MARK: Helpers

    private func definition(_ name: String) throws -> FunctionDefinition {
        try FunctionHarness().definition(name)
    }

    private func call(_ name: String, _ input: FunctionInput) throws -> Value? {
        try FunctionHarness().call(name, input)
    }

    private func math(_ name: String, _ values: Value...) throws -> Value? {
        try call(name, .values(values))
    }

    private func assertFails(
        _ name: String, _ input: FunctionInput, message: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        FunctionHarness().assertFails(name, input, message: message, file: file, line: line)
    }

    private func decimal(_ text: String) -> Value { .decimal(Decimal(string: text)!) }

    private func number(_ value: Value?, file: StaticString = #filePath, line: UInt = #line) -> Decimal? {
        guard let value else { XCTFail("no value", file: file, line: line); return nil }
        return value.decimalValue
    }

    // MARK: Declarations

    func testDeclarations() throws {
        let expected: [String: FunctionInputType] = [
            "mod": .pipedMath, "modFloat": .pipedMath, "percent": .pipedExpressions, "ceil": .math,
            "floor": .math, "round": .math, "min": .pipedMath, "max": .pipedMath, "randomPercent": .none,
            "random": .pipedMath, "arrayFilledWithIntegers": .pipedMath,
        ]
        XCTAssertEqual(Set(MathFunctions.all.map(\.name)), Set(expected.keys))
        for function in MathFunctions.all {
            XCTAssertEqual(function.input, expected[function.name], function.name)
            XCTAssertEqual(function.category, .math)
            XCTAssertTrue(function.signature.hasPrefix("^\(function.name)("), function.signature)
            XCTAssertFalse(function.summary.isEmpty)
        }
    }

    // MARK: mod / modFloat

    func testModTruncatesAndFollowsDividendSign() throws {
        XCTAssertEqual(try math("mod", decimal("21"), decimal("5")), .integer(1))
        XCTAssertEqual(try math("mod", decimal("-7"), decimal("3")), .integer(-1))
        XCTAssertEqual(try math("mod", decimal("7.9"), decimal("3")), .integer(1))
        XCTAssertEqual(try math("mod", "abc", decimal("3")), .integer(0), "non-numeric text counts as 0")
        assertFails("mod", .values([decimal("21"), decimal("0")]))
        assertFails("mod", .values([decimal("5"), decimal("0.5")]), message: MathFunctions.moduloByZero.message)
        assertFails("mod", .values([decimal("21")]), message: "expected exactly 2 input parameters, but got 1 instead")
        assertFails("mod", .absent, message: "expected input parameters, but got none")
    }

    func testModFloat() throws {
        XCTAssertEqual(number(try math("modFloat", decimal("10.75"), decimal(".5"))), Decimal(string: "0.25"))
        XCTAssertEqual(number(try math("modFloat", decimal("21"), decimal("4"))), 1)
        XCTAssertEqual(try math("modFloat", decimal("1.1"), decimal("0.5"))?.text, "0.1", "no binary noise")
        XCTAssertEqual(number(try math("modFloat", decimal("-7.5"), decimal("2"))), Decimal(string: "-1.5"))
        XCTAssertEqual(try math("modFloat", .double(10.75), .double(0.5)), .double(0.25))
        assertFails("modFloat", .values([decimal("21"), decimal("0")]))
        assertFails("modFloat", .values([.double(21), .double(0)]))
        assertFails("modFloat", .values([decimal("21"), decimal("7"), decimal("0")]))
    }

    func testNullPipedMathParameter() throws {
        assertFails(
            "min", .values([decimal("1"), .null]),
            message: "expected input parameter at index 1 to contain a number value, but got \"<null>\" (Null) instead")
        XCTAssertEqual(try math("mod", .null, decimal("3")), .integer(0), "null counts as 0 for ^mod")
    }

    // MARK: Rounding

    func testCeilFloorRound() throws {
        XCTAssertEqual(number(try call("ceil", .value(decimal("1.1")))), 2)
        XCTAssertEqual(number(try call("ceil", .value(decimal("-1.9")))), -1)
        XCTAssertEqual(number(try call("floor", .value(decimal("-1.1")))), -2)
        XCTAssertEqual(number(try call("floor", .value(decimal("1.9")))), 1)
        XCTAssertEqual(number(try call("round", .value(decimal("1.5")))), 2)
        XCTAssertEqual(number(try call("round", .value(decimal("-1.5")))), -2)
        XCTAssertEqual(number(try call("round", .value(decimal("2.5")))), 3, "halves away from zero")
        XCTAssertEqual(number(try call("round", .value(decimal("1.49")))), 1)
        XCTAssertEqual(number(try call("round", .value(.double(-2.5)))), -3)
        XCTAssertEqual(number(try call("floor", .value("5.7"))), 5, "a numeric string has a number form")
        XCTAssertEqual(try call("ceil", .value(.integer(4))), .integer(4))
        XCTAssertEqual(try call("ceil", .value(decimal("12345678901234567890.5")))?.text, "12345678901234567891")
    }

    func testRoundingErrors() {
        for name in ["ceil", "floor", "round"] {
            assertFails(name, .absent, message: "expected input parameter, but got none")
            assertFails(name, .value(.null), message: "expected input parameter, but got a null value")
            assertFails(
                name, .value("string"),
                message:
                    "expected input parameter at index 0 to contain a number value, but got \"string\" (String) instead"
            )
            assertFails(name, .value(.array([1])))
        }
    }

    // MARK: min / max

    func testMinMax() throws {
        XCTAssertEqual(try math("min", decimal("0"), decimal("1")), decimal("0"))
        XCTAssertEqual(try math("max", decimal("0.001"), decimal("0.002"))?.text, "0.002")
        XCTAssertEqual(try math("min", .array(["3", "1"]), decimal("2")), decimal("1"))
        XCTAssertEqual(try math("max", .array([.array([decimal("9")]), "4"]), decimal("2")), decimal("9"))
        XCTAssertEqual(try math("max", .integer(3), "7"), decimal("7"), "result is a decimal number")
    }

    func testMinMaxErrors() {
        assertFails("min", .values([decimal("50")]), message: "expected exactly 2 input parameters, but got 1 instead")
        assertFails("max", .values([decimal("50"), decimal("100"), decimal("200")]))
        assertFails("min", .values([decimal("50"), "string"]))
        assertFails("max", .values([.array([]), .array([])]))
        assertFails("max", .values([.array(["x"]), decimal("1")]))
        assertFails("min", .absent)
    }

    // MARK: random

    func testRandom() throws {
        XCTAssertEqual(try math("random", decimal("5"), decimal("5")), .integer(5))
        for _ in 0..<50 {
            let value = try XCTUnwrap(try math("random", decimal("-5"), decimal("5"))?.integerValue)
            XCTAssertTrue((-5...5).contains(value))
            let single = try XCTUnwrap(try math("random", decimal("3.9"))?.integerValue)
            XCTAssertTrue((0...3).contains(single))
        }
        let percent = try XCTUnwrap(try call("randomPercent", .absent)?.doubleValue)
        XCTAssertTrue((0...1).contains(percent))
        assertFails("random", .absent)
        assertFails("random", .values(["num"]))
        assertFails("random", .values([decimal("0"), decimal("1"), decimal("2")]))
        assertFails("random", .values([decimal("6"), decimal("5")]))
    }

    // MARK: arrayFilledWithIntegers

    func testArrayFilledWithIntegers() throws {
        XCTAssertEqual(try math("arrayFilledWithIntegers", decimal("1"), decimal("5")), [1, 2, 3, 4, 5])
        XCTAssertEqual(
            try math("arrayFilledWithIntegers", decimal("0"), decimal("10"), decimal("2")),
            [0, 2, 4, 6, 8, 10])
        XCTAssertEqual(try math("arrayFilledWithIntegers", decimal("0"), decimal("9"), decimal("4")), [0, 4, 8])
        XCTAssertEqual(try math("arrayFilledWithIntegers", decimal("5"), decimal("1")), [])
        assertFails("arrayFilledWithIntegers", .values([decimal("10")]))
        assertFails("arrayFilledWithIntegers", .values(["string", decimal("10")]))
        assertFails("arrayFilledWithIntegers", .values([decimal("1"), decimal("10"), decimal("0")]))
        assertFails("arrayFilledWithIntegers", .values([decimal("1"), decimal("10"), decimal("-1")]))
        assertFails("arrayFilledWithIntegers", .values([decimal("0"), decimal("1000000")]))
        assertFails("arrayFilledWithIntegers", .values([.integer(Int.min), .integer(Int.max)]))
    }

    // MARK: percent

    func testPercentFormatValidation() {
        for format in ["%.0f%%", "%3.1f%%", "%.2f percent", "%e", "%-+ #08.3g", "%lf"] {
            XCTAssertNoThrow(try PercentFormat.validate(format), format)
        }
        for format in ["", "no conversion", "%s", "%d", "%@", "%f %f", "%*f", "%.1000f", "%", "%n", "%Lf"] {
            XCTAssertThrowsError(try PercentFormat.validate(format), format)
        }
        XCTAssertEqual(PercentFormat.format("%.0f%%", 41.02), "41%")
        XCTAssertEqual(PercentFormat.format("%.0f%%", .infinity), "inf%")
        XCTAssertEqual(PercentFormat.format("%.0f%%", .nan), "nan%")
    }

    func testPercentCountErrors() {
        assertFails("percent", .absent, message: "expected input parameters, but got none")
        assertFails("percent", .expressions(["%3.1f%%"]))
        assertFails("percent", .expressions(["%.1f", "1", "2", "3"]))
        assertFails("percent", .expressions(["%s", "1", "2"]))
    }

    // MARK: Through the evaluator

    private func evaluate(_ expression: String, _ context: ExpressionContext = .object) throws -> Value? {
        try Environment().evaluate(expression, in: context)
    }

    func testPercentEndToEnd() throws {
        XCTAssertEqual(try evaluate("^percent(32|78)"), "41%")
        XCTAssertEqual(try evaluate("^percent(%.2f percent|13|38)"), "34.21 percent")
        XCTAssertEqual(try evaluate("^percent(%3.1f%%|0.5|1.0)"), "50.0%")
        XCTAssertEqual(try evaluate("^percent(1|0)"), "inf%")
        XCTAssertEqual(try evaluate("^percent(0|0)"), "nan%")
        XCTAssertEqual(try evaluate("^percent(#(1 + 1)|4)"), "50%")
        XCTAssertThrowsError(try evaluate("^percent(|)"))
        XCTAssertThrowsError(try evaluate("^percent(1.0|string)"))
        XCTAssertThrowsError(try evaluate("^percent(%s|1|2)"))
    }

    func testMathParametersEndToEnd() throws {
        XCTAssertEqual(try evaluate("^min(100 | (20 * 10))", .number), .decimal(100))
        XCTAssertEqual(try evaluate("^max(-1 + 1|-2)"), .decimal(0))
        XCTAssertEqual(try evaluate("^ceil(-2.9 + 1.0)"), .decimal(-1))
        XCTAssertEqual(try evaluate("^round($undefined)"), .integer(0), "an undefined variable counts as 0")
        XCTAssertEqual(try evaluate("^mod(21|5)", .number), .decimal(1))
        XCTAssertEqual(try evaluate("^modFloat(10.75|.5)")?.text, "0.25")
        XCTAssertEqual(try evaluate("^arrayFilledWithIntegers(1|3)"), [1, 2, 3])
        XCTAssertEqual(try evaluate("^random(5|5)"), .integer(5))
        XCTAssertThrowsError(try evaluate("^min(1|)"), "empty numeric parameter")
        XCTAssertThrowsError(try evaluate("^ceil( )"), "empty numeric parameter")
        XCTAssertThrowsError(try evaluate("^floor()"))
    }
}
