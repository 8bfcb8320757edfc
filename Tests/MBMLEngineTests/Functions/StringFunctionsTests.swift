import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class StringFunctionsTests: XCTestCase {
    // MARK: Helpers

    private func call(_ name: String, _ input: FunctionInput, environment: Environment = Environment()) throws -> Value?
    {
        try FunctionHarness(environment: environment).call(name, input)
    }

    private func text(_ name: String, _ text: String) throws -> Value? {
        try call(name, .text(text))
    }

    private func strings(_ name: String, _ parameters: String...) throws -> Value? {
        try call(name, .values(parameters.map(Value.string)))
    }

    private func assertFails(
        _ name: String, _ input: FunctionInput, message: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        FunctionHarness().assertFails(name, input, message: message, file: file, line: line)
    }

    private func pipedStrings(_ parameters: String...) -> FunctionInput { .values(parameters.map(Value.string)) }

    // MARK: Declarations

    func testDeclarations() {
        let expected: [String: FunctionInputType] = [
            "stripQueryString": .string, "lowercase": .string, "uppercase": .string, "titleCase": .string,
            "titleCaseIfAllCaps": .string, "pluralize": .pipedStrings, "concatenateFields": .pipedStrings,
            "firstNonemptyString": .pipedExpressions, "firstNonemptyTrimmedString": .pipedExpressions,
            "truncate": .pipedStrings, "stripSpaces": .string, "trimSpaces": .string, "indentLines": .string,
            "indentLinesToDepth": .pipedObjects, "prefixLinesWith": .pipedObjects, "parseDouble": .string,
            "parseNumber": .string, "rangeOfString": .pipedObjects, "formatInteger": .math,
            "hasPrefix": .pipedStrings, "hasSuffix": .pipedStrings, "containsString": .pipedStrings,
        ]
        XCTAssertEqual(StringFunctions.all.count, expected.count)
        for function in StringFunctions.all {
            XCTAssertEqual(function.input, expected[function.name], function.name)
            XCTAssertEqual(function.category, .string)
            XCTAssertTrue(function.signature.hasPrefix("^\(function.name)("), function.signature)
        }
    }

    // MARK: Case and whitespace

    func testCaseMapping() throws {
        XCTAssertEqual(try text("lowercase", "This is ALL upperCASE!"), "this is all uppercase!")
        XCTAssertEqual(try text("uppercase", "This is NOT all lowercase!"), "THIS IS NOT ALL LOWERCASE!")
        XCTAssertEqual(try text("uppercase", "straße"), "STRASSE")
        XCTAssertEqual(try text("titleCase", "dark side of the moon"), "Dark Side Of The Moon")
        XCTAssertEqual(try text("titleCase", "e. e. cummings"), "E. E. Cummings")
        XCTAssertEqual(try text("titleCase", "McDONALD"), "Mcdonald")
        XCTAssertEqual(try text("titleCaseIfAllCaps", "IBM"), "Ibm")
        XCTAssertEqual(try text("titleCaseIfAllCaps", "E. E. CUMMINGS"), "E. E. Cummings")
        XCTAssertEqual(try text("titleCaseIfAllCaps", "e. e. cummings"), "e. e. cummings")
        XCTAssertEqual(try text("titleCaseIfAllCaps", "東京 TOKYO"), "東京 TOKYO", "caseless letters are not upper case")
        XCTAssertEqual(try text("titleCaseIfAllCaps", "42"), "42")
        for name in [
            "lowercase", "uppercase", "titleCase", "titleCaseIfAllCaps", "stripSpaces", "trimSpaces",
            "indentLines", "stripQueryString",
        ] {
            XCTAssertNil(try call(name, .absent), "^\(name)() is null")
            XCTAssertEqual(try text(name, ""), "", "^\(name) of empty text")
        }
    }

    func testSpaces() throws {
        XCTAssertEqual(try text("stripSpaces", "    -- THIS IS A TEST --    "), "--THISISATEST--")
        XCTAssertEqual(try text("stripSpaces", "a\tb c\n"), "a\tbc\n")
        XCTAssertEqual(try text("trimSpaces", "    -- THIS IS A TEST --    "), "-- THIS IS A TEST --")
        XCTAssertEqual(try text("trimSpaces", "\n\t x \u{00A0}\n"), "x")
    }

    func testStripQueryString() throws {
        XCTAssertEqual(try text("stripQueryString", "http://www.gilt.com/?utm_campaign=claris"), "http://www.gilt.com/")
        XCTAssertEqual(
            try text("stripQueryString", "http://m.gilt.com/testapps?platform=iphone"),
            "http://m.gilt.com/testapps")
        XCTAssertEqual(try text("stripQueryString", "http://x.com/a?b=c#top"), "http://x.com/a?b=c#top")
        XCTAssertEqual(try text("stripQueryString", "http://x.com/a?"), "http://x.com/a")
        XCTAssertEqual(try text("stripQueryString", "http://x.com/a"), "http://x.com/a")
        XCTAssertEqual(try text("stripQueryString", "not a url?x=1"), "not a url?x=1")
    }

    // MARK: Searching

    func testPrefixSuffixContains() throws {
        XCTAssertEqual(try strings("hasPrefix", "Tuesday", "Tue"), true)
        XCTAssertEqual(try strings("hasPrefix", "Wednesday", "day"), false)
        XCTAssertEqual(try strings("hasPrefix", "abc", ""), false, "empty prefix is false")
        XCTAssertEqual(try strings("hasPrefix", "", "a"), false)
        XCTAssertEqual(try strings("hasSuffix", "Wednesday", "day"), true)
        XCTAssertEqual(try strings("hasSuffix", "Wednesday", "Wed"), false)
        XCTAssertEqual(try strings("hasSuffix", "abc", ""), false)
        XCTAssertEqual(try strings("containsString", "Tuesday", "ues"), true)
        XCTAssertEqual(try strings("containsString", "Tuesday", "Wed"), false)
        XCTAssertEqual(try strings("containsString", "Tuesday", ""), false)
        XCTAssertEqual(try strings("containsString", "e\u{301}", "e"), true, "literal code-unit search")
        for name in ["hasPrefix", "hasSuffix", "containsString"] {
            assertFails(name, .absent, message: "expected input parameters, but got none")
            assertFails(name, pipedStrings("string"), message: "expected exactly 2 input parameters, but got 1 instead")
            assertFails(name, pipedStrings("string", "str", "foo"))
        }
    }

    func testRangeOfString() throws {
        let notFound: Value = [.integer(9_223_372_036_854_775_807), 0]
        XCTAssertEqual(try call("rangeOfString", .values(["Today is not your day.", "not"])), [9, 3])
        XCTAssertEqual(try call("rangeOfString", .values(["test123", "123"])), [4, 3])
        XCTAssertEqual(try call("rangeOfString", .values(["😀x", "x"])), [2, 1], "UTF-16 offsets")
        XCTAssertEqual(try call("rangeOfString", .values(["test123", "nope"])), notFound)
        XCTAssertEqual(try call("rangeOfString", .values(["test123", ""])), notFound)
        assertFails("rangeOfString", .absent)
        assertFails("rangeOfString", .values(["string"]))
        assertFails(
            "rangeOfString", .values([.null, "x"]),
            message: "expected input parameter at index 0 to be of type String, but got Null instead")
        assertFails(
            "rangeOfString", .values(["x", .integer(1)]),
            message: "expected input parameter at index 1 to be of type String, but got Number instead")
    }

    // MARK: Composition

    func testPluralize() throws {
        XCTAssertEqual(try strings("pluralize", "2", "none", "one", "some"), "some")
        XCTAssertEqual(try strings("pluralize", "0", "none", "one", "some"), "none")
        XCTAssertEqual(try strings("pluralize", "1", "none", "one", "some"), "one")
        XCTAssertEqual(try strings("pluralize", "-1", "none", "one", "some"), "some")
        XCTAssertEqual(try strings("pluralize", "1.9", "one", "other"), "one", "count is truncated")
        XCTAssertEqual(try strings("pluralize", "0", "one", "other"), "other")
        assertFails("pluralize", .absent)
        assertFails("pluralize", pipedStrings("1", "one"))
        assertFails("pluralize", pipedStrings("1", "a", "b", "c", "d"))
        assertFails(
            "pluralize", pipedStrings("one", "pony", "ponies"),
            message: "expected input parameter at index 0 to contain a number value, but got \"one\" (String) instead")
        assertFails("pluralize", pipedStrings("", "", "", ""))
    }

    func testConcatenateFields() throws {
        XCTAssertEqual(
            try strings("concatenateFields", "One: ", "value 1", "Two: ", "value 2"),
            "One: value 1; Two: value 2")
        XCTAssertEqual(
            try strings("concatenateFields", "/", "One: ", "value 1", "Two: ", "value 2"),
            "One: value 1/Two: value 2")
        XCTAssertEqual(try strings("concatenateFields", "A:", "", "B:", "x"), "; B:x", "reference quirk kept")
        XCTAssertEqual(try strings("concatenateFields", "A:", "1", "B:", "", "C:", "3"), "A:1; C:3")
        XCTAssertEqual(try strings("concatenateFields", "A:", ""), "")
        assertFails("concatenateFields", .absent)
        assertFails(
            "concatenateFields", pipedStrings("Field:"),
            message: "expected at least 2 input parameters, but got 1 instead")
    }

    func testTruncate() throws {
        XCTAssertEqual(try strings("truncate", "10", "This is your chance!"), "This is yo\u{2026}")
        XCTAssertEqual(try strings("truncate", "8", "This is your chance!"), "This is\u{2026}", "kept part is trimmed")
        XCTAssertEqual(try strings("truncate", "5", "!", "Hello, Newman."), "Hello!")
        XCTAssertEqual(try strings("truncate", "5", "", "Hello, Newman."), "Hello", "empty marker")
        XCTAssertEqual(try strings("truncate", "20", "short"), "short")
        XCTAssertEqual(try strings("truncate", "5", "Hello"), "Hello", "exact length is not truncated")
        XCTAssertEqual(try strings("truncate", "-3", "Hello, Newman."), "Hello, Newman.", "negative never truncates")
        XCTAssertEqual(try strings("truncate", "2", "a😀b"), "a\u{2026}", "does not split a surrogate pair")
        assertFails("truncate", .absent)
        assertFails("truncate", pipedStrings("10"))
        assertFails("truncate", pipedStrings("ten", "truncate me"))
        assertFails("truncate", pipedStrings("10", "...", "truncate me at ten", "extra param"))
    }

    func testFirstNonemptyWithoutParameters() throws {
        XCTAssertNil(try call("firstNonemptyString", .absent))
        XCTAssertNil(try call("firstNonemptyTrimmedString", .absent))
    }

    // MARK: Lines

    func testLinePrefixRules() {
        let prefix = StringFunctions.prefixingLines
        XCTAssertEqual(prefix("This\nis\nmy\nstring", "\t"), "\tThis\n\tis\n\tmy\n\tstring")
        XCTAssertEqual(prefix("a\n", "\t"), "\ta\n\t")
        XCTAssertEqual(prefix("\nb", "\t"), "\n\tb")
        XCTAssertEqual(prefix("a\n\nb", "\t"), "\ta\n\t\n\tb")
        XCTAssertEqual(
            prefix("a\r\nb\rc\u{2028}d\u{85}e\u{2029}f", "> "),
            "> a\r\n> b\r> c\u{2028}> d\u{85}> e\u{2029}> f")
        XCTAssertEqual(prefix("", "\t"), "")
        XCTAssertEqual(prefix("\n", "\t"), "\n\t")
    }

    func testIndentFunctions() throws {
        XCTAssertEqual(try text("indentLines", "This\nis"), "\tThis\n\tis")
        XCTAssertEqual(try call("indentLinesToDepth", .values(["This\nis", "2"])), "\t\tThis\n\t\tis")
        XCTAssertEqual(try call("indentLinesToDepth", .values(["This\nis", .integer(0)])), "This\nis")
        XCTAssertEqual(try call("prefixLinesWith", .values(["This\nis", "> "])), "> This\n> is")
        assertFails("indentLinesToDepth", .absent)
        assertFails("indentLinesToDepth", .values(["text"]))
        assertFails("indentLinesToDepth", .values(["text", "2", "3"]))
        assertFails(
            "indentLinesToDepth", .values([.integer(5), "2"]),
            message: "expected input parameter at index 0 to be of type String, but got Number instead")
        assertFails("indentLinesToDepth", .values(["text", "two"]))
        assertFails("indentLinesToDepth", .values(["text", "-1"]))
        assertFails("indentLinesToDepth", .values(["text", "1000000"]))
        assertFails("prefixLinesWith", .absent)
        assertFails("prefixLinesWith", .values(["text"]))
        assertFails(
            "prefixLinesWith", .values(["text", .null]),
            message: "expected input parameter at index 1 to be of type String, but got Null instead")
        assertFails("prefixLinesWith", .values(["text", "> ", "two"]))
    }

    // MARK: Numbers

    func testParsing() throws {
        XCTAssertEqual(try text("parseDouble", "1.3"), .double(1.3))
        XCTAssertEqual(try text("parseDouble", " -5.25abc"), .double(-5.25))
        XCTAssertEqual(try text("parseNumber", "123"), .decimal(123))
        XCTAssertEqual(try text("parseNumber", "5.25")?.text, "5.25")
        XCTAssertEqual(try text("parseNumber", "1e3"), .decimal(1000))
        for name in ["parseDouble", "parseNumber"] {
            assertFails(name, .absent, message: "expected input parameter, but got none")
            assertFails(name, .text("string"))
            assertFails(name, .text(""))
        }
    }

    func testFormatInteger() throws {
        XCTAssertEqual(try call("formatInteger", .value(.decimal(Decimal(string: "11.75")!))), "11")
        XCTAssertEqual(try call("formatInteger", .value(.decimal(-30))), "-30")
        let grouped = try XCTUnwrap(try call("formatInteger", .value(.integer(1_234_567)))?.stringValue)
        XCTAssertEqual(grouped.filter(\.isNumber), "1234567")
        assertFails("formatInteger", .absent)
        assertFails("formatInteger", .value("foo"))
    }

    // MARK: Through the evaluator

    func testFirstNonemptyThroughTheEvaluator() throws {
        let environment = Environment()
        environment.variables.declare("first", value: "Lon")
        environment.variables.declare("padded", value: "   spaced out   ")
        XCTAssertEqual(
            try environment.evaluate("^firstNonemptyString($nickname|$first|Valued Customer)", in: .object),
            "Lon")
        XCTAssertEqual(try environment.evaluate("^firstNonemptyString($nickname| value 2)", in: .object), " value 2")
        XCTAssertEqual(
            try environment.evaluate("^firstNonemptyTrimmedString($undefined|   |Dear )", in: .object), "Dear")
        XCTAssertEqual(try environment.evaluate("^firstNonemptyTrimmedString($padded|x)", in: .object), "spaced out")
        XCTAssertNil(try environment.evaluate("^firstNonemptyString($nothing|$none)", in: .object))
        XCTAssertThrowsError(try environment.evaluate("^firstNonemptyString(^associate())", in: .object))
    }

    func testStringParametersThroughTheEvaluator() throws {
        let environment = Environment()
        environment.variables.declare("n", value: .integer(1))
        environment.variables.declare("t", value: "This\nis")
        XCTAssertEqual(try environment.evaluate("^pluralize($n|Welcome!|Welcome back!)", in: .object), "Welcome!")
        XCTAssertEqual(try environment.evaluate("^lowercase(#(1 + 1))", in: .object), "2")
        XCTAssertEqual(try environment.evaluate("^lowercase(A|B)", in: .object), "a|b")
        XCTAssertEqual(try environment.evaluate("^trimSpaces(^q(  x  ))", in: .object), "x")
        XCTAssertEqual(try environment.evaluate("^indentLinesToDepth($t|2)", in: .object), "\t\tThis\n\t\tis")
        XCTAssertEqual(try environment.evaluate("^prefixLinesWith($t|> )", in: .object), "> This\n> is")
        XCTAssertEqual(try environment.evaluate("^formatInteger(10 * 3)", in: .object), "30")
        XCTAssertTrue(try environment.evaluateBoolean("^hasPrefix(Tuesday|Tue) -AND ^hasSuffix(Wednesday|day)"))
        XCTAssertThrowsError(try environment.evaluate("^prefixLinesWith($t|$undefined)", in: .object))
        XCTAssertThrowsError(try environment.evaluate("^rangeOfString(|x)", in: .object))
        XCTAssertThrowsError(try environment.evaluate("^pluralize(|||)", in: .object))
    }
}
