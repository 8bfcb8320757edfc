import Foundation

/// The shared rules of the Date functions (<doc:FunctionLibrary>): the default parsing format and
/// locale, the process locale and time zone used for output, and reading a date parameter.
enum DateSupport {
    /// The RFC 1123 pattern used when `$MBMLDateFunctions:dateParsingFormat` is not set.
    static let defaultParsingFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    /// The locale used for parsing when `$MBMLDateFunctions:dateParsingLocale` is not set.
    static let defaultParsingLocale = "en_US_POSIX"
    static let parsingFormatVariable = "MBMLDateFunctions:dateParsingFormat"
    static let parsingLocaleVariable = "MBMLDateFunctions:dateParsingLocale"

    // MARK: Process locale and time zone

    /// The locale output is formatted in: the process's `LC_ALL`, `LC_TIME` or `LANG` setting (the
    /// first one set), without its encoding and modifier. The C/POSIX locale, no setting at all, or a
    /// setting Foundation cannot use (see ``LocaleIdentifier``) means `en_US_POSIX`, whose output is
    /// the plain English text the reference produces in `en_US`.
    static var outputLocale: Locale {
        processLocale(environment: ProcessInfo.processInfo.environment)
    }

    /// The locale named by a POSIX locale environment (see ``outputLocale``).
    static func processLocale(environment: [String: String]) -> Locale {
        let setting =
            ["LC_ALL", "LC_TIME", "LANG"].lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty } ?? ""
        let name = setting.prefix { $0 != "." && $0 != "@" }
        if name.isEmpty || name == "C" || name == "POSIX" || !LocaleIdentifier.isUsable(String(name)) {
            return Locale(identifier: defaultParsingLocale)
        }
        return Locale(identifier: String(name))
    }

    /// The process's local time zone (`TZ`, else the system setting).
    static var localTimeZone: TimeZone { TimeZone.current }

    // MARK: Parsing

    /// The pattern dates are parsed with when none is given: the variable
    /// `$MBMLDateFunctions:dateParsingFormat` if set, else ``defaultParsingFormat``.
    static func parsingFormat(in call: FunctionCall) -> String {
        setting(named: parsingFormatVariable, in: call) ?? defaultParsingFormat
    }

    /// The locale identifier dates are parsed in: `$MBMLDateFunctions:dateParsingLocale` if set,
    /// else ``defaultParsingLocale``.
    static func parsingLocale(in call: FunctionCall) -> String {
        setting(named: parsingLocaleVariable, in: call) ?? defaultParsingLocale
    }

    private static func setting(named name: String, in call: FunctionCall) -> String? {
        // Read in the call's job (a dynamic setting is evaluated in it); a setting is a short text.
        guard let value = (try? call.variables.value(of: name, within: call.evaluation)) ?? nil, !value.isNull else {
            return nil
        }
        let text = value.text(limit: 256).text
        return text.isEmpty ? nil : text
    }

    /// Parses `text` with an ICU `pattern` in the locale `localeIdentifier`. A zone in the text is
    /// honoured; without one the local zone applies.
    /// - Throws: a ``FunctionError`` naming the input, locale and pattern when the text does not match,
    ///   or the locale when Foundation cannot use it (``LocaleIdentifier``).
    ///
    /// ICU parses through ``CoreFoundationDateParser``: `DateFormatter` traps on some text.
    static func parse(_ text: String, pattern: String, localeIdentifier: String) throws -> Date {
        let locale = try LocaleIdentifier.locale(localeIdentifier)
        guard
            let date = CoreFoundationDateParser.date(
                from: text, pattern: pattern, locale: locale, timeZone: localTimeZone)
        else {
            throw FunctionError(
                "couldn't parse date from input \"\(text)\" in locale \(localeIdentifier) using format \"\(pattern)\"")
        }
        return try RenderableDates.checked(date)
    }

    /// Parses `text` with the default format and locale of `call`'s environment.
    static func parseWithDefaults(_ text: String, in call: FunctionCall) throws -> Date {
        try parse(text, pattern: parsingFormat(in: call), localeIdentifier: parsingLocale(in: call))
    }

    // MARK: Date parameters

    /// A *date-or-string* parameter: a Date as is, a String parsed with the defaults.
    /// - Parameters:
    ///   - value: the parameter; nil for absent input.
    ///   - index: the parameter's position in a piped list, or nil for a single-value function.
    static func dateOrString(_ value: Value?, at index: Int? = nil, in call: FunctionCall) throws -> Date {
        guard let value = value else { throw FunctionError.noParameter }
        switch value {
        case .date(let date): return date
        case .string(let text): return try parseWithDefaults(text, in: call)
        case .null: throw FunctionError.nullParameter
        default: throw typeError(expected: "Date or String", got: value, at: index)
        }
    }

    /// The single *date-or-string* parameter of an `object` function.
    static func dateOrString(of call: FunctionCall) throws -> Date {
        try dateOrString(call.optionalValue, in: call)
    }

    /// The single *Date only* parameter of an `object` function: Strings are rejected.
    static func dateOnly(of call: FunctionCall) throws -> Date {
        let value = try call.value()
        guard case .date(let date) = value else {
            throw FunctionError.type(expected: "Date", got: value)
        }
        return date
    }

    private static func typeError(expected: String, got value: Value, at index: Int?) -> FunctionError {
        if let index = index { return .type(at: index, expected: expected, got: value) }
        return .type(expected: expected, got: value)
    }

    // MARK: Output

    /// A formatter with an ICU pattern in the output locale and the local zone.
    static func formatter(pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = outputLocale
        formatter.timeZone = localTimeZone
        formatter.dateFormat = pattern
        return formatter
    }

    /// A formatter with the given styles in the output locale and `timeZone` (default: local).
    static func formatter(
        date dateStyle: DateFormatter.Style, time timeStyle: DateFormatter.Style,
        timeZone: TimeZone? = nil
    ) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = outputLocale
        formatter.timeZone = timeZone ?? localTimeZone
        formatter.dateStyle = dateStyle
        formatter.timeStyle = timeStyle
        return formatter
    }

    /// Styled output with the narrow and thin no-break spaces recent ICU versions insert (e.g. before
    /// `PM`) replaced by plain spaces, so results read `3:58 PM` as in the reference.
    static func plainSpaces(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    switch $0.value {
                    case 0x202F, 0x2009, 0x00A0: return " "
                    default: return $0
                    }
                }))
    }

    /// Seconds truncated toward zero, clamped far inside `Int`'s range so differences cannot overflow.
    static func wholeSeconds(_ interval: TimeInterval) -> Int {
        guard interval.isFinite else { return 0 }
        let limit = Double(1 << 60)
        return Int(min(max(interval, -limit), limit).rounded(.towardZero))
    }
}
