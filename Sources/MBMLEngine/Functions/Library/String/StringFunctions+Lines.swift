import Foundation

/// String functions that prefix every line: `^indentLines`, `^indentLinesToDepth`, `^prefixLinesWith`.
extension StringFunctions {
    static var lineFunctions: [FunctionDefinition] { [indentLines, indentLinesToDepth, prefixLinesWith] }

    /// The deepest indentation `^indentLinesToDepth` accepts (<doc:FunctionCalls>, unbounded work).
    static let maximumIndentDepth = 1_000

    static let indentLines = FunctionDefinition(
        "indentLines", input: .string, signature: "^indentLines(text)", category: .string,
        summary: "The text with a tab inserted at the start of every line (including empty lines and the empty "
            + "line after a trailing line break, but not an empty first line). Line breaks are kept as they are."
    ) { call in
        guard let text = call.optionalText else { return nil }
        return .string(prefixingLines(of: text, with: "\t"))
    }

    static let indentLinesToDepth = FunctionDefinition(
        "indentLinesToDepth", input: .pipedObjects, signature: "^indentLinesToDepth(text|count)",
        category: .string,
        summary: "Indents every line of the text (a string) with count tab characters, following the line rules "
            + "of ^indentLines; 0 leaves the text unchanged. count must be a number from 0 to 1000."
    ) { call in
        let parameters = try call.values(.exactly(2))
        guard case .string(let text) = parameters[0] else {
            throw FunctionError.type(at: 0, expected: "String", got: parameters[0])
        }
        let depth = try NumberArgument.truncatedInteger(parameters[1], at: 1)
        guard (0...maximumIndentDepth).contains(depth) else {
            throw FunctionError(
                "expected input parameter at index 1 to be a depth from 0 to \(maximumIndentDepth), "
                    + "but got \(depth) instead")
        }
        guard depth > 0 else { return .string(text) }
        return .string(prefixingLines(of: text, with: String(repeating: "\t", count: depth)))
    }

    static let prefixLinesWith = FunctionDefinition(
        "prefixLinesWith", input: .pipedObjects, signature: "^prefixLinesWith(text|prefix)", category: .string,
        summary: "Puts the prefix at the start of every line of the text, following the line rules of "
            + "^indentLines. Both parameters must be strings (spaces in the prefix are kept; an empty prefix "
            + "parameter is null and therefore an error)."
    ) { call in
        let parameters = try call.values(.exactly(2))
        let texts = try parameters.enumerated().map { index, value -> String in
            guard case .string(let text) = value else {
                throw FunctionError.type(at: index, expected: "String", got: value)
            }
            return text
        }
        return .string(prefixingLines(of: texts[0], with: texts[1]))
    }

    /// Puts `prefix` before every line of `text` (<doc:FunctionLibrary> `^indentLines`): LF, CR, CR LF,
    /// U+0085, U+2028 and U+2029 end a line and are kept; an empty first line gets no prefix, the empty
    /// line after a trailing break does; empty text stays empty.
    static func prefixingLines(of text: String, with prefix: String) -> String {
        let units = Array(text.utf16)
        let prefixUnits = Array(prefix.utf16)
        var output: [UInt16] = []
        output.reserveCapacity(units.count + prefixUnits.count * 4)
        var atLineStart = true
        var index = 0
        while index < units.count {
            let unit = units[index]
            if atLineStart {
                if !(index == 0 && isLineBreak(unit)) { output += prefixUnits }
                atLineStart = false
            }
            output.append(unit)
            if isLineBreak(unit) {
                if unit == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A {
                    output.append(0x0A)
                    index += 1
                }
                atLineStart = true
            }
            index += 1
        }
        if atLineStart && !units.isEmpty { output += prefixUnits }
        return String(decoding: output, as: UTF16.self)
    }

    private static func isLineBreak(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}
