import Foundation
import XCTest

@testable import MBMLEngine

/// The boolean context (<doc:ContextsAndCoercions>, <doc:ExpressionSyntax>).
final class BooleanContextTests: ExpressionTestCase {
    // MARK: <doc:ContextsAndCoercions> constant shortcut

    func testShortcutIsTruthinessOfWholeString() {
        assertBoolean("(F)", true)
        for expression in ["false", "no", "0.0", "N", " ", "T F", "T", "(T)", "nil", "FALSE", "00"] {
            assertBoolean(expression, true)
        }
        for expression in ["F", "f", "0"] {
            assertBoolean(expression, false)
        }
        XCTAssertEqual(env.cache.count, 0, "shortcut answers are never tokenized")
    }

    func testMarkersForceTokenization() {
        assertBoolean("(F) -OR F", false)
        assertBoolean("(F) || F", false)
        assertBoolean("!F", true)
        assertBoolean("F == F", true)
        assertBoolean("#(0)", false)
        assertBoolean("^q(F)", false)
    }

    // MARK: <doc:ContextsAndCoercions> exactly one value, its truthiness

    func testSingleValueTruthiness() {
        assertBoolean("T", true)
        assertBoolean("!T", false)
        assertBoolean("$cats.count == 3", true)
        assertBoolean("$name", true)
        assertBoolean("$missing", false)
        assertBoolean("$flag", false)
        assertBoolean("$zero", false)
        assertBoolean("$count", true)
        assertBoolean("$emptyArray", true)
        assertBoolean("$emptyDictionary", true)
        assertBoolean("$nullValue", false)
        assertBoolean("$no", false)
        assertBoolean("$yes", true)
        assertBoolean("Y", true)
        assertBoolean("-0", true)
        assertBoolean("!-0", false)
    }

    func testMoreThanOneValueIsAnError() {
        assertError("hello world == x", .boolean, message: "expecting one and only one value here")
        assertError("a = b", .boolean, message: "expecting one and only one value here")
        assertError("$name == Cooper Smith", .boolean, message: "expecting one and only one value here")
        assertError("a -eq a", .boolean, message: "expecting one and only one value here")
        assertBoolean("$name == ^q(Cooper Smith)", false)
        env.variables.declare("fullName", value: "Cooper Smith")
        assertBoolean("$fullName == ^q(Cooper Smith)", true)
    }

    func testNameGlueBreaksComparisons() {
        // `$name-EQ` is a variable named `name-EQ`, followed by two literals.
        assertError("$name-EQ Cooper", .boolean, message: "expecting one and only one value here")
        assertBoolean("$name -EQ Cooper", true)
    }

    // MARK: <doc:ExpressionSyntax> keywords

    func testKeywordsNeedNoSpacesAndHaveNoWordBoundaries() {
        assertBoolean("a==b", false)
        assertBoolean("a==a", true)
        assertBoolean("x -ORANGE", true)
        assertBoolean("F -ORANGE", true)
        assertBoolean("well-known", true)
        assertBoolean("$name-EQ", false)
        assertBoolean("a!=b", true)
        assertBoolean("a-NEb", true)
        assertBoolean("A<B", true)
        assertBoolean("B=>A", true)
        assertBoolean("A=<B", true)
    }

    func testEveryComparatorSpelling() {
        let cases: [(String, Bool)] = [
            ("A == A", true), ("A -EQ B", false), ("A != B", true), ("A -NE A", false),
            ("A < B", true), ("B -LT A", false), ("A <= A", true), ("A =< B", true), ("B -LTE A", false),
            ("B > A", true), ("A -GT B", false), ("A >= A", true), ("B => A", true), ("A -GTE B", false),
        ]
        for (expression, expected) in cases { assertBoolean(expression, expected) }
    }

    func testAndOrNotSpellings() {
        assertBoolean("T && T", true)
        assertBoolean("T -AND F", false)
        assertBoolean("F || T", true)
        assertBoolean("F -OR F", false)
        assertBoolean("!F", true)
        assertBoolean("! F", true)
    }

    // MARK: <doc:ExpressionSyntax> precedence

    func testAndOrHaveEqualPrecedenceLeftToRight() {
        assertBoolean("T || F && F", false)
        assertBoolean("F && F || T", true)
        assertBoolean("T || (F && F)", true)
        assertBoolean("T -OR F -AND F", false)
    }

    func testNegationBindsTighterThanComparators() {
        // (!$name) == Cooper: false is the number 0, "Cooper" parses as 0.
        assertBoolean("!$name == Cooper", true)
        assertBoolean("!($name == Cooper)", false)
        assertBoolean("!$missing", true)
        assertBoolean("!F -AND !F", true)
    }

    func testComparatorsChainLeftToRight() {
        assertBoolean("a == b == 0", true)
        assertBoolean("a == a == 1", true)
        assertBoolean("a == a == a", false)
    }

    func testParseErrors() {
        assertError("!!T", .boolean, message: "The operator \"!\" requires an operand")
        assertError("T !", .boolean, message: "Missing right operand")
        assertError("== T", .boolean, message: "The operator \"==\" requires both left and right operands")
        assertError("T ==", .boolean, message: "The operator \"==\" requires both left and right operands")
        assertError("a <> b", .boolean, message: "The operator \">\" requires both left and right operands")
    }

    // MARK: <doc:ExpressionSyntax> groupings

    func testGroupings() {
        assertBoolean("(T -AND F) -OR T", true)
        assertBoolean("(T -OR F) -AND (F -OR T)", true)
        assertBoolean("((F)) -OR F", false)
        assertBoolean("!(F) -AND T", true)
        assertBoolean("($count == 3)", true)
        assertError("(a b) -OR T", .boolean, message: "expecting one and only one value here")
        assertError("() -OR T", .boolean, message: "expecting one and only one value here")
    }

    // MARK: <doc:ExpressionSyntax> short-circuiting

    func testShortCircuit() {
        assertBoolean("T -OR ^()", true)
        assertBoolean("F -AND ^nosuch()", false)
        assertBoolean("T || ^nosuch()", true)
        assertError("T -AND ^nosuch()", .boolean, message: "Can't find MBMLFunction declaration for: ^nosuch()")
        assertError("F -OR ^nosuch()", .boolean, message: "Can't find MBMLFunction declaration for: ^nosuch()")
        let recorder = declareRecorder("touch", input: .raw, result: "T")
        assertBoolean("F -AND ^touch(x)", false)
        XCTAssertTrue(recorder.inputs.isEmpty, "the right operand is not evaluated")
        assertBoolean("T -AND ^touch(x)", true)
        XCTAssertEqual(recorder.inputs.count, 1)
    }

    func testComparatorsEvaluateBothSidesLeftFirst() {
        let recorder = declareRecorder("mark", input: .raw, result: "same")
        assertBoolean("^mark(a) == ^mark(b)", true)
        XCTAssertEqual(recorder.inputs.map(InputRecorder.describe), ["text(\"a\")", "text(\"b\")"])
    }

    // MARK: Math and subreferences inside boolean expressions

    func testMathExpressionsInBooleans() {
        assertBoolean("#(1 + 1) -GT 1", true)
        assertBoolean("#(1 - 1)", false)
        assertBoolean("#($count * 2) == 6", true)
    }

    func testBracketKeysDropWhitespace() {
        assertBoolean("$map[a b] == x", true)
        assertBoolean("$genders[$catName] == female", true)
        assertBoolean("$catName -AND $catGenders[$catName] == female", true)
    }

    func testEscapesAreNotRecognised() {
        assertBoolean("^q(a\\nb) == a\\nb", true)
        assertBoolean("^q($$) == $$", true)
    }

    func testEvaluateBooleanEntryPoint() throws {
        XCTAssertTrue(try env.evaluateBoolean("$count == 3"))
        XCTAssertFalse(try env.evaluateBoolean("$missing"))
        XCTAssertThrowsError(try env.evaluateBoolean("a = b"))
    }

    // MARK: <doc:Quirks> quirk checklist (boolean context items)

    func testQuirk07_AndOrEqualPrecedence() {
        assertBoolean("T || F && F", false)
    }

    func testQuirk08_DoubleNegationIsParseErrorAndNotBindsTight() {
        assertError("!!T", .boolean, message: "The operator \"!\" requires an operand")
        assertBoolean("!$name == Cooper", true)
    }

    func testQuirk09_LiteralsCannotContainSpacesAndBracketKeysDropThem() {
        assertError("$name == Cooper Smith", .boolean, message: "expecting one and only one value here")
        assertBoolean("$map[a b] == x", true)
        assertNumber("$arr[1 + 1]", 30)
    }

    // MARK: More operator placement

    func testOperatorsRightAfterNames() {
        assertBoolean("$count>2", true)
        assertBoolean("$count==3", true)
        assertBoolean("!$missing -AND $name", true)
        assertBoolean("^array(a|b)[0] == a", true)
        assertBoolean("$cats[$cats.count]", false)
    }
}
