import Foundation
import XCTest

@testable import MBMLEngine

/// Expressions that used to stop the process (SIGILL, SIGSEGV, abort) or gave a silent wrong answer
/// (issue 12). Each must now end with a value or an error message. A regression here kills the
/// whole test process, which is the failure.
final class TrapRegressionTests: ExpressionTestCase {
    // MARK: Path functions on one-character components (Foundation trapped)

    func testStripLastPathComponentOfOneCharacterNames() {
        for context in ExpressionContext.allCases where context != .number {
            assertValue("^stripLastPathComponent(a)", context, context == .boolean ? .boolean(false) : .string(""))
        }
        assertString("^stripLastPathComponent(é)", .object, "")
        assertString("^stripLastPathComponent(a/)", .object, "")
        assertString("^stripLastPathComponent(/a)", .object, "/")
        assertString("^stripLastPathComponent(x/a)", .object, "x")
        assertString("^stripPathExtension(a)", .object, "a")
    }

    func testPathPropertiesOfOneCharacterNames() {
        env.variables.declare("p", value: "a")
        assertString("$p.stringByDeletingLastPathComponent", .object, "")
        assertString("$p.stringByDeletingPathExtension", .object, "a")
        assertString("$p.lastPathComponent", .object, "a")
        assertString("$p.pathExtension", .object, "")
    }

    func testFileIsDeletableOfOneCharacterRelativeName() {
        assertValue("^fileIsDeletable(a)", .object, .boolean(false))
    }

    // MARK: Locale identifiers (Foundation trapped)

    func testNonASCIILocaleIsAnError() {
        assertError(
            "^reformatDateWithLocale(2015|é|yyyy|yyyy)", .object, containing: "locale \"é\" is not a locale identifier")
        assertError("^reformatDateWithLocale(2015|ü_DE|yyyy|yyyy)", .string, containing: "is not a locale identifier")
    }

    func testUnknownNumberingSystemIsAnError() {
        assertError(
            "^reformatDateWithLocale(2015|en@numbers=qq|yyyy|yyyy)", .object,
            containing: "unknown numbering system \"qq\"")
        assertError(
            "^reformatDateWithLocale(2015|en-u-nu-qq|yyyy|yyyy)", .object, containing: "unknown numbering system")
    }

    func testKnownLocalesStillWork() {
        assertString("^reformatDateWithLocale(2015|fr_FR|yyyy|yyyy)", .object, "2015")
        assertString("^reformatDateWithLocale(2015|en@numbers=arab|yyyy|yyyy)", .object, "2015")
    }

    func testParsingLocaleVariableIsChecked() {
        env.variables.declare(DateSupport.parsingLocaleVariable, value: "é")
        assertError("^parseDate(2015|yyyy)", .object, containing: "is not a locale identifier")
    }

    func testAParseEndingInsideACharacterIsNoMatch() {
        // A fuzzing finding: ICU parsed up to the last digit, which a combining mark (U+0EBB)
        // makes part of a longer character, and Foundation trapped converting that position.
        for mark in ["\u{EBB}", "\u{301}", "\u{EBB}\u{FFFD}"] {
            assertError("^parseDate(Sun, 26 Oct 0993 00:02:00\(mark))", .object, containing: "couldn't parse date")
        }
        assertError("^parseDate(Sun, 26 Oct 2015 00:02:00 GMT\u{301})", .object, containing: "couldn't parse date")
    }

    func testDatesWithCombiningMarksStillParse() throws {
        // Hindi month names have vowel signs, characters of several scalars.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "hi_IN")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMMM yyyy"
        let text = formatter.string(from: Date(timeIntervalSince1970: 1_423_094_400)) // 2015-02-05
        XCTAssertTrue(text.contains { $0.unicodeScalars.count > 1 }, text)
        assertString("^reformatDateWithLocale(\(text)|hi_IN|d MMMM yyyy|yyyy-MM-dd)", .object, "2015-02-05")
        assertString("^reformatDateWithLocale(2015-02-05|en_US_POSIX|yyyy-MM-dd|d MMM yyyy)", .object, "5 Feb 2015")
    }

    func testUnusableProcessLocaleFallsBackToPOSIX() {
        for setting in ["é", "ü_DE.UTF-8", "en-u-nu-qq"] {
            XCTAssertEqual(DateSupport.processLocale(environment: ["LANG": setting]).identifier, "en_US_POSIX", setting)
        }
        XCTAssertEqual(DateSupport.processLocale(environment: ["LANG": "fr_FR.UTF-8"]).identifier, "fr_FR")
    }

    // MARK: Dates outside the renderable range (trap or wrong year)

    func testHugeTimestampsAreErrors() {
        for context in ExpressionContext.allCases {
            assertError("^unixTimestampToDate(9223372036854775807)", context, containing: "outside the supported range")
            assertError("^unixTimestampToDate(1e17)", context, containing: "outside the supported range")
        }
        assertError("^unixTimestampToDate(-1e12)", .object, containing: "0000-01-01 to 9999-12-31")
        assertError(
            "^addSecondsToDate(1e300|^unixTimestampToDate(0))", .object, containing: "outside the supported range")
        assertError("^parseDate(99999|yyyy)", .object, containing: "outside the supported range")
    }

    func testRangeEndsAreRenderable() throws {
        XCTAssertEqual(
            try evaluate("^unixTimestampToDate(253402300799)", .object),
            .date(Date(timeIntervalSince1970: 253_402_300_799)))
        XCTAssertEqual(
            JSONCodec.encode(.date(Date(timeIntervalSince1970: 253_402_300_799))), #"{"$date":"9999-12-31T23:59:59Z"}"#)
        XCTAssertEqual(
            JSONCodec.encode(.date(Date(timeIntervalSince1970: -62_167_219_200))), #"{"$date":"0000-01-01T00:00:00Z"}"#)
        assertString("^unixTimestampToDate(-62167219200)", .string, "0-01-01 00:00:00 +0000")
        assertString("^reformatDate(1|y|yyyy)", .object, "0001")
    }

    func testRenderersNeverTrapOnHostDates() {
        // A host can put any Date into the variable space; rendering clamps instead of trapping.
        XCTAssertEqual(
            JSONCodec.encode(.date(Date(timeIntervalSince1970: 1e300))), #"{"$date":"9999-12-31T23:59:59Z"}"#)
        XCTAssertEqual(Value.date(Date(timeIntervalSince1970: -.infinity)).text, "0-01-01 00:00:00 +0000")
        XCTAssertEqual(Value.date(Date(timeIntervalSince1970: .nan)).text, "1970-01-01 00:00:00 +0000")
    }

    // MARK: Integer overflow and allocation sizes

    func testArrayFilledWithIntegersNearIntLimits() {
        assertError("^arrayFilledWithIntegers(0|9223372036854775807)", .object, containing: "more than 10000 elements")
        assertError(
            "^arrayFilledWithIntegers(-9223372036854775807|9223372036854775807)", .object, containing: "more than 10000"
        )
        assertValue(
            "^arrayFilledWithIntegers(-9223372036854775807|9223372036854775807|9223372036854775807)", .object,
            [.integer(-9_223_372_036_854_775_807), .integer(0), .integer(9_223_372_036_854_775_807)])
        assertValue(
            "^arrayFilledWithIntegers(9223372036854775806|9223372036854775807)", .object,
            [.integer(9_223_372_036_854_775_806), .integer(9_223_372_036_854_775_807)])
        assertValue("^arrayFilledWithIntegers(1|10000)", .object, .array((1...10_000).map { .integer($0) }))
        assertValue(
            "^arrayFilledWithIntegers(1|20000|2)", .object,
            .array(stride(from: 1, through: 20_000, by: 2).map { .integer($0) }))
    }

    func testDistributeArrayElementsHugeCounts() {
        for count in ["1000000000000", "9223372036854775807", "1e30", "1000001"] {
            assertError(
                "^distributeArrayElements(^array(1|2)|\(count))", .object, containing: "more than the limit of 1000000")
        }
        assertValue(
            "^distributeArrayElements(^array(1|2|3)|2)", .object, [[.string("1"), .string("3")], [.string("2")]])
    }

    func testRepeatCountCap() {
        assertError(
            "^repeat(1e12|x)", .object,
            containing: "the repetition count 1000000000000 is more than the limit of 1000000")
        assertError("^repeatBool(1000000000000|T)", .boolean, containing: "more than the limit of 1000000")
        assertString("^repeat(3|x)", .object, "x")
    }

    // MARK: Former silent wrong answers

    func testNumericLiteralBeyondDecimalRangeIsAnError() {
        let huge = "1" + String(repeating: "0", count: 200)
        // The error points at the literal.
        assertError(marked: "#(1️⃣\(huge)2️⃣ + 1)", .object, containing: "outside the range of decimal arithmetic")
        let tiny = "0." + String(repeating: "0", count: 200) + "1"
        assertError("\(tiny) * 2", .number, containing: "outside the range of decimal arithmetic")
        assertNumber("1" + String(repeating: "0", count: 100), Decimal(string: "1e100") ?? 0)
    }

    func testTinyProductsAreErrorsNotTraps() {
        // Foundation's Decimal * traps when the exponents add up to less than -128.
        let tiny = "0." + String(repeating: "0", count: 120) + "1"
        assertError("#(\(tiny) * \(tiny))", .object, containing: "range of decimal arithmetic")
        assertError("\(tiny) * \(tiny)", .number, containing: "range of decimal arithmetic")
        let small = "0." + String(repeating: "0", count: 69) + "1"
        assertError("\(small) * \(small)", .number, containing: "range of decimal arithmetic")
        XCTAssertEqual(
            DecimalArithmetic.multiply(
                Decimal(sign: .plus, exponent: -90, significand: 1),
                Decimal(sign: .minus, exponent: -20, significand: 7)),
            Decimal(sign: .minus, exponent: -110, significand: 7))
        XCTAssertEqual(DecimalArithmetic.multiply(Decimal(string: "2.5") ?? 0, 4), 10)
        assertNumber("\(tiny) * 0.5", Decimal(sign: .plus, exponent: -122, significand: 5))
    }

    func testRegexEngineFailureIsAnError() {
        env.variables.declare("long", value: .string(String(repeating: "a", count: 1_000_000)))
        assertError("^matchesRegex($long|([ab])*c)", .boolean, containing: "regular expression engine gave up")
        assertError("^replaceRegex($long|([ab])*c|x)", .object, containing: "regular expression engine gave up")
        env.variables.declare("short", value: .string(String(repeating: "a", count: 1_000)))
        assertBoolean("^matchesRegex($short|^^a+$$)", true)
        assertBoolean("^matchesRegex($short|([ab])*c)", false)
    }
}
