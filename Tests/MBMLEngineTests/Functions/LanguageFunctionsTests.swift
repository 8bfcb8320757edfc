import Foundation
import XCTest

@testable import MBMLEngine

/// What each function input type receives (<doc:FunctionCalls>), observed with test-only
/// recorder functions, and the functions that shape the language (<doc:FunctionCalls>).
final class LanguageFunctionsTests: ExpressionTestCase {
    /// Calls `^rec(<parameters>)` declared with `input` and returns the recorded input description.
    private func received(
        _ input: FunctionInputType, _ parameters: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> String? {
        let recorder = declareRecorder("rec", input: input)
        do {
            _ = try env.evaluate("^rec(\(parameters))", in: .object)
        } catch {
            XCTFail("^rec(\(parameters)) as \(input) threw \(error)", file: file, line: line)
        }
        XCTAssertEqual(recorder.inputs.count, 1, "called once", file: file, line: line)
        return recorder.last
    }

    // MARK: <doc:FunctionCalls> empty parentheses

    func testEmptyParenthesesGiveAbsentInputForEveryType() {
        for input in FunctionInputType.allCases {
            XCTAssertEqual(received(input, ""), "absent", "\(input)")
        }
    }

    func testInputTypeNoneIgnoresText() {
        XCTAssertEqual(received(.none, "anything $name | here"), "absent")
    }

    // MARK: raw

    func testRawReceivesExactText() {
        XCTAssertEqual(received(.raw, " a $name | b\\n ^x( ) "), "text(\" a $name | b\\\\n ^x( ) \")")
        XCTAssertEqual(received(.raw, "$$"), "text(\"$$\")")
        XCTAssertEqual(received(.raw, " "), "text(\" \")")
        XCTAssertEqual(received(.raw, "a(b)c"), "text(\"a(b)c\")")
    }

    // MARK: string

    func testStringReceivesEvaluatedText() {
        XCTAssertEqual(received(.string, "$count"), "text(\"3\")")
        XCTAssertEqual(received(.string, "$missing"), "text(\"\")")
        XCTAssertEqual(received(.string, "a $name"), "text(\"a Cooper\")")
        XCTAssertEqual(received(.string, "$$"), "text(\"$\")")
        XCTAssertEqual(received(.string, "a|b"), "text(\"a|b\")", "not split")
        XCTAssertEqual(received(.string, " spaced "), "text(\" spaced \")", "not trimmed")
        XCTAssertEqual(received(.string, "$yes"), "text(\"1\")")
    }

    // MARK: object

    func testObjectReceivesValue() {
        XCTAssertEqual(received(.object, "$count"), "value(integer(3))")
        XCTAssertEqual(received(.object, "$missing"), "value(null)")
        XCTAssertEqual(received(.object, "a $count"), "value(string(\"a 3\"))")
        XCTAssertEqual(
            received(.object, "$cats"), "value(array[string(\"Barrett\"), string(\"Duncan\"), string(\"Gabby\")])")
        XCTAssertEqual(received(.object, "#(1 + 1)"), "value(decimal(2))")
        XCTAssertEqual(received(.object, "a|b"), "value(string(\"a|b\"))")
        XCTAssertEqual(received(.object, " "), "value(string(\" \"))")
    }

    // MARK: math

    func testMathReceivesValueWithoutCoercion() {
        XCTAssertEqual(received(.math, "$five"), "value(string(\"5\"))")
        XCTAssertEqual(received(.math, "2 + 3"), "value(decimal(5))")
        XCTAssertEqual(received(.math, "7"), "value(decimal(7))")
        XCTAssertEqual(received(.math, "$count"), "value(integer(3))")
        XCTAssertEqual(
            received(.math, "$cats"), "value(array[string(\"Barrett\"), string(\"Duncan\"), string(\"Gabby\")])")
    }

    func testMathReceivesZeroForNothing() {
        let recorder = declareRecorder("rec", input: .math)
        _ = try? env.evaluate("^rec($missing)", in: .object)
        guard case .value(let value)? = recorder.inputs.last else { return XCTFail("no value") }
        XCTAssertTrue(value.isNumber)
        XCTAssertEqual(value.decimalValue, 0)
    }

    // MARK: pipedExpressions (<doc:FunctionCalls> normalized source)

    func testPipedExpressionsReceiveNormalizedSource() {
        XCTAssertEqual(
            received(.pipedExpressions, "T|${nameMap[Jill].species}s|NO"),
            "expressions([\"T\", \"${nameMap[Jill].species}s\", \"NO\"])")
        XCTAssertEqual(
            received(.pipedExpressions, "$$name| a\\nb |^q(x)|$name.length[0]"),
            "expressions([\"$name\", \" a\\nb \", \"^q(x)\", \"$name.length[0]\"])")
        XCTAssertEqual(received(.pipedExpressions, "##1|^^2|\\t"), "expressions([\"#1\", \"^2\", \"\\t\"])")
        XCTAssertEqual(
            received(.pipedExpressions, "#(1 + 2)|^array(a|b)[1]|$(x y).z"),
            "expressions([\"#(1 + 2)\", \"^array(a|b)[1]\", \"$(x y).z\"])")
    }

    /// <doc:FunctionCalls> Port: a bracket reference keeps its subreferences.
    func testPipedExpressionsKeepBracketReferenceSubreferences() {
        XCTAssertEqual(
            received(.pipedExpressions, "$[Barrett Test].species"),
            "expressions([\"$[Barrett Test].species\"])")
    }

    func testPipedExpressionsEmptyParameters() {
        XCTAssertEqual(received(.pipedExpressions, "a|"), "expressions([\"a\", \"\"])")
        XCTAssertEqual(received(.pipedExpressions, "|"), "expressions([\"\", \"\"])")
        XCTAssertEqual(received(.pipedExpressions, "||"), "expressions([\"\", \"\", \"\"])")
        XCTAssertEqual(received(.pipedExpressions, "|a"), "expressions([\"\", \"a\"])")
        XCTAssertEqual(received(.pipedExpressions, " "), "expressions([\" \"])")
    }

    func testPipedExpressionsAreNotEvaluated() {
        XCTAssertEqual(
            received(.pipedExpressions, "^nosuch()|#(1 + T)|$missing.foo"),
            "expressions([\"^nosuch()\", \"#(1 + T)\", \"$missing.foo\"])")
    }

    // MARK: pipedStrings and pipedObjects

    func testPipedStrings() {
        XCTAssertEqual(
            received(.pipedStrings, "$count|$missing|a b| c"),
            "values([string(\"3\"), string(\"\"), string(\"a b\"), string(\" c\")])")
        XCTAssertEqual(received(.pipedStrings, "a|"), "values([string(\"a\"), string(\"\")])")
        XCTAssertEqual(received(.pipedStrings, "$$|$yes"), "values([string(\"$\"), string(\"1\")])")
    }

    func testPipedObjects() {
        XCTAssertEqual(
            received(.pipedObjects, "$count|$missing|#(2 * 2)"),
            "values([integer(3), null, decimal(4)])")
        XCTAssertEqual(received(.pipedObjects, "a|"), "values([string(\"a\"), null])")
        XCTAssertEqual(received(.pipedObjects, "|"), "values([null, null])")
        XCTAssertEqual(received(.pipedObjects, "a | b"), "values([string(\"a \"), string(\" b\")])")
        XCTAssertEqual(received(.pipedObjects, "^q(a|b)|c"), "values([string(\"a|b\"), string(\"c\")])")
        XCTAssertEqual(received(.pipedObjects, "(a|b)"), "values([string(\"(a\"), string(\"b)\")])")
        XCTAssertEqual(received(.pipedObjects, "x $count|y"), "values([string(\"x 3\"), string(\"y\")])")
    }

    // MARK: pipedMath

    func testPipedMath() {
        XCTAssertEqual(
            received(.pipedMath, "1 + 2|$five|$missing|(2) * 3"),
            "values([decimal(3), string(\"5\"), integer(0), decimal(6)])")
        XCTAssertEqual(received(.pipedMath, " 4 | 5 "), "values([decimal(4), decimal(5)])")
    }

    func testPipedMathEmptyParameterIsAnError() {
        declareRecorder("rec", input: .pipedMath)
        assertError("^rec(1|)", .object)
        assertError("^rec(1| )", .object)
    }

    // MARK: Evaluation order and errors (<doc:FunctionCalls> common rules)

    func testParametersEvaluatedLeftToRightBeforeTheCall() {
        let order = declareRecorder("mark", input: .raw, result: "m")
        let outer = declareRecorder("outer", input: .pipedObjects)
        _ = try? env.evaluate("^outer(^mark(1)|^mark(2)|^mark(3))", in: .object)
        XCTAssertEqual(order.inputs.map(InputRecorder.describe), ["text(\"1\")", "text(\"2\")", "text(\"3\")"])
        XCTAssertEqual(outer.last, "values([string(\"m\"), string(\"m\"), string(\"m\")])")
    }

    func testParameterErrorFailsTheCallWithoutCallingIt() {
        let recorder = declareRecorder("rec", input: .pipedObjects)
        assertError("x ^rec(a|^nosuch())", .string, message: "Can't find MBMLFunction declaration for: ^nosuch()")
        XCTAssertTrue(recorder.inputs.isEmpty)
    }

    // MARK: <doc:FunctionCalls> output and <doc:FunctionCalls> errors

    func testNilResultIsNothing() {
        declareRecorder("nothing", input: .raw)
        assertNil("^nothing(x)", .object)
        assertString("a^nothing(x)b", .object, "ab")
        XCTAssertEqual(try env.evaluateAsArray("a^nothing(x)"), ["a", .null])
    }

    func testFunctionErrorsFailTheExpression() {
        env.declare(
            FunctionDefinition(
                "fail", input: .raw, signature: "^fail(x)", category: .debug,
                summary: "Test-only."
            ) { _ in throw FunctionError("it broke") })
        assertError(marked: "a 1️⃣^fail(x)2️⃣ b", .string, message: "^fail() it broke", kind: .function)
        let logged = env.evaluate("^fail(x)", in: .object, default: "d")
        XCTAssertEqual(logged, "d")
    }

    func testThrownErrorsBecomeThrewException() {
        struct Oops: Error, CustomStringConvertible { var description: String { "oops" } }
        env.declare(
            FunctionDefinition(
                "oops", input: .raw, signature: "^oops(x)", category: .debug,
                summary: "Test-only."
            ) { _ in throw Oops() })
        let error = assertError("^oops(x)", .object, kind: .function)
        XCTAssertTrue(error?.message.hasPrefix("^oops() threw exception") == true, error?.message ?? "")
    }

    func testStandardValidationMessages() {
        XCTAssertEqual(
            FunctionError.count(exactly: 2, got: 3).message, "expected exactly 2 input parameters, but got 3 instead")
        XCTAssertEqual(
            FunctionError.count(atLeast: 2, got: 1).message, "expected at least 2 input parameters, but got 1 instead")
        XCTAssertEqual(
            FunctionError.count(atMost: 2, got: 3).message,
            "expected no more than 2 input parameters, but got 3 instead")
        XCTAssertEqual(
            FunctionError.count(atLeast: 1, atMost: 3, got: 4).message,
            "expected at least 1 and at most 3 input parameters, but got 4 instead")
        XCTAssertEqual(FunctionError.noParameters.message, "expected input parameters, but got none")
        XCTAssertEqual(FunctionError.noParameter.message, "expected input parameter, but got none")
        XCTAssertEqual(FunctionError.nullParameter.message, "expected input parameter, but got a null value")
        XCTAssertEqual(
            FunctionError.index(5, outOfBounds: 3).message,
            "input parameter index 5 is out of bounds (valid range is 0 to 3)")
    }

    // MARK: <doc:FunctionCalls> ^q

    func testQ() {
        assertString("^q(Ke$ha)", .object, "Ke$ha")
        assertString("^q($$)", .object, "$$")
        assertString("^q(a(b)c)", .object, "a(b)c")
        assertNil("^q()", .object)
        assertString("^q( spaced )", .object, " spaced ")
        assertString("^q(a|b)", .object, "a|b")
        // An unbalanced `)` inside ends the call early.
        assertString("^q(a)b)", .object, "ab)")
    }

    // MARK: <doc:FunctionCalls> ^if

    func testIfParameterCounts() {
        assertString("^if($name)", .string, "Cooper")
        assertNil("^if($missing)", .object)
        assertNil("^if(F)", .object)
        assertString("^if(T|yes)", .object, "yes")
        assertNil("^if(F|yes)", .object)
        assertString("^if(T|yes|no)", .object, "yes")
        assertString("^if(F|yes|no)", .object, "no")
        assertString("^if($count -GT 2|big|small)", .object, "big")
        assertValue("^if(T|$cats)", .object, ["Barrett", "Duncan", "Gabby"])
        assertNil("^if(T||no)", .object)
        assertError("^if()", .object, kind: .function)
        assertError("^if(a|b|c|d)", .object, containing: "expected at least 1 and at most 3 input parameters")
    }

    func testIfOrPitfall() {
        // `||` splits: five parameters.
        assertError("^if($a || $b|x|y)", .object, containing: "but got 5 instead")
        assertString("^if($missing -OR $name|x|y)", .object, "x")
    }

    func testIfSwallowsErrorsInConditionAndBranch() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        assertString("^if(a = b|yes|no)", .object, "no")
        assertString("^if(a b|yes|no)", .object, "yes", "no boolean marker: the constant shortcut says true")
        assertNil("^if(T|^nosuch()|no)", .object)
        assertString("[^if(T|#(1 + T)|no)]", .string, "[]")
        // Parameters are tokenized with the call, so a syntax error there is not swallowed.
        assertError("^if(T|#(1 +)|no)", .object, containing: "requires both left and right operands")
        XCTAssertGreaterThanOrEqual(log.lines.count, 3, "\(log.lines)")
    }

    func testIfEvaluatesOnlyTheChosenBranch() {
        let recorder = declareRecorder("touch", input: .raw, result: "t")
        assertString("^if(T|a|^touch(no))", .object, "a")
        assertString("^if(F|^touch(yes)|b)", .object, "b")
        XCTAssertTrue(recorder.inputs.isEmpty)
    }

    func testIfBranchSeesEscapesUndone() {
        // `$$name` reaches ^if as `$name`, which it then evaluates.
        assertString("^if(T|$$name)", .object, "Cooper")
        assertString("^if(T|${nameMap[Jill].species}s|NO)", .object, "humans")
    }

    // MARK: <doc:FunctionCalls> ^eval and ^evalBool

    func testEval() throws {
        env.variables.declare("code", value: "Hi $name")
        env.variables.declare("refName", value: "$name")
        assertString("^eval($code)", .object, "Hi Cooper")
        assertString("^eval($refName)", .object, "Cooper")
        assertValue("^eval($$count)", .object, .integer(3))
        assertNil("^eval()", .object)
        env.variables.declare("bad", value: "#(1 +)")
        assertError("^eval($bad)", .object, containing: "requires both left and right operands")
    }

    func testEvalBool() {
        env.variables.declare("test", value: "$count == 3")
        assertValue("^evalBool($test)", .object, .boolean(true))
        assertValue("^evalBool(F)", .object, .boolean(false))
        assertBoolean("^evalBool($test)", true)
        env.variables.declare("bad", value: "a = b")
        assertError("^evalBool($bad)", .object, containing: "expecting one and only one value here")
    }

    // MARK: <doc:FunctionCalls> ^log and ^test

    func testLogAndTest() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        assertString("^log($name)", .object, "Cooper")
        assertValue("^test($count == 3)", .object, .boolean(true))
        XCTAssertTrue(log.lines.contains { $0.contains("$name") && $0.contains("Cooper") }, "\(log.lines)")
        XCTAssertTrue(log.lines.contains { $0.contains("$count == 3") }, "\(log.lines)")
        assertError("^log(#(1 +))", .object, containing: "requires both left and right operands")
        assertError("^test(a = b)", .object, containing: "expecting one and only one value here")
    }

    // MARK: ^array, ^dictionary, ^parseInteger

    func testArray() {
        assertValue("^array()", .object, .array([]))
        assertValue("^array(a|)", .object, ["a", .null])
        assertValue("^array(|)", .object, [.null, .null])
        assertValue("^array(a | b)", .object, ["a ", " b"])
        assertValue("^array(^q(a|b)|c)", .object, ["a|b", "c"])
        assertValue("^array((a|b))", .object, ["(a", "b)"])
        assertValue("^array(1|2)", .object, ["1", "2"])
        assertValue("^array($count|$cats.count)", .object, [.integer(3), .integer(3)])
    }

    func testDictionary() {
        assertValue("^dictionary()", .object, .dictionary([:]))
        assertValue("^dictionary(a|1|b|$count)", .object, ["a": "1", "b": .integer(3)])
        assertValue("^dictionary(a|1|a|2)", .object, ["a": "2"])
        assertError("^dictionary(a|1|b)", .object, kind: .function)
    }

    func testParseInteger() {
        assertValue("^parseInteger(-5.25)", .object, .integer(-5))
        assertValue("^parseInteger($five)", .object, .integer(5))
        assertError("^parseInteger(abc)", .object, kind: .function)
    }

    // MARK: Function declarations

    func testDeclaringFunctionsRedeclaresLastWins() {
        declareRecorder("twice", input: .raw, result: "first")
        declareRecorder("twice", input: .raw, result: "second")
        assertString("^twice(x)", .object, "second")
    }

    func testLanguageFunctionsAreDeclared() {
        let expected: [String: FunctionInputType] = [
            "q": .raw, "if": .pipedExpressions, "eval": .string, "evalBool": .string, "array": .pipedObjects,
            "dictionary": .pipedExpressions, "log": .raw, "test": .raw, "tokenize": .raw, "tokenizeBoolean": .raw,
            "tokenizeMath": .raw,
        ]
        for (name, input) in expected {
            XCTAssertEqual(env.functions.definition(named: name)?.input, input, name)
        }
    }

    // MARK: <doc:Quirks> quirk checklist (function items)

    func testQuirk23_PipedExpressionsAreRebuiltFromTokens() {
        XCTAssertEqual(received(.pipedExpressions, "$$x|$[a b].c"), "expressions([\"$x\", \"$[a b].c\"])")
    }

    func testQuirk24_IfConditionsMustNotContainDoublePipesAndErrorsAreSwallowed() {
        assertError("^if(T || F|x|y)", .object, containing: "but got 5 instead")
        assertNil("^if(T|^nosuch())", .object)
    }

    func testQuirk25_EmptyParenthesesGiveNoInput() {
        XCTAssertEqual(received(.pipedObjects, ""), "absent")
        XCTAssertEqual(received(.string, ""), "absent")
        assertNil("^q()", .object)
        assertValue("^array()", .object, .array([]))
    }
}
