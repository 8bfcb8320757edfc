import Foundation

/// The Date functions of <doc:FunctionLibrary>: the clock and Unix timestamps (this file), pattern and
/// styled formatting (`DateFormatting.swift`) and parsing (`DateParsing.swift`).
enum DateFunctions {
    static var all: [FunctionDefinition] {
        clockFunctions + formattingFunctions + styledFunctions + parsingFunctions
    }

    static var clockFunctions: [FunctionDefinition] {
        [
            FunctionDefinition(
                "currentTime", input: .none, signature: "^currentTime()", category: .date,
                summary: "Returns the current date and time as a Date. Any argument text is ignored."
            ) { _ in .date(Date()) },

            FunctionDefinition(
                "timeZoneOffset", input: .none, signature: "^timeZoneOffset()", category: .date,
                summary:
                    "Returns the local time zone's current offset from UTC in minutes (seconds divided by 60, truncated): 0 for UTC, -300 for New York in January, 330 for Kolkata."
            ) { _ in .integer(DateSupport.localTimeZone.secondsFromGMT(for: Date()) / 60) },

            FunctionDefinition(
                "secondsSince", input: .object, signature: "^secondsSince(date)", category: .date,
                summary:
                    "Returns the whole seconds that have passed since a Date (the interval date − now truncated toward zero, then negated); future dates give negative numbers. Only Dates are accepted, not date Strings."
            ) { call in
                let date = try DateSupport.dateOnly(of: call)
                return .integer(-DateSupport.wholeSeconds(date.timeIntervalSinceNow))
            },

            FunctionDefinition(
                "secondsUntil", input: .object, signature: "^secondsUntil(date)", category: .date,
                summary:
                    "Returns the whole seconds from now until a Date (date − now, truncated toward zero); past dates give negative numbers. Only Dates are accepted, not date Strings."
            ) { call in
                let date = try DateSupport.dateOnly(of: call)
                return .integer(DateSupport.wholeSeconds(date.timeIntervalSinceNow))
            },

            FunctionDefinition(
                "unixTimestampToDate", input: .object, signature: "^unixTimestampToDate(timestamp)", category: .date,
                summary:
                    "Returns the Date that is the given number of seconds after 1970-01-01T00:00:00Z. The timestamp may be a Number or a numeric String; fractions are kept. A date outside the years 1 to 9999 is an error."
            ) { call in
                let value = try call.value()
                guard let seconds = value.decimalValue.map({ NSDecimalNumber(decimal: $0).doubleValue }),
                    seconds.isFinite
                else {
                    throw FunctionError(
                        "expected input parameter to contain a number value, but got \"\(value.text)\" (\(value.typeName)) instead"
                    )
                }
                return .date(try RenderableDates.checked(Date(timeIntervalSince1970: seconds)))
            },

            FunctionDefinition(
                "dateToUnixTimestamp", input: .object, signature: "^dateToUnixTimestamp(date)", category: .date,
                summary:
                    "Returns the whole seconds between 1970-01-01T00:00:00Z and a Date, truncated toward zero. Only Dates are accepted, not date Strings."
            ) { call in
                let date = try DateSupport.dateOnly(of: call)
                return .integer(DateSupport.wholeSeconds(date.timeIntervalSince1970))
            },

            FunctionDefinition(
                "addSecondsToDate", input: .pipedObjects, signature: "^addSecondsToDate(seconds|date)", category: .date,
                summary:
                    "Returns the Date that is a number of seconds after a date; note the order, seconds first. The seconds are read leniently (a String by its leading numeric part, non-numeric text and null as 0); the date is a Date or a String in the default parsing format."
            ) { call in
                let parameters = try call.values(.exactly(2))
                let seconds = try lenientSeconds(parameters[0])
                let date = try DateSupport.dateOrString(parameters[1], at: 1, in: call)
                return .date(try RenderableDates.checked(date.addingTimeInterval(seconds)))
            },

            FunctionDefinition(
                "formatTimeUntil", input: .object, signature: "^formatTimeUntil(date)", category: .date,
                summary:
                    "Returns the time from now until a Date as a countdown: h:mm:ss when at least an hour remains, otherwise m:ss; whole days are dropped. Past dates print negative fields (30 seconds ago is \"0:-30\"), as the reference does. Only Dates are accepted."
            ) { call in
                let date = try DateSupport.dateOnly(of: call)
                return .string(countdown(from: Date(), to: date))
            },
        ]
    }

    /// The lenient reading of `^addSecondsToDate`'s seconds: numbers as is, Strings by their leading
    /// numeric part (else 0), null as 0. Collections, Dates and Data have no such reading.
    static func lenientSeconds(_ value: Value) throws -> Double {
        switch value {
        case .string(let text): return NumericParsing.double(from: text)
        case .null: return 0
        default:
            guard let seconds = value.doubleValue else {
                throw FunctionError.notANumber(at: 0, got: value)
            }
            return seconds.isFinite ? seconds : 0
        }
    }

    /// The `^formatTimeUntil` text: the difference of the two whole-second times modulo one day,
    /// as `hh:mm:ss` or `mm:ss`, with one leading `0` removed.
    static func countdown(from now: Date, to date: Date) -> String {
        let difference =
            DateSupport.wholeSeconds(date.timeIntervalSince1970)
            - DateSupport.wholeSeconds(now.timeIntervalSince1970)
        let withinDay = difference % 86_400
        let hours = withinDay / 3600
        let minutes = (withinDay % 3600) / 60
        let seconds = withinDay % 60
        var text =
            hours > 0
            ? String(format: "%02ld:%02ld:%02ld", hours, minutes, seconds)
            : String(format: "%02ld:%02ld", minutes, seconds)
        if text.hasPrefix("0") { text.removeFirst() }
        return text
    }
}
