import Foundation
import XCTest

@testable import MBMLEngine

/// The object context (<doc:ContextsAndCoercions>, <doc:ExpressionSyntax>): references, calls,
/// combining, subreferences and properties, and the expression cache.
final class ObjectContextTests: ExpressionTestCase {
    // MARK: <doc:ContextsAndCoercions> constant shortcut

    func testConstantShortcutReturnsTextWithoutTokenizing() {
        assertString("Hello world", .object, "Hello world")
        assertString("a + b * (c) | d [e] {f} %", .object, "a + b * (c) | d [e] {f} %")
        XCTAssertEqual(env.cache.count, 0, "constant expressions are never tokenized nor cached")
        XCTAssertEqual(try env.evaluateAsArray("Hello world"), ["Hello world"])
    }

    // MARK: <doc:ExpressionSyntax> variable references

    func testOneCharacterNames() {
        assertString("$x", .object, "X")
        assertString("${x}", .object, "X")
        assertString("$[x]", .object, "X")
        assertString("$(x)", .object, "X")
        assertString("$ab", .object, "AB")
    }

    func testSingleValueKeepsItsType() {
        assertValue("$cats", .object, ["Barrett", "Duncan", "Gabby"])
        XCTAssertEqual(try evaluate("$count", .object), .integer(3))
        guard case .integer(3)? = try? evaluate("$count", .object) else { return XCTFail("$count is an integer") }
        guard case .decimal(5)? = try? evaluate("#(2 + 3)", .object) else { return XCTFail("#(2 + 3) is a decimal") }
        assertString("Hello", .object, "Hello")
        assertNil("$missing", .object)
    }

    func testCurlyForm() {
        assertString("How are the ${name}s?", .object, "How are the Coopers?")
        assertValue("${cats.count}", .object, .integer(3))
        assertValue("${cats[1].length}", .object, .integer(6))
        assertString("${cats[1]}.length", .object, "Duncan.length")
        assertError("${}", .object, message: "Couldn't determine key to use for obtaining value of token")
    }

    func testBracketForm() {
        assertString("$[Barrett Test].species", .object, "cat")
        assertString("$[total $]", .object, "42")
        env.variables.declare("$name", value: "literally")
        assertString("$[$name]", .object, "literally")
        assertError("$[]", .object, message: "Couldn't determine key to use for obtaining value of token")
    }

    func testParenthesisFormIsHardStop() throws {
        let result = try XCTUnwrap(try evaluate("$(Barrett Test).species", .object)?.stringValue)
        XCTAssertTrue(result.hasPrefix("{\n"), result)
        XCTAssertTrue(result.hasSuffix("}.species"), result)
        XCTAssertTrue(result.contains("species = cat;"), result)
        let array = try XCTUnwrap(try env.evaluateAsArray("$(Barrett Test).species"))
        XCTAssertEqual(array, [["species": "cat", "name": "Barrett"], ".species"])
        assertError("$()", .object, message: "Couldn't determine key to use for obtaining value of token")
    }

    func testDollarFollowedByNonIdentifierIsText() {
        assertString("costs $5", .string, "costs $5")
        assertString("$ 5", .string, "$ 5")
        assertString("100$", .string, "100$")
    }

    // MARK: <doc:ExpressionSyntax> function calls

    func testCallSubreferences() {
        assertString("^array(pizza|pasta|sushi|lobster)[3]", .object, "lobster")
        assertValue("^array(a|b|c).count", .object, .integer(3))
    }

    func testCallSwallowsFollowingParenthesis() {
        assertString("^q(a)(b)", .object, "ab)")
        assertString("^q(a) (b)", .object, "a (b)")
    }

    func testCaretEscapesAndLiteralCarets() {
        assertString("^^q(a)", .object, "^q(a)")
        assertString("2^3", .object, "2^3")
        assertString("^ q(a)", .object, "^ q(a)")
    }

    func testUndeclaredFunctionFailsAtEvaluation() {
        assertError("^nosuch(1)", .object, message: "Can't find MBMLFunction declaration for: ^nosuch()")
        assertError("^()", .object, message: "Can't find MBMLFunction declaration for: ^(null)()")
    }

    // MARK: <doc:ExpressionSyntax> math expressions in the object context

    func testMathExpressionDoesNotCoerce() {
        assertString("#($name)", .object, "Cooper")
        XCTAssertEqual(try evaluate("#($count)", .object), .integer(3))
        assertString("#($five)", .object, "5")
        assertValue("#($five + 0)", .object, .decimal(5))
    }

    func testHashWithoutParenthesisIsText() {
        assertString("a # b", .object, "a # b")
        assertString("##(1 + 2)", .object, "#(1 + 2)")
        assertString("#1", .object, "#1")
    }

    func testUnterminatedConstructsAreText() {
        assertString("#(1 + 2", .object, "#(1 + 2")
        assertString("^foo(", .object, "^foo(")
        assertString("$[abc", .object, "$[abc")
        assertString("${abc", .object, "${abc")
    }

    // MARK: <doc:ContextsAndCoercions> combining

    func testInterpolation() {
        assertString("Hello $name!", .object, "Hello Cooper!")
        assertString("x $count", .object, "x 3")
        assertString("$count$count", .object, "33")
        assertString("[Order #$missing]", .object, "[Order #]")
        assertString("$missing$missing", .object, "")
        assertString("${name}s", .object, "Coopers")
        assertString(" $count", .object, " 3")
        assertString("a $yes $no", .object, "a 1 0")
        assertString("#(1 + 1)#(2 + 2)", .object, "24")
        assertString("$decimalValue!", .object, "2.5!")
    }

    func testInterpolatedCollectionsUseTextForm() throws {
        let result = try XCTUnwrap(try evaluate("cats: $cats", .object)?.stringValue)
        XCTAssertEqual(result, "cats: (\n    Barrett,\n    Duncan,\n    Gabby\n)")
    }

    // MARK: <doc:ContextsAndCoercions> the array entry point

    func testTopLevelValues() throws {
        XCTAssertEqual(try env.evaluateAsArray("Hello $name"), ["Hello ", "Cooper"])
        XCTAssertEqual(try env.evaluateAsArray("$missing x"), [.null, " x"])
        XCTAssertEqual(try env.evaluateAsArray("$count$cats"), [.integer(3), ["Barrett", "Duncan", "Gabby"]])
        XCTAssertEqual(try env.evaluateAsArray("no markers"), ["no markers"])
    }

    // MARK: <doc:ExpressionSyntax> subreferences

    func testArraySubreferences() {
        assertString("$cats[1]", .object, "Duncan")
        assertValue("$cats[1].length", .object, .integer(6))
        assertValue("$cats.count", .object, .integer(3))
        assertString("$cats[ 2]", .object, "Gabby")
        assertNil("$cats[-1]", .object)
        assertNil("$cats[5]", .object)
        for expression in ["$cats[abc]", "$cats.foo", "$cats.firstObject", "$cats.lastObject"] {
            assertString(expression, .object, "Barrett")
        }
        assertString("$cats[1abc]", .object, "Duncan")
        assertString("$cats[1.9]", .object, "Duncan")
        assertString("$cats[#(1 + 1)]", .object, "Gabby")
        assertString("$cats[$one]", .object, "Duncan")
        assertString("$cats.1", .object, "(\n    Barrett,\n    Duncan,\n    Gabby\n).1")
    }

    func testDictionarySubreferences() {
        assertString("$genders[Barrett]", .object, "female")
        assertString("$genders.Barrett", .object, "female")
        assertString("$genders[$catName]", .object, "female")
        assertNil("$genders[Dun${catName}]", .object)
        assertNil("$genders.count", .object)
        assertNil("$genders.allKeys", .object)
        assertNil("$genders[Gabby]", .object)
        assertString("$[testData][order][number]", .object, "102686")
        assertString("$nameMap[Jill].species", .object, "human")
    }

    func testSeveralValuesInBracketFormOneTextKey() {
        env.variables.declare("rett", value: "rett")
        assertString("$genders[Bar$rett]", .object, "female")
        env.variables.declare("numbered", value: ["1": "one", "2.5": "two and a half"])
        assertString("$numbered[#(1)]", .object, "one")
        assertString("$numbered[$decimalValue]", .object, "two and a half")
    }

    func testMissingKeyIsAnError() {
        assertError("$genders[$missing]", .object, message: "Couldn't determine contained value of token")
        assertError("$cats[$missing]", .object, message: "Couldn't determine contained value of token")
    }

    func testNilAnywhereInChainYieldsNothing() {
        assertNil("$missing.foo.bar", .object)
        assertNil("$genders.Gabby.length", .object)
        assertNil("$cats[9].length", .object)
        assertString("<$missing.foo>", .object, "<>")
    }

    func testLongChain() {
        env.variables.declare("a", value: ["b": ["c": ["d": ["k": "deep"]]]])
        env.variables.declare("e", value: ["f": "k"])
        assertString("$a.b[c].d[$e[f]]", .object, "deep")
    }

    // MARK: <doc:ExpressionSyntax> properties

    func testStringProperties() {
        assertValue("$name.length", .object, .integer(6))
        guard case .integer(6)? = try? evaluate("$name.length", .object) else { return XCTFail("length is an integer") }
        assertString("$name.uppercaseString", .object, "COOPER")
        assertString("$name.lowercaseString", .object, "cooper")
        env.variables.declare("phrase", value: "hello big world")
        assertString("$phrase.capitalizedString", .object, "Hello Big World")
        assertString("$name.description", .object, "Cooper")
        assertString("$name.stringValue", .object, "Cooper")
        env.variables.declare("numeric", value: "  12.75 apples")
        assertValue("$numeric.intValue", .object, .integer(12))
        assertValue("$numeric.integerValue", .object, .integer(12))
        assertValue("$numeric.longLongValue", .object, .integer(12))
        assertValue("$numeric.doubleValue", .object, .double(12.75))
        assertValue("$numeric.floatValue", .object, .double(12.75))
        env.variables.declare("path", value: "/a/b/c.txt")
        assertString("$path.lastPathComponent", .object, "c.txt")
        assertString("$path.pathExtension", .object, "txt")
        assertString("$path.stringByDeletingLastPathComponent", .object, "/a/b")
        assertString("$path.stringByDeletingPathExtension", .object, "/a/b/c")
        let emoji = "a😀"
        env.variables.declare("emoji", value: .string(emoji))
        assertValue("$emoji.length", .object, .integer(3))
    }

    func testStringBoolValue() {
        for (text, expected) in [
            ("yes", true), ("Y", true), ("true", true), ("  +0012", true), ("9", true),
            ("no", false), ("0", false), ("000", false), ("", false), ("false", false),
            ("-1", true), ("t", true),
        ] {
            env.variables.declare("flagText", value: .string(text))
            assertValue("$flagText.boolValue", .object, .boolean(expected))
            guard case .boolean? = try? evaluate("$flagText.boolValue", .object) else {
                return XCTFail("boolValue is a boolean")
            }
        }
    }

    func testNumberProperties() {
        assertValue("$count.intValue", .object, .integer(3))
        assertValue("$decimalValue.intValue", .object, .integer(2))
        assertValue("$decimalValue.integerValue", .object, .integer(2))
        assertValue("$decimalValue.doubleValue", .object, .double(2.5))
        assertValue("$count.boolValue", .object, .boolean(true))
        assertValue("$zero.boolValue", .object, .boolean(false))
        assertString("$count.stringValue", .object, "3")
        assertString("$decimalValue.description", .object, "2.5")
        assertString("$yes.stringValue", .object, "1")
        assertError("$count.foo", .object, containing: "No such key \"foo\" for object of type")
    }

    func testUnknownPropertiesAreErrors() {
        assertError("$name.foo", .object, containing: "No such key \"foo\" for object of type")
        assertError("$name[0]", .object, containing: "No such key \"0\" for object of type")
    }

    func testNullProperties() {
        assertValue("$nullValue.length", .object, .integer(0))
        assertValue("$nullValue.intValue", .object, .integer(0))
        assertValue("$nullValue.boolValue", .object, .boolean(false))
        assertString("$nullValue.stringValue", .object, "<null>")
        assertError("$nullValue.foo", .object, containing: "No such key \"foo\"")
    }

    func testSetProperties() {
        env.variables.declare("words", value: Value.makeSet(["ab", "cde", "ab"]))
        assertValue("$words.count", .object, .integer(2))
        assertValue("$words.length", .object, Value.makeSet([.integer(2), .integer(3)]))
        assertError("$words.foo", .object, containing: "No such key \"foo\"")
    }

    func testDateProperties() {
        env.variables.declare("when", value: .date(Date(timeIntervalSince1970: 1_422_936_306)))
        assertValue("$when.timeIntervalSince1970", .object, .double(1_422_936_306))
        assertString("$when.description", .object, "2015-02-03 04:05:06 +0000")
        assertError("$when.foo", .object, containing: "No such key \"foo\"")
    }

    func testEnvironmentAndPlatformObjects() {
        assertNil("$Environment.noSuchAttribute", .object)
        env.attributes["appName"] = "Demo"
        assertString("$Environment.appName", .object, "Demo")
        assertString("$Platform.platformName", .object, "linux")
        assertValue("$Platform.platformType", .object, .integer(0))
        assertValue("$Platform.isLinux", .object, .boolean(true))
        assertValue("$Platform.isUIKit", .object, .boolean(false))
        assertBoolean("!$Platform.isUIKit", true)
        assertBoolean("$Platform.isUIKit", false)
        assertError("$Platform.foo", .object, containing: "No such key \"foo\"")
    }

    func testHostObjectProperties() {
        // Unchecked as HostObject is; safe: a pet stores nothing.
        final class Pet: HostObject, @unchecked Sendable {
            override var typeName: String { "Pet" }
            override func value(forProperty name: String) throws -> Value? {
                switch name {
                case "species": return "cat"
                case "age": return .integer(7)
                default: throw EvaluationFailure("No such key \"\(name)\" for object of type Pet")
                }
            }
        }
        env.variables.declare("pet", value: .object(Pet()))
        assertString("$pet.species", .object, "cat")
        assertValue("#($pet.age + 1)", .object, .decimal(8))
        assertError(marked: "$pet1️⃣.wings2️⃣", .object, message: "No such key \"wings\" for object of type Pet")
    }

    // MARK: <doc:ContextsAndCoercions> the expression cache

    func testEvaluationCachesTreesPerGrammarButNeverValues() throws {
        assertString("Hi $name", .object, "Hi Cooper")
        XCTAssertNotNil(env.cache.tokens(for: "Hi $name", grammar: .object))
        XCTAssertNil(env.cache.tokens(for: "Hi $name", grammar: .boolean))
        try env.variables.set("name", to: "Jill")
        assertString("Hi $name", .object, "Hi Jill")
        assertString("Hi $name", .string, "Hi Jill")
        XCTAssertEqual(env.cache.count, 1, "object and string contexts share one cache entry")
        assertNumber("$count + 1", 4)
        XCTAssertNotNil(env.cache.tokens(for: "$count + 1", grammar: .math))
    }

    func testFailedTokenizationsAreNotCached() {
        assertError("${a b}", .object)
        XCTAssertNil(env.cache.tokens(for: "${a b}", grammar: .object))
        assertError("${a b}", .object, message: "expecting exactly one MBMLVariableReferenceToken here")
    }

    func testFunctionDeclarationClearsCache() {
        assertError("x ^later(a)", .string, message: "Can't find MBMLFunction declaration for: ^later()")
        XCTAssertNotNil(env.cache.tokens(for: "x ^later(a)", grammar: .object))
        declareRecorder("later", input: .raw, result: "ok")
        XCTAssertEqual(env.cache.count, 0)
        assertString("x ^later(a)", .string, "x ok")
    }

    func testRedeclaringInputTypeChangesParameterTokenization() {
        let first = declareRecorder("shape", input: .raw)
        _ = try? evaluate("^shape($name)", .object)
        XCTAssertEqual(first.last, "text(\"$name\")")
        let second = declareRecorder("shape", input: .string)
        _ = try? evaluate("^shape($name)", .object)
        XCTAssertEqual(second.last, "text(\"Cooper\")")
    }

    /// <doc:ContextsAndCoercions>: the cache is looked up before the shortcut; `^tokenizeMath` fills it without the shortcut.
    func testCacheLookupPrecedesConstantShortcut() {
        assertNumber("7%3", 7)
        assertString("^tokenizeMath(7%3)", .object, "7%3")
        assertNumber("7%3", 1)
        env.clearCache()
        assertNumber("7%3", 7)
    }

    // MARK: <doc:Quirks> quirk checklist (object context items)

    func testQuirk01_OneCharacterNamesWork() {
        assertString("$x", .object, "X")
        assertString("${x}", .object, "X")
    }

    func testQuirk06_MathExpressionDoesNotCoerce() {
        assertString("#($five)", .object, "5")
        assertValue("#($five * 1)", .object, .decimal(5))
    }

    func testQuirk12_DictionariesHaveNoPseudoProperties() {
        assertNil("$genders.count", .object)
        env.variables.declare("withCount", value: ["count": "key named count"])
        assertString("$withCount.count", .object, "key named count")
    }

    func testQuirk13_ArraysMapNonNumericNamesToIndexZero() {
        assertString("$cats.lastObject", .object, "Barrett")
        assertString("$cats.anything", .object, "Barrett")
    }

    func testQuirk14_MissingKeyInBracketsIsAnError() {
        assertError("$genders[$missing]", .object, message: "Couldn't determine contained value of token")
    }

    func testQuirk15_UnknownPropertiesOnStringsAndNumbersAreErrors() {
        assertError("$name.foo", .object, containing: "No such key \"foo\"")
        assertError("$count.foo", .object, containing: "No such key \"foo\"")
    }

    func testQuirk26_ParenthesisAfterCallIsSwallowed() {
        assertString("^q(a)(b)", .object, "ab)")
    }

    // MARK: More cache and index details

    func testFunctionEvaluatedExpressionsAreCached() {
        assertString("^if(T|$name x|no)", .object, "Cooper x")
        XCTAssertNotNil(env.cache.tokens(for: "$name x", grammar: .object))
        XCTAssertNil(env.cache.tokens(for: "T", grammar: .boolean), "constant conditions are never tokenized")
    }

    func testNumericIndexesTruncate() {
        assertString("$cats[#(1.9)]", .object, "Duncan")
        assertString("$cats[$decimalValue]", .object, "Gabby")
        assertString("$cats[$yes]", .object, "Duncan")
    }

    /// <doc:ExpressionSyntax> / <doc:ExpressionSyntax>: a name applied to a set is applied to each member *with the lookup algorithm*,
    /// so dictionary members answer with their entry and array members with their index-0 rule.
    func testSetSubreferenceAppliesLookupToDictionaryAndArrayMembers() {
        env.variables.declare("people", value: Value.makeSet([["name": "Ann"], ["name": "Bob"]]))
        assertValue("$people.name", .object, Value.makeSet(["Ann", "Bob"]))
        env.variables.declare("lists", value: Value.makeSet([["a", "b"], ["c"]]))
        assertValue("$lists.first", .object, Value.makeSet(["a", "c"]))
    }
}
