import Foundation
import XCTest

@testable import MBMLEngine

/// The number context (<doc:ContextsAndCoercions>, <doc:ExpressionSyntax>).
final class NumberContextTests: ExpressionTestCase {
    private func decimal(_ text: String) -> Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
    }

    // MARK: <doc:ContextsAndCoercions> constant shortcut

    func testShortcutParsesWholeStringAsDecimal() {
        assertNumber("7%3", 7)
        assertNumber("7 % 3", 1)
        assertNil("(5)", .number)
        assertNumber("(5 )", 5)
        assertNumber("1e3", 1000)
        assertNil("abc", .number)
        assertError("abc def", .number, message: "expression result could not be interpreted as an NSNumber")
        assertNumber("1.5.2", decimal("1.5"))
        assertNumber("42", 42)
        assertNumber("0.25", decimal("0.25"))
        for expression in ["7%3", "(5)", "1e3", "abc", "1.5.2", "42"] {
            XCTAssertNil(
                env.cache.tokens(for: expression, grammar: .math), "\(expression): shortcut answers are never cached")
        }
        XCTAssertNotNil(env.cache.tokens(for: "(5 )", grammar: .math))
    }

    func testEveryMarkerForcesTokenization() {
        // `-` is a marker: `-5` is tokenized as a numeric literal.
        assertNumber("-5", -5)
        assertNumber("+5", 5)
        assertNumber("2*3", 6)
        assertNumber("8/2", 4)
        assertNumber("$five", 5)
        assertNumber("#(4)", 4)
        assertNumber("^q(7)", 7)
        // Space is a marker: `1e3 ` is tokenized as 1, e, 3, then concatenated and parsed (<doc:ContextsAndCoercions>).
        assertNumber("1e3 ", 1000)
    }

    // MARK: <doc:ExpressionSyntax> signs belong to numbers

    func testSignsGluedToDigitsBelongToTheNumber() {
        assertNumber("2 + 3", 5)
        assertNumber("2 - 3", -1)
        assertNumber("2 * -3", -6)
        assertNumber("-2 - -2", 0)
        assertNumber("2+3", 23)
        assertNumber("2 -3", 2)
        assertNumber("5 -3", 5)
        assertNumber("2 - .5", decimal("1.5"))
        assertNumber("1 1", 11)
        assertNumber("7 %3", 1)
    }

    func testInsideMathExpressionExactlyOneValue() {
        for expression in ["#(2+3)", "#(1 -1)", "#(1 1)", "#(1e3)", "#(1.5.2)"] {
            assertError(expression, .object, message: "Expecting one and only one value here")
        }
    }

    func testNumericLiteralForms() {
        assertValue("#(5.)", .object, .decimal(5))
        assertValue("#(.5)", .object, .decimal(decimal("0.5")))
        assertValue("#(-0)", .object, .decimal(0))
        assertValue("#(+3)", .object, .decimal(3))
        assertValue("#(+2 + +2)", .object, .decimal(4))
    }

    func testLiteralTextInMathGrammar() {
        // `abc123` is the literal `abc` then 123; their text does not parse as a number.
        assertError("abc123 ", .number, message: "expression result could not be interpreted as an NSNumber")
        assertError("#(x + 1)", .object, message: "Left operand couldn't be interpreted as a number: \"x\"")
    }

    // MARK: <doc:ExpressionSyntax> precedence

    func testPrecedenceAndAssociativity() {
        assertNumber("1 - 2 - 3", -4)
        assertNumber("8 / 2 / 2", 2)
        assertNumber("1 + 2 * 3", 7)
        assertNumber("2 * 3 + 1", 7)
        assertNumber("10 - 4 / 2", 8)
        assertNumber("7 % 4 * 2", 6)
        assertNumber("((5 * 2) - 5)", 5)
        assertNumber("2.5 * 2", 5)
        assertNumber("10 / 2", 5)
        assertNumber("#(1 + 1 + (1))", 3)
        assertNumber("(1 + 2) * 3", 9)
        assertNumber("#(1 + 2) * 3", 9)
        assertNumber("3 * #(1 + 2)", 9)
        assertNumber("2 * #(1 + 2) * 2", 12)
    }

    func testNoUnaryMinus() {
        assertError("-$five", .number, containing: "requires both left and right operands")
        assertError("- 5", .number, containing: "requires both left and right operands")
        assertNumber("-5", -5)
        assertNumber("0 - $five", -5)
        assertNumber("-1 * $five", -5)
    }

    func testOperatorErrors() {
        for expression in ["#(0 ** 0)", "#(1 +)", "#(* 2)", "#(1 // 2)"] {
            assertError(expression, .object, containing: "requires both left and right operands")
        }
    }

    // MARK: <doc:ExpressionSyntax> decimal arithmetic

    func testExactDecimalArithmetic() {
        assertNumber("0.1 + 0.2", decimal("0.3"))
        assertNumber("3.234 * 1.225", decimal("3.96165"))
        assertNumber("2000 - 1499.50", decimal("500.5"))
        assertNumber("10 / 4", decimal("2.5"))
        assertNumber("0.000001 * 1", decimal("0.000001"))
        assertNumber("99999999999999999999 + 1", decimal("100000000000000000000"))
    }

    func testNonTerminatingDivisionHas38SignificantDigits() throws {
        let result = try XCTUnwrap(try evaluate("10 / 3", .number)?.decimalValue)
        let third = decimal("3.3333333333333333333333333333333333333")
        XCTAssertLessThan(abs(NSDecimalNumber(decimal: result - third).doubleValue), 1e-30)
        let text = try XCTUnwrap(try evaluate("#(10 / 3)", .string)?.stringValue)
        XCTAssertTrue(text.hasPrefix("3.33333333333333333333333333333333333"), text)
        XCTAssertLessThanOrEqual(text.count, 40, text)
    }

    func testDivisionByZero() {
        assertError("10 / 0", .number, message: "It is mathematically irresponsible to divide by zero")
        assertError("#(0 / 0)", .object, message: "It is mathematically irresponsible to divide by zero")
        assertError("1 / $zero", .number, message: "It is mathematically irresponsible to divide by zero")
    }

    func testModulo() {
        assertNumber("7 % 3", 1)
        assertNumber("-7 % 3", -1)
        assertNumber("7 % -3", 1)
        assertNumber("7.9 % 3", 1)
        assertNumber("25 % 10", 5)
        assertNumber("7 % 3.9", 1)
        let zero =
            "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero"
        assertError("5 % 0", .number, message: zero)
        assertError("5 % 0.5", .number, message: zero)
    }

    func testOverflowIsAnError() {
        env.variables.declare("huge", value: "1e120")
        assertNumber("$huge * 1", decimal("1e120"))
        assertError("$huge * $huge", .number)
    }

    func testOperandsAreCoercedFromStringsAndBooleans() {
        assertNumber("$five * 2", 10)
        assertNumber("$count * 2", 6)
        assertNumber("$yes + $yes", 2)
        assertNumber("$decimalValue * 2", 5)
        env.variables.declare("padded", value: " 7 apples")
        assertNumber("$padded + 1", 8)
        assertError("$name + 1", .number, message: "Left operand couldn't be interpreted as a number: \"$name\"")
        assertError("1 + $missing", .number, message: "Right operand couldn't be interpreted as a number: \"$missing\"")
    }

    // MARK: <doc:ContextsAndCoercions> combining

    func testResultIsConvertedToDecimal() {
        assertNumber("$five", 5)
        assertNumber("$count", 3)
        assertNumber("$cats.count", 3)
        assertNumber("$yes", 1)
        assertNumber("$cats.count * 2", 6)
        assertError("$name", .number, message: "expression result could not be interpreted as an NSNumber")
        assertError("$cats", .number, message: "expression result could not be interpreted as an NSNumber")
        assertNil("$missing", .number)
    }

    func testResultKindIsDecimal() throws {
        guard case .decimal? = try evaluate("$count", .number) else { return XCTFail("integers become decimals") }
        guard case .decimal? = try evaluate("$five", .number) else { return XCTFail("strings become decimals") }
    }

    func testAdjacentValuesAreConcatenatedThenParsed() {
        assertNumber("$count $count", 33)
        // The literal `.5` is the decimal 0.5, whose text is "0.5": "5" + "0.5".
        assertNumber("$five .5", decimal("50.5"))
        assertNumber("1 $missing 2", 12)
    }

    func testMathGroupingsAndBracketsInNumberContext() {
        assertNumber("$arr[1 + 1]", 30)
        assertNumber("$arr[0] + $arr[2]", 40)
        assertNumber("$arr.count * ($arr[1] - 5)", 45)
    }

    func testFunctionsInNumberContext() {
        assertNumber("^parseInteger(-5.25) * 2", -10)
        assertNumber("^array(1|2|3).count + 1", 4)
    }

    func testEscapesAreNotRecognised() {
        // `\n` is literal text in the math grammar, so the result is not a number.
        assertError("\\n 1", .number, message: "expression result could not be interpreted as an NSNumber")
    }

    // MARK: <doc:Quirks> quirk checklist (number context items)

    func testQuirk03_ConstantShortcutDecidesWithoutParsing() {
        assertNumber("7%3", 7)
        assertNil("(5)", .number)
        assertBoolean("(F)", true)
        assertBoolean("false", true)
    }

    func testQuirk04_SignsGlueToDigits() {
        assertNumber("2+3", 23)
        assertNumber("2 -3", 2)
        assertError("#(2+3)", .object, message: "Expecting one and only one value here")
    }

    func testQuirk05_NoUnaryMinusOnNonLiterals() {
        assertError("-$five", .number, containing: "requires both left and right operands")
        assertError("#(-$count)", .object, containing: "requires both left and right operands")
    }

    // MARK: Names glue to dashes and digits

    func testDashAfterVariableNameIsPartOfTheName() {
        assertNil("$count-1", .number)
        assertNumber("$count -1", 3)
        assertNumber("$count - 1", 2)
        assertNumber("$count*2", 6)
    }

    func testCallsWithSubreferencesInArithmetic() {
        assertNumber("^array(1|2)[1] * 3", 6)
        assertNumber("$cats[#($cats.count - 1)].length + 0", 5)
    }
}
