import Foundation

/// The parsing Date functions (<doc:FunctionLibrary>): `^parseDate`, `^reformatDate` and
/// `^reformatDateWithLocale`. Parsing uses the default parsing locale unless one is given; output
/// uses the process locale and the local time zone.
extension DateFunctions {
    static var parsingFunctions: [FunctionDefinition] {
        [
            FunctionDefinition(
                "parseDate", input: .pipedStrings, signature: "^parseDate(text|pattern)", category: .date,
                summary:
                    "Parses text into a Date with an ICU date pattern, by default the value of $MBMLDateFunctions:dateParsingFormat or the RFC 1123 pattern EEE, dd MMM yyyy HH:mm:ss zzz, in the default parsing locale (en_US_POSIX). A zone in the text is honoured; without one the local zone applies."
            ) { call in
                let parameters = try call.strings(.between(1, 2))
                let pattern = parameters.count > 1 ? parameters[1] : DateSupport.parsingFormat(in: call)
                return .date(
                    try DateSupport.parse(
                        parameters[0], pattern: pattern,
                        localeIdentifier: DateSupport.parsingLocale(in: call)))
            },

            FunctionDefinition(
                "reformatDate", input: .pipedStrings, signature: "^reformatDate(date|inputPattern|outputPattern)",
                category: .date,
                summary:
                    "Parses date text with an input pattern (by default the default parsing format) in the default parsing locale and formats the result with an output pattern in the current locale and local time zone, e.g. ^reformatDate(26 Oct 1986|dd MMM yyyy|MM/dd/yy) gives 10/26/86."
            ) { call in
                let parameters = try call.strings(.between(2, 3))
                let inputPattern = parameters.count == 3 ? parameters[1] : DateSupport.parsingFormat(in: call)
                return .string(
                    try reformat(
                        parameters[0], localeIdentifier: DateSupport.parsingLocale(in: call),
                        inputPattern: inputPattern, outputPattern: parameters[parameters.count - 1]))
            },

            FunctionDefinition(
                "reformatDateWithLocale", input: .pipedStrings,
                signature: "^reformatDateWithLocale(date|locale|inputPattern|outputPattern)", category: .date,
                summary:
                    "Like ^reformatDate, but the second parameter names the locale the text is parsed in (e.g. en_US, fr_FR). With three parameters the input pattern is the default parsing format. Output uses the current locale and local time zone."
            ) { call in
                let parameters = try call.strings(.between(3, 4))
                let inputPattern = parameters.count == 4 ? parameters[2] : DateSupport.parsingFormat(in: call)
                return .string(
                    try reformat(
                        parameters[0], localeIdentifier: parameters[1],
                        inputPattern: inputPattern, outputPattern: parameters[parameters.count - 1]))
            },
        ]
    }

    private static func reformat(
        _ text: String, localeIdentifier: String, inputPattern: String,
        outputPattern: String
    ) throws -> String {
        let date = try DateSupport.parse(text, pattern: inputPattern, localeIdentifier: localeIdentifier)
        return try formatted(date, pattern: outputPattern)
    }
}
