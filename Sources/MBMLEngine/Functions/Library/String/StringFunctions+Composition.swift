import Foundation

/// String functions that choose between or assemble texts: `^pluralize`, `^concatenateFields`,
/// `^firstNonemptyString`, `^firstNonemptyTrimmedString` and `^truncate`.
extension StringFunctions {
    static var compositionFunctions: [FunctionDefinition] {
        [pluralize, concatenateFields, firstNonemptyString, firstNonemptyTrimmedString, truncate]
    }

    static let pluralize = FunctionDefinition(
        "pluralize", input: .pipedStrings,
        signature: "^pluralize(count|one|other) or ^pluralize(count|zero|one|other)", category: .string,
        summary: "Chooses a text by count (a number, truncated to an integer). With three parameters: 1 gives "
            + "one, anything else other. With four: 0 gives zero, 1 gives one, anything else (negative "
            + "included) other."
    ) { call in
        let parameters = try call.strings(.between(3, 4))
        let count = try NumberArgument.truncatedInteger(.string(parameters[0]), at: 0)
        if parameters.count == 4 {
            switch count {
            case 0: return .string(parameters[1])
            case 1: return .string(parameters[2])
            default: return .string(parameters[3])
            }
        }
        return .string(count == 1 ? parameters[1] : parameters[2])
    }

    static let concatenateFields = FunctionDefinition(
        "concatenateFields", input: .pipedStrings, signature: "^concatenateFields(separator|label|value|…)",
        category: .string,
        summary: "Joins label/value pairs as label + value, skipping pairs whose value is empty. With an odd number "
            + "of parameters the first is the separator; with an even number the separator is \"; \". The "
            + "separator precedes every written pair except one in the first pair position, so a skipped first "
            + "pair leaves a leading separator (as the reference does)."
    ) { call in
        let parameters = try call.strings(.atLeast(2))
        let hasSeparator = parameters.count % 2 == 1
        let separator = hasSeparator ? parameters[0] : "; "
        let fields = hasSeparator ? Array(parameters.dropFirst()) : parameters
        var result = ""
        for pair in 0..<(fields.count / 2) {
            let label = fields[pair * 2]
            let value = fields[pair * 2 + 1]
            guard !value.isEmpty else { continue }
            if pair > 0 { result += separator }
            result += label + value
        }
        return .string(result)
    }

    static let firstNonemptyString = FunctionDefinition(
        "firstNonemptyString", input: .pipedExpressions, signature: "^firstNonemptyString(expr|expr|…)",
        category: .string,
        summary: "Evaluates each parameter as a string, in order, and returns the first non-empty result; null "
            + "when all are empty. Later parameters are not evaluated; errors propagate."
    ) { call in
        try firstNonempty(call, trimmed: false)
    }

    static let firstNonemptyTrimmedString = FunctionDefinition(
        "firstNonemptyTrimmedString", input: .pipedExpressions,
        signature: "^firstNonemptyTrimmedString(expr|expr|…)", category: .string,
        summary: "Like ^firstNonemptyString, but each result is trimmed of leading and trailing whitespace and "
            + "newlines first, and the first non-empty trimmed result is returned."
    ) { call in
        try firstNonempty(call, trimmed: true)
    }

    private static func firstNonempty(_ call: FunctionCall, trimmed: Bool) throws -> Value? {
        if case .absent = call.input { return nil }
        for expression in try call.expressions() {
            let value = try call.evaluate(expression, as: .string)
            var text = value.flatMap { $0.isNull ? nil : $0.text } ?? ""
            if trimmed { text = text.trimmingCharacters(in: .whitespacesAndNewlines) }
            if !text.isEmpty { return .string(text) }
        }
        return nil
    }

    /// The default `^truncate` marker, a horizontal ellipsis.
    static let ellipsis = "\u{2026}"

    static let truncate = FunctionDefinition(
        "truncate", input: .pipedStrings,
        signature: "^truncate(length|text) or ^truncate(length|marker|text)", category: .string,
        summary: "Shortens text longer than length (UTF-16 units; length comes first, the text last): the first "
            + "length units are kept, trimmed of whitespace at both ends, and the marker (default \"…\"; an empty "
            + "marker means none) is appended. Shorter text, or a negative length, leaves the text unchanged."
    ) { call in
        let parameters = try call.strings(.between(2, 3))
        let length = try NumberArgument.truncatedInteger(.string(parameters[0]), at: 0)
        let marker = parameters.count == 3 ? parameters[1] : ellipsis
        let text = parameters[parameters.count - 1]
        let units = Array(text.utf16)
        guard length >= 0, units.count > length else { return .string(text) }
        var kept = units.prefix(length)
        // Do not cut a surrogate pair in half: drop its leading half instead.
        if let last = kept.last, UTF16.isLeadSurrogate(last) { kept = kept.dropLast() }
        let head = String(decoding: kept, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return .string(head + marker)
    }
}
