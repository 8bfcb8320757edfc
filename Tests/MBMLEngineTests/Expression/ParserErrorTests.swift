import Foundation
import XCTest

@testable import MBMLEngine

/// Error messages, kinds and positions (<doc:ExpressionSyntax>). Ranges are UTF-16 code units of the
/// top-level expression, pointing at the offending token however deeply it is nested.
final class ParserErrorTests: ExpressionTestCase {
    // MARK: <doc:ExpressionSyntax> parse-time errors

    func testOperatorWithoutRightOperandInsideMathExpression() {
        assertError(
            marked: "#(1 1️⃣+2️⃣)", .object,
            message: "The operator \"+\" requires both left and right operands")
    }

    func testOperatorErrorPositionIsAbsolute() {
        assertError(
            marked: "Total: #(1 1️⃣+2️⃣)", .string,
            message: "The operator \"+\" requires both left and right operands")
        assertError(
            marked: "^array(a|#(1 1️⃣+2️⃣))", .object,
            message: "The operator \"+\" requires both left and right operands")
        assertError(
            marked: "^eval(#(1 1️⃣+2️⃣))", .object,
            message: "The operator \"+\" requires both left and right operands")
        assertError(
            marked: "$cats[#(1 1️⃣+2️⃣)]", .object,
            message: "The operator \"+\" requires both left and right operands")
    }

    func testOperatorErrorPositionInsideCurlyReference() {
        assertError(
            marked: "${cats[#(1 1️⃣+2️⃣)]}", .object,
            message: "The operator \"+\" requires both left and right operands")
    }

    func testOperatorErrorPositionCountsUTF16Units() {
        // é is one unit, 😀 two.
        assertError(
            marked: "é😀 #(1 1️⃣+2️⃣)", .object,
            message: "The operator \"+\" requires both left and right operands")
    }

    func testOperatorErrorsInNumberContext() {
        assertError(marked: "1 1️⃣+2️⃣", .number, message: "The operator \"+\" requires both left and right operands")
        assertError(marked: "1️⃣-2️⃣ 5", .number, message: "The operator \"-\" requires both left and right operands")
        assertError(
            marked: "1️⃣-2️⃣$five", .number,
            message: "The operator \"-\" requires both left and right operands")
    }

    /// <doc:ExpressionSyntax>: `**` is two operators; the captured one fails validation.
    func testDoubleOperatorIsError() {
        assertError(
            marked: "#(0 *1️⃣*2️⃣ 0)", .object,
            message: "The operator \"*\" requires both left and right operands")
        assertError(
            marked: "2 * 1️⃣-2️⃣ 3", .number,
            message: "The operator \"-\" requires both left and right operands")
        for expression in ["#(1 // 2)", "#(1 %% 2)", "#(1 ++ 2)"] {
            assertError(expression, .object, containing: "requires both left and right operands")
        }
    }

    func testComparatorWithoutOperand() {
        assertError(
            marked: "1️⃣==2️⃣ T", .boolean,
            message: "The operator \"==\" requires both left and right operands")
        assertError(
            marked: "T 1️⃣==2️⃣", .boolean,
            message: "The operator \"==\" requires both left and right operands")
        assertError(
            marked: "T 1️⃣-AND2️⃣", .boolean,
            message: "The operator \"-AND\" requires both left and right operands")
        assertError(
            marked: "a <1️⃣>2️⃣ b", .boolean,
            message: "The operator \">\" requires both left and right operands")
    }

    func testDoubleNegationIsParseError() {
        assertError(marked: "!1️⃣!2️⃣T", .boolean, message: "The operator \"!\" requires an operand")
    }

    func testNegationAtEndIsMissingRightOperand() {
        assertError(marked: "T 1️⃣!2️⃣", .boolean, message: "Missing right operand")
    }

    func testCurlyReferenceMustBeOneVariableReference() {
        assertError(
            marked: "1️⃣${this will fail}2️⃣", .object,
            message: "expecting exactly one MBMLVariableReferenceToken here", kind: .syntax)
        assertError(
            "${this } fail}", .object, message: "expecting exactly one MBMLVariableReferenceToken here",
            kind: .syntax)
        assertError(
            marked: "x 1️⃣${a b}2️⃣ y", .string, message: "expecting exactly one MBMLVariableReferenceToken here",
            kind: .syntax)
        assertError("${$name}", .object, message: "expecting exactly one MBMLVariableReferenceToken here")
    }

    func testSyntaxErrorInsideKnownFunctionParameters() {
        assertError(
            marked: "^array(1️⃣${a b}2️⃣)", .object,
            message: "expecting exactly one MBMLVariableReferenceToken here")
    }

    /// <doc:ExpressionSyntax>: parameters of undeclared functions are not tokenized, so syntax errors there go unreported;
    /// evaluation fails with "Can't find MBMLFunction declaration".
    func testUndeclaredFunctionHidesSyntaxErrors() {
        assertError(
            marked: "1️⃣^nosuch(${a b})2️⃣", .object, message: "Can't find MBMLFunction declaration for: ^nosuch()",
            kind: .evaluation)
    }

    /// <doc:ExpressionSyntax>: unbalanced brackets, unknown escapes, stray operators are not parse errors.
    func testThingsThatAreNotParseErrors() {
        for expression in ["#(1 + 2", "a)b(c", "$[abc", "\\q", "+ - * /", "^foo(", "]]", "}{", "$", "#"] {
            XCTAssertNoThrow(try env.parse(expression, grammar: .object), expression)
            assertString(expression, .object, expression)
        }
    }

    // MARK: <doc:ExpressionSyntax> evaluation-time errors

    func testExpectingOneValueInMathExpression() {
        for marked in ["1️⃣#(1 1)2️⃣", "1️⃣#(2+3)2️⃣", "1️⃣#(1 -1)2️⃣", "1️⃣#()2️⃣"] {
            assertError(marked: marked, .object, message: "Expecting one and only one value here", kind: .generic)
        }
        assertError(marked: "x 1️⃣#(1 1)2️⃣", .string, message: "Expecting one and only one value here")
    }

    func testMathGroupingWithTwoValues() {
        assertError(marked: "1️⃣(1 1)2️⃣ + 2", .number, message: "Expecting one and only one value here")
    }

    func testBooleanNeedsExactlyOneValue() {
        let error = assertError(
            marked: "$name 1️⃣$count2️⃣", .boolean, message: "expecting one and only one value here",
            kind: .evaluation)
        XCTAssertEqual(error?.tokenText, "$count", "the reported token is the second one")
        assertError("hello world == x", .boolean, message: "expecting one and only one value here")
        assertError(marked: "a 1️⃣=2️⃣ b", .boolean, message: "expecting one and only one value here")
        assertError("$name == Cooper Smith", .boolean, message: "expecting one and only one value here")
    }

    func testBooleanGroupingNeedsExactlyOneValue() {
        assertError(marked: "1️⃣(a b)2️⃣ -OR T", .boolean, message: "expecting one and only one value here")
    }

    func testNumberContextResultNotANumber() {
        assertError(
            "$name", .number, message: "expression result could not be interpreted as an NSNumber",
            kind: .evaluation)
        assertError("abc def", .number, message: "expression result could not be interpreted as an NSNumber")
    }

    func testOperandNotANumber() {
        assertError(
            marked: "#(1 + 1️⃣T2️⃣)", .object, message: "Right operand couldn't be interpreted as a number: \"T\"")
        assertError(
            marked: "#(1️⃣T2️⃣ + 1)", .object, message: "Left operand couldn't be interpreted as a number: \"T\"")
        assertError(
            marked: "#(1️⃣$missing2️⃣ + 1)", .object,
            message: "Left operand couldn't be interpreted as a number: \"$missing\"")
        assertError("$cats * 2", .number, message: "Left operand couldn't be interpreted as a number: \"$cats\"")
    }

    func testDivisionAndModuloByZero() {
        assertError(
            marked: "#(0 1️⃣/2️⃣ 0)", .object, message: "It is mathematically irresponsible to divide by zero")
        assertError(
            marked: "#(5 1️⃣%2️⃣ 0)", .object,
            message:
                "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero"
        )
        assertError(
            "5 % 0.5", .number,
            message:
                "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero"
        )
    }

    func testContainedValueErrors() {
        assertError(
            marked: "$genders1️⃣[$missing]2️⃣", .object, message: "Couldn't determine contained value of token")
        assertError(
            marked: "1️⃣$[]2️⃣", .object, message: "Couldn't determine key to use for obtaining value of token")
        assertError("$()", .object, message: "Couldn't determine key to use for obtaining value of token")
        assertError("${}", .object, message: "Couldn't determine key to use for obtaining value of token")
        assertError(
            marked: "$cats1️⃣[]2️⃣", .object, message: "Couldn't determine key to use for obtaining value of token")
    }

    func testNoSuchKey() {
        let error = assertError(marked: "$name1️⃣.foo2️⃣", .object, kind: .evaluation)
        XCTAssertTrue(
            error?.message.hasPrefix("No such key \"foo\" for object of type ") == true,
            error?.message ?? "")
        let indexing = assertError(marked: "$name1️⃣[0]2️⃣", .object)
        XCTAssertTrue(
            indexing?.message.hasPrefix("No such key \"0\" for object of type ") == true,
            indexing?.message ?? "")
    }

    func testUnknownFunctions() {
        assertError(
            marked: "1️⃣^nosuch(1)2️⃣", .object, message: "Can't find MBMLFunction declaration for: ^nosuch()",
            kind: .evaluation)
        assertError("^()", .object, message: "Can't find MBMLFunction declaration for: ^(null)()")
        assertError(
            marked: "a 1️⃣^nosuch()2️⃣ b", .string, message: "Can't find MBMLFunction declaration for: ^nosuch()")
    }

    func testFunctionErrorsNameTheFunction() {
        let error = assertError(marked: "x 1️⃣^if()2️⃣", .string, kind: .function)
        XCTAssertTrue(error?.message.hasPrefix("^if()") == true, error?.message ?? "")
        XCTAssertTrue(error?.message.contains("expected input parameters, but got none") == true, error?.message ?? "")
        let tooMany = assertError("^if(a|b|c|d)", .object, kind: .function)
        XCTAssertTrue(
            tooMany?.message.contains("expected at least 1 and at most 3 input parameters, but got 4 instead") == true,
            tooMany?.message ?? "")
    }

    /// Errors raised while a function evaluates text of its own are reported at the call.
    func testInnerEvaluationErrorsAreReportedAtTheCall() throws {
        env.variables.declare("broken", value: "#(1 +)")
        let error = assertError(marked: "ab 1️⃣^eval($broken)2️⃣", .string)
        XCTAssertTrue(
            error?.message.contains("The operator \"+\" requires both left and right operands") == true,
            error?.message ?? "")
        XCTAssertTrue(error?.message.hasPrefix("^eval()") == true, error?.message ?? "")
    }

    func testErrorsInSecondTokenAbortWholeExpression() {
        assertError("$name ^nosuch() $count", .object, message: "Can't find MBMLFunction declaration for: ^nosuch()")
    }

    // MARK: <doc:ExpressionSyntax> the logged form

    func testLoggedDescription() {
        let error = assertError("#(1 +)", .object)
        XCTAssertEqual(
            error?.loggedDescription,
            "The operator \"+\" requires both left and right operands; offending clause: \"+\" in expression: \"#(1 +)\""
        )
        let syntax = assertError("${a b}", .object)
        XCTAssertEqual(
            syntax?.loggedDescription,
            "Syntax error: expecting exactly one MBMLVariableReferenceToken here; offending expression: \"${a b}\"")
        let evaluation = assertError("$name", .number)
        XCTAssertTrue(
            evaluation?.loggedDescription.hasPrefix(
                "Evaluation error: expression result could not be interpreted as an NSNumber") == true)
        let function = assertError("^if()", .object)
        XCTAssertTrue(
            function?.loggedDescription.hasPrefix("Execution error: ^if()") == true,
            function?.loggedDescription ?? "")
    }

    // MARK: <doc:ContextsAndCoercions> defaults and <doc:ExpressionSyntax> reporting

    func testDefaultsOnErrors() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        XCTAssertEqual(env.evaluate("#(1 +)", in: .object, default: "fallback"), "fallback")
        XCTAssertEqual(env.evaluate("$name", in: .number, default: .integer(7)), .integer(7))
        XCTAssertEqual(env.evaluate("$a $b", in: .boolean, default: .boolean(true)), .boolean(true))
        XCTAssertEqual(log.lines.count, 3, "errors without an error slot are logged")
        XCTAssertTrue(log.lines.first?.contains("requires both left and right operands") == true)
    }

    func testDefaultsOnNothing() {
        XCTAssertEqual(env.evaluate("$missing", in: .object, default: "d"), "d")
        XCTAssertEqual(env.evaluate("$missing", in: .string, default: "d"), "d")
        XCTAssertEqual(env.evaluate("$missing", in: .number, default: .integer(4)), .integer(4))
        XCTAssertEqual(
            env.evaluate("abc", in: .number, default: .integer(4)), .integer(4), "shortcut failure: no error")
        // A well-formed false boolean is false whatever the default.
        XCTAssertEqual(env.evaluate("$missing", in: .boolean, default: .boolean(true)), .boolean(false))
        XCTAssertEqual(env.evaluate("F", in: .boolean, default: .boolean(true)), .boolean(false))
        XCTAssertEqual(env.evaluate("", in: .object, default: "d"), "d")
    }

    func testEmptyExpressionIsNotAnError() throws {
        for context in ExpressionContext.allCases {
            XCTAssertNil(try env.evaluate("", in: context), "\(context)")
        }
        XCTAssertNil(try env.evaluateAsArray(""))
        XCTAssertFalse(try env.evaluateBoolean(""))
    }

    /// The pipeline and defaults of <doc:ContextsAndCoercions>: an empty expression returns the caller's default in every
    /// context, the boolean context included.
    func testEmptyBooleanExpressionReturnsDefault() {
        XCTAssertEqual(env.evaluate("", in: .boolean, default: .boolean(true)), .boolean(true))
        XCTAssertEqual(env.evaluate("", in: .boolean, default: .boolean(false)), .boolean(false))
    }
}
