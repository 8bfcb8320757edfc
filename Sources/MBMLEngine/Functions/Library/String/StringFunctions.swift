import Foundation

/// The String functions of <doc:FunctionLibrary> (`^q`, `^eval`, `^evalBool` and `^parseInteger` live
/// in ``LanguageFunctions``). This file holds case mapping, trimming and searching; see the
/// `StringFunctions+…` files for composition, line prefixing and number parsing.
///
/// Lengths, offsets and literal comparisons work on UTF-16 code units, as the reference does.
enum StringFunctions {
    static var all: [FunctionDefinition] {
        [
            stripQueryString, lowercase, uppercase, titleCase, titleCaseIfAllCaps, stripSpaces, trimSpaces,
            hasPrefix, hasSuffix, containsString, rangeOfString,
        ] + compositionFunctions + lineFunctions + numberFunctions
    }

    /// A `string`-input function whose absent input (`^f()`) gives null.
    private static func textTransform(
        _ name: String, signature: String? = nil, summary: String,
        _ transform: @escaping @Sendable (String) -> String
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .string, signature: signature ?? "^\(name)(text)", category: .string,
            summary: summary
        ) { call in
            guard let text = call.optionalText else { return nil }
            return .string(transform(text))
        }
    }

    // MARK: URLs

    static let stripQueryString = textTransform(
        "stripQueryString", signature: "^stripQueryString(url)",
        summary: "Removes the query part (\"?…\") from the end of a URL. The text is left unchanged when it is not "
            + "a valid URL (e.g. it contains spaces) or when the query is not at its very end (a #fragment follows)."
    ) { text in
        guard let url = strictURL(text), let query = url.query(percentEncoded: true) else { return text }
        let suffix = Array(("?" + query).utf16)
        let units = Array(text.utf16)
        guard units.count >= suffix.count, units.suffix(suffix.count).elementsEqual(suffix) else { return text }
        return String(decoding: units.dropLast(suffix.count), as: UTF16.self)
    }

    /// `text` as a URL without percent-encoding invalid characters first (text with spaces is no URL).
    private static func strictURL(_ text: String) -> URL? {
        if #available(macOS 14, iOS 17, *) {
            return URL(string: text, encodingInvalidCharacters: false)
        }
        return URL(string: text)
    }

    // MARK: Case

    static let lowercase = textTransform(
        "lowercase", summary: "The text in lower case (full Unicode mapping, independent of the locale)."
    ) {
        $0.lowercased()
    }

    static let uppercase = textTransform(
        "uppercase", summary: "The text in upper case (full Unicode mapping: \"straße\" becomes \"STRASSE\")."
    ) {
        $0.uppercased()
    }

    static let titleCase = textTransform(
        "titleCase",
        summary: "The text with the first character of every word in upper case and every other character in lower "
            + "case (Foundation's capitalized: \"McDONALD\" becomes \"Mcdonald\")."
    ) { $0.capitalized }

    static let titleCaseIfAllCaps = textTransform(
        "titleCaseIfAllCaps",
        summary: "Title-cases the text (as ^titleCase) only when it contains no letter that is not upper case, "
            + "so \"IBM\" becomes \"Ibm\" while mixed-case text is returned unchanged."
    ) { text in
        let lettersNotUppercase = text.unicodeScalars.contains {
            CharacterSet.letters.contains($0) && !CharacterSet.uppercaseLetters.contains($0)
        }
        return lettersNotUppercase ? text : text.capitalized
    }

    // MARK: Whitespace

    static let stripSpaces = textTransform(
        "stripSpaces",
        summary: "The text with every space character (U+0020) removed; tabs, newlines and other "
            + "whitespace are kept."
    ) { text in
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != " " })
        return String(scalars)
    }

    static let trimSpaces = textTransform(
        "trimSpaces",
        summary: "The text without leading and trailing whitespace and newlines (all Unicode "
            + "whitespace, despite the name)."
    ) { $0.trimmingCharacters(in: .whitespacesAndNewlines) }

    // MARK: Searching

    static let hasPrefix = needleTest(
        "hasPrefix", signature: "^hasPrefix(text|prefix)",
        summary: "True if the text starts with the prefix (literal, case-sensitive). An empty prefix gives false."
    ) { text, needle in text.starts(with: needle) }

    static let hasSuffix = needleTest(
        "hasSuffix", signature: "^hasSuffix(text|suffix)",
        summary: "True if the text ends with the suffix (literal, case-sensitive). An empty suffix gives false."
    ) { text, needle in text.reversed().starts(with: needle.reversed()) }

    static let containsString = needleTest(
        "containsString", signature: "^containsString(text|substring)",
        summary: "True if the substring occurs in the text (literal, case-sensitive). An empty substring gives "
            + "false."
    ) { text, needle in firstOffset(of: needle, in: text) != nil }

    /// A two-parameter `pipedStrings` test on UTF-16 units; an empty needle is false (`NSString`).
    private static func needleTest(
        _ name: String, signature: String, summary: String,
        _ test: @escaping @Sendable ([UInt16], [UInt16]) -> Bool
    ) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .pipedStrings, signature: signature, category: .string,
            summary: summary
        ) { call in
            let parameters = try call.strings(.exactly(2))
            let needle = Array(parameters[1].utf16)
            guard !needle.isEmpty else { return .boolean(false) }
            return .boolean(test(Array(parameters[0].utf16), needle))
        }
    }

    /// The platform's "not found" location (`NSNotFound`).
    static let notFound = Int.max

    static let rangeOfString = FunctionDefinition(
        "rangeOfString", input: .pipedObjects, signature: "^rangeOfString(text|substring)", category: .string,
        summary: "The location and length, as the array [location, length] in UTF-16 units, of the first literal, "
            + "case-sensitive occurrence of the substring in the text. Not found (or an empty substring) gives "
            + "[9223372036854775807, 0]. Both parameters must be strings."
    ) { call in
        let parameters = try call.values(.exactly(2))
        let texts = try parameters.enumerated().map { index, value -> [UInt16] in
            guard case .string(let text) = value else {
                throw FunctionError.type(at: index, expected: "String", got: value)
            }
            return Array(text.utf16)
        }
        guard !texts[1].isEmpty, let location = firstOffset(of: texts[1], in: texts[0]) else {
            return .array([.integer(notFound), .integer(0)])
        }
        return .array([.integer(location), .integer(texts[1].count)])
    }

    /// The offset of the first occurrence of `needle` in `haystack` (both non-empty for a match), in
    /// time linear in both (Knuth–Morris–Pratt: a long needle of repeated units cannot make the
    /// search quadratic).
    static func firstOffset(of needle: [UInt16], in haystack: [UInt16]) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        // failure[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
        var failure = [Int](repeating: 0, count: needle.count)
        var length = 0
        for index in 1..<needle.count {
            while length > 0, needle[index] != needle[length] { length = failure[length - 1] }
            if needle[index] == needle[length] { length += 1 }
            failure[index] = length
        }
        var matched = 0
        for (index, unit) in haystack.enumerated() {
            while matched > 0, unit != needle[matched] { matched = failure[matched - 1] }
            if unit == needle[matched] { matched += 1 }
            if matched == needle.count { return index - needle.count + 1 }
        }
        return nil
    }
}
