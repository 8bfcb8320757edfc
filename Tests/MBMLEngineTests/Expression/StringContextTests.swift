import Foundation
import XCTest

@testable import MBMLEngine

/// The string context (<doc:ContextsAndCoercions>): the object grammar, then the result as text; plus
/// the text-oriented rules of <doc:ExpressionSyntax>.
final class StringContextTests: ExpressionTestCase {
    // MARK: <doc:ContextsAndCoercions> conversion

    func testSingleValuesBecomeText() {
        assertString("$count", .string, "3")
        assertString("$name", .string, "Cooper")
        assertString("$yes", .string, "1")
        assertString("$no", .string, "0")
        assertString("$decimalValue", .string, "2.5")
        assertString("#(10 / 4)", .string, "2.5")
        assertNil("$nullValue", .string)
    }

    func testCollectionsBecomeTheirTextForm() {
        assertString("$cats", .string, "(\n    Barrett,\n    Duncan,\n    Gabby\n)")
        assertString("$genders", .string, "{\n    Barrett = female;\n    Duncan = male;\n}")
        assertString("$emptyArray", .string, "(\n)")
        assertString("$emptyDictionary", .string, "{\n}")
    }

    func testNothingStaysNothing() {
        assertNil("$missing", .string)
        assertNil("$cats[7]", .string)
        assertString("$missing$missing", .string, "")
    }

    func testConstantShortcut() {
        assertString("Hello world", .string, "Hello world")
        assertString("5", .string, "5")
    }

    // MARK: <doc:ExpressionSyntax> names glue to - and :

    func testIdentifierGlue() {
        assertString("$name-$name", .string, "Cooper")
        assertString("Dear $name:", .string, "Dear ")
        assertString("$name.", .string, "Cooper.")
        assertString("$name's", .string, "Cooper's")
        assertString("$name $name", .string, "Cooper Cooper")
        assertString("costs $5", .string, "costs $5")
        assertString("How are the ${name}s?", .string, "How are the Coopers?")
        env.variables.declare("rect:origin:x", value: .integer(12))
        assertString("x=$rect:origin:x;", .string, "x=12;")
    }

    // MARK: <doc:ExpressionSyntax> escapes

    func testEscapeSequences() {
        assertString("Ke$$ha", .string, "Ke$ha")
        assertString("a\\nb", .string, "a\nb")
        assertString("a\\tb", .string, "a\tb")
        assertString("##1 ^^2 $$3", .string, "#1 ^2 $3")
        assertString("C:\\path", .string, "C:\\path")
        assertString("$$name", .string, "$name")
        assertString("$$$name", .string, "$Cooper")
        assertString("\\\\n", .string, "\\\n")
    }

    func testEscapesNotProcessedInRawOrBracketNames() {
        assertString("^q($$)", .string, "$$")
        assertString("^q(a\\nb)", .string, "a\\nb")
        env.variables.declare("a$$b", value: "raw name")
        assertString("$[a$$b]", .string, "raw name")
    }

    // MARK: <doc:ExpressionSyntax> whitespace

    func testWhitespaceIsKeptVerbatim() {
        assertString("  $name  ", .string, "  Cooper  ")
        assertString("\t$name\n", .string, "\tCooper\n")
        assertString("^q( spaced )", .string, " spaced ")
    }

    // MARK: <doc:FunctionCalls> ^if in text

    func testIfInsideText() {
        assertString("^if($name)", .string, "Cooper")
        env.variables.declare("user", value: ["isAdmin": "F"])
        assertString(
            "You ^if($user.isAdmin||do not )have admin privileges", .string,
            "You do not have admin privileges")
        try? env.variables.set("user", to: ["isAdmin": "T"])
        assertString(
            "You ^if($user.isAdmin||do not )have admin privileges", .string,
            "You have admin privileges")
    }

    func testTokenizeReturnsItsTextUnevaluated() {
        assertString("a ^tokenize($name) b", .string, "a $name b")
    }

    // MARK: Interpolation of many values

    func testLongInterpolation() {
        let expression = Array(repeating: "$name", count: 500).joined(separator: "-")
        // `$name-` is a different (unset) variable, so only the last reference is Cooper.
        assertString(expression, .string, "Cooper")
        let spaced = Array(repeating: "$name", count: 500).joined(separator: " ")
        assertString(spaced, .string, Array(repeating: "Cooper", count: 500).joined(separator: " "))
    }

    func testUnicodeTextSurvives() {
        env.variables.declare("greeting", value: "héllo 😀")
        assertString("«$greeting» ✓", .string, "«héllo 😀» ✓")
    }

    // MARK: <doc:Quirks> quirk checklist (string context items)

    func testQuirk02_DashAndColonGlueToNames() {
        assertString("[$name-]", .string, "[]")
        assertString("$name: hi", .string, " hi")
        env.variables.declare("name-", value: "dash")
        assertString("$name-$name", .string, "dashCooper")
    }

    func testQuirk28_EscapesOnlyInObjectFamilyGrammars() {
        assertString("a$$b", .string, "a$b")
        assertBoolean("^q(a$$) == a$$", true)
        // Without escapes, `$$b` in a boolean expression is `$` followed by the reference `$b`.
        assertError("a$$b", .boolean, message: "expecting one and only one value here")
        assertError("$$ 1", .number, message: "expression result could not be interpreted as an NSNumber")
    }
}
