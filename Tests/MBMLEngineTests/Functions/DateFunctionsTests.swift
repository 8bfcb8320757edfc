import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class DateFunctionsTests: XCTestCase {
    private let harness = FunctionHarness()
    /// Thu, 26 Jan 2012 15:58:19 UTC.
    private let sample = Date(timeIntervalSince1970: 1_327_593_499)
    private let sampleText = "Thu, 26 Jan 2012 15:58:19 UTC"

    private func requireUTC() throws {
        try XCTSkipIf(TimeZone.current.secondsFromGMT(for: sample) != 0, "formatting expectations assume TZ=UTC")
    }

    // MARK: Clock and timestamps

    func testCurrentTimeIsNow() throws {
        guard case .date(let date)? = try harness.call("currentTime", .absent) else { return XCTFail("not a date") }
        XCTAssertLessThan(abs(date.timeIntervalSinceNow), 2)
    }

    func testTimeZoneOffsetIsInMinutes() throws {
        XCTAssertEqual(try harness.call("timeZoneOffset", .absent), .integer(TimeZone.current.secondsFromGMT() / 60))
    }

    func testSecondsSinceAndUntil() throws {
        let past = Date().addingTimeInterval(-60.5)
        let future = Date().addingTimeInterval(120.5)
        XCTAssertEqual(try harness.call("secondsSince", .value(.date(past))), .integer(60))
        XCTAssertEqual(try harness.call("secondsUntil", .value(.date(past))), .integer(-60))
        XCTAssertEqual(try harness.call("secondsUntil", .value(.date(future))), .integer(120))
        XCTAssertEqual(try harness.call("secondsSince", .value(.date(future))), .integer(-120))
    }

    func testDateOnlyFunctionsRejectStringsAbsentAndNull() {
        for name in ["secondsSince", "secondsUntil", "dateToUnixTimestamp", "formatTimeUntil"] {
            XCTAssertEqual(harness.failure(name, .absent), "expected input parameter, but got none", name)
            XCTAssertEqual(harness.failure(name, .value(.null)), "expected input parameter, but got a null value", name)
            XCTAssertEqual(
                harness.failure(name, .value(.string(sampleText))),
                "expected input parameter to be of type Date, but got String instead", name)
            XCTAssertEqual(
                harness.failure(name, .value(.integer(5))),
                "expected input parameter to be of type Date, but got Number instead", name)
        }
    }

    func testUnixTimestamps() throws {
        XCTAssertEqual(try harness.call("unixTimestampToDate", .value(.integer(1_327_593_499))), .date(sample))
        XCTAssertEqual(
            try harness.call("unixTimestampToDate", .value(.string("1.5"))),
            .date(Date(timeIntervalSince1970: 1.5)))
        XCTAssertEqual(
            try harness.call("dateToUnixTimestamp", .value(.date(Date(timeIntervalSince1970: 99.9)))), .integer(99))
        XCTAssertEqual(
            try harness.call("dateToUnixTimestamp", .value(.date(Date(timeIntervalSince1970: -1.5)))), .integer(-1))
        XCTAssertEqual(
            harness.failure("unixTimestampToDate", .value(.string("soon"))),
            "expected input parameter to contain a number value, but got \"soon\" (String) instead")
        XCTAssertEqual(
            harness.failure("unixTimestampToDate", .value(.array([]))),
            "expected input parameter to contain a number value, but got \"(\n)\" (Array) instead")
        XCTAssertEqual(harness.failure("unixTimestampToDate", .absent), "expected input parameter, but got none")
        XCTAssertEqual(
            harness.failure("unixTimestampToDate", .value(.null)), "expected input parameter, but got a null value")
    }

    func testAddSecondsToDate() throws {
        XCTAssertEqual(
            try harness.call("addSecondsToDate", .values([.integer(300), .date(sample)])),
            .date(sample.addingTimeInterval(300)))
        XCTAssertEqual(
            try harness.call("addSecondsToDate", .values([.string("-60"), .string(sampleText)])),
            .date(sample.addingTimeInterval(-60)))
        XCTAssertEqual(try harness.call("addSecondsToDate", .values([.string("soon"), .date(sample)])), .date(sample))
        XCTAssertEqual(try harness.call("addSecondsToDate", .values([.null, .date(sample)])), .date(sample))
        XCTAssertEqual(
            harness.failure("addSecondsToDate", .values([.integer(300)])),
            "expected exactly 2 input parameters, but got 1 instead")
        XCTAssertEqual(harness.failure("addSecondsToDate", .absent), "expected input parameters, but got none")
        XCTAssertEqual(
            harness.failure("addSecondsToDate", .values([.integer(1), .integer(2)])),
            "expected input parameter at index 1 to be of type Date or String, but got Number instead")
        XCTAssertNotNil(harness.failure("addSecondsToDate", .values([.array([]), .date(sample)])))
        XCTAssertTrue(
            harness.failure("addSecondsToDate", .values([.integer(1), .string("nope")]))?
                .hasPrefix("couldn't parse date from input \"nope\" in locale en_US_POSIX") ?? false)
    }

    func testCountdownText() {
        let now = Date(timeIntervalSince1970: 1000.7)
        XCTAssertEqual(DateFunctions.countdown(from: now, to: now.addingTimeInterval(300)), "5:00")
        XCTAssertEqual(DateFunctions.countdown(from: now, to: now.addingTimeInterval(3661)), "1:01:01")
        XCTAssertEqual(DateFunctions.countdown(from: now, to: now.addingTimeInterval(90_000)), "1:00:00")
        XCTAssertEqual(DateFunctions.countdown(from: now, to: now.addingTimeInterval(36_000)), "10:00:00")
        XCTAssertEqual(DateFunctions.countdown(from: now, to: now.addingTimeInterval(9)), "0:09")
        XCTAssertEqual(DateFunctions.countdown(from: now, to: now.addingTimeInterval(-30)), "0:-30")
    }

    func testFormatTimeUntilThroughTheEvaluator() throws {
        let text = try harness.evaluate("^formatTimeUntil(^addSecondsToDate(3700|^currentTime()))", in: .string)
        XCTAssertTrue(["1:01:40", "1:01:39"].contains(text?.text ?? ""), "\(String(describing: text))")
    }

    // MARK: Formatting

    func testFormatDate() throws {
        try requireUTC()
        XCTAssertEqual(
            try harness.call("formatDate", .values([.date(sample), .string("MM/dd/yy")])), .string("01/26/12"))
        XCTAssertEqual(
            try harness.call("formatDate", .values([.string(sampleText), .string("yyyy-MM-dd HH:mm")])),
            .string("2012-01-26 15:58"))
        XCTAssertEqual(
            harness.failure("formatDate", .values([.date(sample)])),
            "expected exactly 2 input parameters, but got 1 instead")
        XCTAssertEqual(
            harness.failure("formatDate", .values([.date(sample), .integer(3)])),
            "expected input parameter at index 1 to be of type String, but got Number instead")
        XCTAssertEqual(
            harness.failure("formatDate", .values([.null, .string("yy")])),
            "expected input parameter, but got a null value")
    }

    /// Issue #20: a pattern the formatter cannot use returned "" silently.
    func testFormatDateWithAPatternItCannotUseIsAnError() throws {
        let long = String(repeating: "y", count: 1_025)
        XCTAssertEqual(
            harness.failure("formatDate", .values([.date(sample), .string(long)])),
            "invalid date pattern \"\(String(repeating: "y", count: 40))…\": it is 1025 characters long; the longest usable is 1024"
        )
        let quoted = String(repeating: "'x'", count: 400)
        XCTAssertNotNil(harness.failure("formatDate", .values([.date(sample), .string(quoted)])))
        XCTAssertEqual(
            harness.failure("formatDate", .values([.date(sample), .string("'")])),
            "invalid date pattern \"'\": it formats nothing (is a quote left open?)")
        XCTAssertEqual(
            try harness.call("formatDate", .values([.date(sample), .string(String(repeating: "'", count: 1_024))])),
            .string(String(repeating: "'", count: 512)), "the longest pattern still works")
        XCTAssertEqual(try harness.call("formatDate", .values([.date(sample), .string("")])), .string(""))
        XCTAssertEqual(
            harness.failure("reformatDate", .values([.string("26 Oct 1986"), .string("dd MMM yyyy"), .string(long)])),
            "invalid date pattern \"\(String(repeating: "y", count: 40))…\": it is 1025 characters long; the longest usable is 1024"
        )
    }

    func testFormatSortableDateUsesTheWeekBasedYear() throws {
        try requireUTC()
        XCTAssertEqual(
            try harness.call("formatSortableDate", .value(.string(sampleText))), .string("2012-01-26 15:58:19"))
        let newYearsEve = Date(timeIntervalSince1970: 1_356_955_200) // 2012-12-31T12:00:00Z
        XCTAssertEqual(
            try harness.call("formatSortableDate", .value(.date(newYearsEve))), .string("2013-12-31 12:00:00"))
        XCTAssertEqual(harness.failure("formatSortableDate", .absent), "expected input parameter, but got none")
        XCTAssertEqual(
            harness.failure("formatSortableDate", .value(.array([]))),
            "expected input parameter to be of type Date or String, but got Array instead")
    }

    func testStyledFormatsGiveEnglishTextWithPlainSpaces() throws {
        try requireUTC()
        try XCTSkipIf(
            DateSupport.outputLocale.identifier != "en_US_POSIX" && DateSupport.outputLocale.identifier != "en_US",
            "expectations are for an English (C or en_US) process locale")
        let expected: [String: String] = [
            "formatShortDate": "1/26/12",
            "formatMediumDate": "Jan 26, 2012",
            "formatLongDate": "January 26, 2012",
            "formatFullDate": "Thursday, January 26, 2012",
            "formatShortTime": "3:58 PM",
            "formatMediumTime": "3:58:19 PM",
            "formatLongTime": "3:58:19 PM UTC",
            "formatFullTime": "3:58:19 PM Coordinated Universal Time",
            "formatShortDateTime": "1/26/12, 3:58 PM",
            "formatMediumDateTime": "Jan 26, 2012 at 3:58:19 PM",
            "formatLongDateTime": "January 26, 2012 at 3:58:19 PM UTC",
            "formatFullDateTime": "Thursday, January 26, 2012 at 3:58:19 PM Coordinated Universal Time",
        ]
        for (name, text) in expected {
            let input: FunctionInput =
                name.hasSuffix("Date") ? .values([.string(sampleText)]) : .value(.string(sampleText))
            XCTAssertEqual(try harness.call(name, input), .string(text), name)
        }
    }

    func testStyledDateTimeZoneParameter() throws {
        try requireUTC()
        let lateNight: Value = .string("Fri, 27 Jan 2012 02:00:00 UTC")
        XCTAssertEqual(try harness.call("formatShortDate", .values([lateNight, .string("EST")])), .string("1/26/12"))
        XCTAssertEqual(
            try harness.call("formatShortDate", .values([lateNight, .string("NOT-A-ZONE")])), .string("1/27/12"))
        XCTAssertEqual(try harness.call("formatShortDate", .values([lateNight])), .string("1/27/12"))
        XCTAssertEqual(
            harness.failure("formatShortDate", .values([lateNight, .string("EST"), .string("x")])),
            "expected at least 1 and at most 2 input parameters, but got 3 instead")
        XCTAssertEqual(harness.failure("formatMediumDate", .absent), "expected input parameters, but got none")
        XCTAssertNotNil(harness.failure("formatShortTime", .value(.string("this should not parse"))))
    }

    func testPlainSpacesReplacesNarrowNoBreakSpaces() {
        XCTAssertEqual(DateSupport.plainSpaces("3:58\u{202F}PM\u{00A0}x\u{2009}y"), "3:58 PM x y")
    }

    func testProcessLocaleFromEnvironment() {
        XCTAssertEqual(DateSupport.processLocale(environment: [:]).identifier, "en_US_POSIX")
        XCTAssertEqual(DateSupport.processLocale(environment: ["LANG": "C.UTF-8"]).identifier, "en_US_POSIX")
        XCTAssertEqual(DateSupport.processLocale(environment: ["LANG": "POSIX"]).identifier, "en_US_POSIX")
        XCTAssertEqual(DateSupport.processLocale(environment: ["LANG": "de_DE.UTF-8@euro"]).identifier, "de_DE")
        XCTAssertEqual(
            DateSupport.processLocale(environment: ["LANG": "de_DE.UTF-8", "LC_TIME": "fr_FR"]).identifier, "fr_FR")
        XCTAssertEqual(
            DateSupport.processLocale(environment: ["LC_ALL": "en_GB", "LC_TIME": "fr_FR"]).identifier, "en_GB")
        XCTAssertEqual(
            DateSupport.processLocale(environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"]).identifier, "en_US")
    }

    // MARK: Parsing

    func testParseDate() throws {
        XCTAssertEqual(try harness.call("parseDate", .values([.string(sampleText)])), .date(sample))
        XCTAssertEqual(
            try harness.call("parseDate", .values([.string("Sun, 26 Oct 1986 00:02:00 EDT")])),
            .date(Date(timeIntervalSince1970: 530_683_320)))
        XCTAssertEqual(
            try harness.call(
                "parseDate",
                .values([
                    .string("Fri, Jan 20, 2012 01:00PM EST"),
                    .string("EEE, MMM d, yyyy hh:mma z"),
                ])),
            .date(Date(timeIntervalSince1970: 1_327_082_400)))
        XCTAssertEqual(harness.failure("parseDate", .absent), "expected input parameters, but got none")
        XCTAssertEqual(
            harness.failure("parseDate", .values([.string("a"), .string("b"), .string("c")])),
            "expected at least 1 and at most 2 input parameters, but got 3 instead")
        XCTAssertEqual(
            harness.failure("parseDate", .values([.string("not a date")])),
            "couldn't parse date from input \"not a date\" in locale en_US_POSIX using format \"EEE, dd MMM yyyy HH:mm:ss zzz\""
        )
    }

    func testParsingDefaultsComeFromVariables() throws {
        try requireUTC()
        try harness.environment.variables.set(DateSupport.parsingFormatVariable, to: .string("yyyy-MM-dd"))
        XCTAssertEqual(
            try harness.call("parseDate", .values([.string("2012-01-26")])),
            .date(Date(timeIntervalSince1970: 1_327_536_000)))
        XCTAssertEqual(
            try harness.call("formatSortableDate", .value(.string("2012-01-26"))), .string("2012-01-26 00:00:00"))
        try harness.environment.variables.set(DateSupport.parsingLocaleVariable, to: .string("de_DE"))
        XCTAssertEqual(
            harness.failure("parseDate", .values([.string("x")])),
            "couldn't parse date from input \"x\" in locale de_DE using format \"yyyy-MM-dd\"")
    }

    func testReformatDate() throws {
        XCTAssertEqual(
            try harness.call("reformatDate", .values(["26 Oct 1986", "dd MMM yyyy", "MM/dd/yy"])), .string("10/26/86"))
        try requireUTC()
        XCTAssertEqual(
            try harness.call("reformatDate", .values(["Sun, 26 Oct 1986 04:02:00 GMT", "yyyy-MM-dd"])),
            .string("1986-10-26"))
        XCTAssertNotNil(harness.failure("reformatDate", .values(["26 Oct 1986", "MM/dd/yy"])))
        XCTAssertEqual(
            harness.failure("reformatDate", .values(["26 Oct 1986"])),
            "expected at least 2 and at most 3 input parameters, but got 1 instead")
    }

    func testReformatDateWithLocale() throws {
        XCTAssertEqual(
            try harness.call("reformatDateWithLocale", .values(["26 Oct 1986", "en_US", "dd MMM yyyy", "MM/dd/yy"])),
            .string("10/26/86"))
        XCTAssertEqual(
            harness.failure("reformatDateWithLocale", .values(["x", "en_US", "MM/dd/yy"])),
            "couldn't parse date from input \"x\" in locale en_US using format \"EEE, dd MMM yyyy HH:mm:ss zzz\"")
        XCTAssertEqual(
            harness.failure("reformatDateWithLocale", .values(["a", "b", "c", "d", "e"])),
            "expected at least 3 and at most 4 input parameters, but got 5 instead")
        XCTAssertEqual(harness.failure("reformatDateWithLocale", .absent), "expected input parameters, but got none")
    }

    func testDateFunctionsThroughTheEvaluator() throws {
        try requireUTC()
        XCTAssertEqual(
            try harness.evaluate("^formatDate(^parseDate(Thu, 26 Jan 2012 15:58:19 UTC)|MM/dd/yy)"), .string("01/26/12")
        )
        XCTAssertEqual(
            try harness.evaluate("^dateToUnixTimestamp(^addSecondsToDate(-60|Thu, 26 Jan 2012 15:58:19 UTC))"),
            .integer(1_327_593_439))
        XCTAssertThrowsError(try harness.evaluate("^secondsSince(this is not a date)"))
    }
}
