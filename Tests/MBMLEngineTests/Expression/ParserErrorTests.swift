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
            "${this will fail}", .object, message: "expecting exactly one MBMLVariableReferenceToken here",
            range: SourceRange(location: 0, length: 17), kind: .syntax)
        assertError(
            "${this } fail}", .object, message: "expecting exactly one MBMLVariableReferenceToken here",
            kind: .syntax)
        assertError(
            "x ${a b} y", .string, message: "expecting exactly one MBMLVariableReferenceToken here",
            range: SourceRange(location: 2, length: 6), kind: .syntax)
        assertError("${$name}", .object, message: "expecting exactly one MBMLVariableReferenceToken here")
    }

    func testSyntaxErrorInsideKnownFunctionParameters() {
        assertError(
            "^array(${a b})", .object, message: "expecting exactly one MBMLVariableReferenceToken here",
            range: SourceRange(location: 7, length: 6))
    }

    /// <doc:ExpressionSyntax>: parameters of undeclared functions are not tokenized, so syntax errors there go unreported;
    /// evaluation fails with "Can't find MBMLFunction declaration".
    func testUndeclaredFunctionHidesSyntaxErrors() {
        assertError(
            "^nosuch(${a b})", .object, message: "Can't find MBMLFunction declaration for: ^nosuch()",
            range: SourceRange(location: 0, length: 15), kind: .evaluation)
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
        for (expression, range) in [
            ("#(1 1)", SourceRange(location: 0, length: 6)),
            ("#(2+3)", SourceRange(location: 0, length: 6)),
            ("#(1 -1)", SourceRange(location: 0, length: 7)),
            ("#()", SourceRange(location: 0, length: 3)),
        ] {
            assertError(
                expression, .object, message: "Expecting one and only one value here", range: range,
                kind: .generic)
        }
        assertError(
            "x #(1 1)", .string, message: "Expecting one and only one value here",
            range: SourceRange(location: 2, length: 6))
    }

    func testMathGroupingWithTwoValues() {
        assertError(
            "(1 1) + 2", .number, message: "Expecting one and only one value here",
            range: SourceRange(location: 0, length: 5))
    }

    func testBooleanNeedsExactlyOneValue() {
        let error = assertError(
            "$name $count", .boolean, message: "expecting one and only one value here",
            range: SourceRange(location: 6, length: 6), kind: .evaluation)
        XCTAssertEqual(error?.tokenText, "$count", "the reported token is the second one")
        assertError("hello world == x", .boolean, message: "expecting one and only one value here")
        assertError(
            "a = b", .boolean, message: "expecting one and only one value here",
            range: SourceRange(location: 2, length: 1))
        assertError("$name == Cooper Smith", .boolean, message: "expecting one and only one value here")
    }

    func testBooleanGroupingNeedsExactlyOneValue() {
        assertError(
            "(a b) -OR T", .boolean, message: "expecting one and only one value here",
            range: SourceRange(location: 0, length: 5))
    }

    func testNumberContextResultNotANumber() {
        assertError(
            "$name", .number, message: "expression result could not be interpreted as an NSNumber",
            kind: .evaluation)
        assertError("abc def", .number, message: "expression result could not be interpreted as an NSNumber")
    }

    func testOperandNotANumber() {
        assertError(
            "#(1 + T)", .object, message: "Right operand couldn't be interpreted as a number: \"T\"",
            range: SourceRange(location: 6, length: 1))
        assertError(
            "#(T + 1)", .object, message: "Left operand couldn't be interpreted as a number: \"T\"",
            range: SourceRange(location: 2, length: 1))
        assertError(
            "#($missing + 1)", .object,
            message: "Left operand couldn't be interpreted as a number: \"$missing\"",
            range: SourceRange(location: 2, length: 8))
        assertError("$cats * 2", .number, message: "Left operand couldn't be interpreted as a number: \"$cats\"")
    }

    func testDivisionAndModuloByZero() {
        assertError(
            "#(0 / 0)", .object, message: "It is mathematically irresponsible to divide by zero",
            range: SourceRange(location: 4, length: 1))
        assertError(
            "#(5 % 0)", .object,
            message:
                "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero",
            range: SourceRange(location: 4, length: 1))
        assertError(
            "5 % 0.5", .number,
            message:
                "It is mathematically irresponsible to perform the modulo operation using a divisor whose value is zero"
        )
    }

    func testContainedValueErrors() {
        assertError(
            "$genders[$missing]", .object, message: "Couldn't determine contained value of token",
            range: SourceRange(location: 8, length: 10))
        assertError(
            "$[]", .object, message: "Couldn't determine key to use for obtaining value of token",
            range: SourceRange(location: 0, length: 3))
        assertError("$()", .object, message: "Couldn't determine key to use for obtaining value of token")
        assertError("${}", .object, message: "Couldn't determine key to use for obtaining value of token")
        assertError(
            "$cats[]", .object, message: "Couldn't determine key to use for obtaining value of token",
            range: SourceRange(location: 5, length: 2))
    }

    func testNoSuchKey() {
        let error = assertError("$name.foo", .object, range: SourceRange(location: 5, length: 4), kind: .evaluation)
        XCTAssertTrue(
            error?.message.hasPrefix("No such key \"foo\" for object of type ") == true,
            error?.message ?? "")
        let indexing = assertError("$name[0]", .object, range: SourceRange(location: 5, length: 3))
        XCTAssertTrue(
            indexing?.message.hasPrefix("No such key \"0\" for object of type ") == true,
            indexing?.message ?? "")
    }

    func testUnknownFunctions() {
        assertError(
            "^nosuch(1)", .object, message: "Can't find MBMLFunction declaration for: ^nosuch()",
            range: SourceRange(location: 0, length: 10), kind: .evaluation)
        assertError("^()", .object, message: "Can't find MBMLFunction declaration for: ^(null)()")
        assertError(
            "a ^nosuch() b", .string, message: "Can't find MBMLFunction declaration for: ^nosuch()",
            range: SourceRange(location: 2, length: 9))
    }

    func testFunctionErrorsNameTheFunction() {
        let error = assertError("x ^if()", .string, kind: .function)
        XCTAssertEqual(error?.range, SourceRange(location: 2, length: 5))
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
        let error = assertError("ab ^eval($broken)", .string, range: SourceRange(location: 3, length: 14))
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
