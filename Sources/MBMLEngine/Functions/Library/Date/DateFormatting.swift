import Foundation

/// The formatting Date functions (<doc:FunctionLibrary>): `^formatDate`, `^formatSortableDate` and the
/// twelve styled `^format…Date`, `^format…Time`, `^format…DateTime` functions. Output uses the
/// process locale (see ``DateSupport/outputLocale``) and the local time zone.
extension DateFunctions {
    static var formattingFunctions: [FunctionDefinition] {
        [
            FunctionDefinition(
                "formatDate", input: .pipedObjects, signature: "^formatDate(date|pattern)", category: .date,
                summary:
                    "Formats a date with an ICU date pattern (for example MM/dd/yy) in the current locale and local time zone. The date is a Date or a String in the default parsing format; the pattern must be a String the formatter can use (at most 1024 characters, quotes closed), else it is an error."
            ) { call in
                let parameters = try call.values(.exactly(2))
                let date = try DateSupport.dateOrString(parameters[0], at: 0, in: call)
                guard case .string(let pattern) = parameters[1] else {
                    throw FunctionError.type(at: 1, expected: "String", got: parameters[1])
                }
                return .string(try formatted(date, pattern: pattern))
            },

            FunctionDefinition(
                "formatSortableDate", input: .object, signature: "^formatSortableDate(date)", category: .date,
                summary:
                    "Formats a date with the fixed pattern YYYY-MM-dd HH:mm:ss (24-hour clock, local time zone). As in the reference, YYYY is the week-based year, which differs from the calendar year for a few days around New Year."
            ) { call in
                let date = try DateSupport.dateOrString(of: call)
                return .string(DateSupport.formatter(pattern: "YYYY-MM-dd HH:mm:ss").string(from: date))
            },
        ]
    }

    /// The styled formatting functions, generated from one table.
    static var styledFunctions: [FunctionDefinition] {
        let styles: [(name: String, style: DateFormatter.Style, example: String)] = [
            ("Short", .short, "1/26/12"),
            ("Medium", .medium, "Jan 26, 2012"),
            ("Long", .long, "January 26, 2012"),
            ("Full", .full, "Thursday, January 26, 2012"),
        ]
        let timeExamples = ["3:58 PM", "3:58:19 PM", "3:58:19 PM UTC", "3:58:19 PM Coordinated Universal Time"]
        var definitions: [FunctionDefinition] = []
        for (index, entry) in styles.enumerated() {
            definitions.append(styledDate(entry.name, entry.style, example: entry.example))
            definitions.append(styledTime(entry.name, entry.style, example: timeExamples[index]))
            definitions.append(
                styledDateTime(
                    entry.name, entry.style,
                    example: index == 0 ? "1/26/12, 3:58 PM" : "\(entry.example) at \(timeExamples[index])"))
        }
        return definitions
    }

    private static func styledDate(_ name: String, _ style: DateFormatter.Style, example: String) -> FunctionDefinition
    {
        FunctionDefinition(
            "format\(name)Date", input: .pipedObjects, signature: "^format\(name)Date(date|timeZone)", category: .date,
            summary:
                "Formats the date part of a date in the \(name.lowercased()) style of the current locale (\"\(example)\" in en_US). The date is a Date or a String in the default parsing format; the optional second parameter is a time-zone abbreviation such as UTC, EST or PST (an unknown one means the local zone)."
        ) { call in
            let parameters = try call.values(.between(1, 2))
            let date = try DateSupport.dateOrString(parameters[0], at: 0, in: call)
            let zone = parameters.count > 1 ? timeZone(abbreviation: parameters[1]) : nil
            let formatter = DateSupport.formatter(date: style, time: .none, timeZone: zone)
            return .string(DateSupport.plainSpaces(formatter.string(from: date)))
        }
    }

    private static func styledTime(_ name: String, _ style: DateFormatter.Style, example: String) -> FunctionDefinition
    {
        FunctionDefinition(
            "format\(name)Time", input: .object, signature: "^format\(name)Time(date)", category: .date,
            summary:
                "Formats the time part of a date in the \(name.lowercased()) style of the current locale and the local time zone (\"\(example)\" in en_US, UTC). The date is a Date or a String in the default parsing format."
        ) { call in
            let date = try DateSupport.dateOrString(of: call)
            let formatter = DateSupport.formatter(date: .none, time: style)
            return .string(DateSupport.plainSpaces(formatter.string(from: date)))
        }
    }

    private static func styledDateTime(_ name: String, _ style: DateFormatter.Style, example: String)
        -> FunctionDefinition
    {
        FunctionDefinition(
            "format\(name)DateTime", input: .object, signature: "^format\(name)DateTime(date)", category: .date,
            summary:
                "Formats a date with both date and time in the \(name.lowercased()) style of the current locale and the local time zone (\"\(example)\" in en_US, UTC). The date is a Date or a String in the default parsing format."
        ) { call in
            let date = try DateSupport.dateOrString(of: call)
            let formatter = DateSupport.formatter(date: style, time: style)
            return .string(DateSupport.plainSpaces(formatter.string(from: date)))
        }
    }

    /// The longest pattern ICU's formatter takes, in UTF-16 code units (it ignores a longer one
    /// and formats nothing).
    static let maximumPatternLength = 1024

    /// `date` formatted with the ICU `pattern` of `^formatDate`.
    /// - Throws: ``FunctionError`` when the formatter can not use the pattern: it is too long, or it
    ///   formats nothing (an unterminated quote), so a broken pattern never yields a silent `""`.
    static func formatted(_ date: Date, pattern: String) throws -> String {
        func invalid(_ reason: String) -> FunctionError {
            let excerpt = pattern.count > 40 ? String(pattern.prefix(40)) + "…" : pattern
            return FunctionError("invalid date pattern \"\(excerpt)\": \(reason)")
        }
        let length = pattern.utf16.count
        guard length <= maximumPatternLength else {
            throw invalid("it is \(length) characters long; the longest usable is \(maximumPatternLength)")
        }
        let text = DateSupport.formatter(pattern: pattern).string(from: date)
        if text.isEmpty, !pattern.isEmpty {
            throw invalid("it formats nothing (is a quote left open?)")
        }
        return text
    }

    /// The zone named by a time-zone abbreviation parameter, or nil (local zone) for an unknown or
    /// empty one.
    static func timeZone(abbreviation value: Value) -> TimeZone? {
        let text = value.isNull ? "" : value.text
        guard !text.isEmpty else { return nil }
        return TimeZone(abbreviation: text)
    }
}
