import Foundation

/// The Regex functions of <doc:FunctionLibrary>. Every parameter is evaluated as an MBML expression
/// before it is used as text or pattern; patterns use ICU syntax with no options and run under the
/// limits of ``GuardedRegex``.
enum RegexFunctions {
    static var all: [FunctionDefinition] { [stripRegex, replaceRegex, matchesRegex] }

    static let stripRegex = FunctionDefinition(
        "stripRegex", input: .pipedStrings, signature: "^stripRegex(text|pattern|…)", category: .regex,
        summary: "Removes every match of each regular expression from the text, applying the patterns in turn "
            + "(each to the result of the previous one). Patterns use ICU syntax; a pattern containing | must be "
            + "wrapped in ^q(…). An empty or invalid pattern is an error."
    ) { call in
        let parameters = try call.strings(.atLeast(2))
        var text = parameters[0]
        for (index, pattern) in parameters.enumerated().dropFirst() {
            let regex = try GuardedRegex(pattern: pattern, parameterIndex: index, call: call)
            text = try regex.replacingMatches(in: text, with: "")
        }
        return .string(text)
    }

    static let replaceRegex = FunctionDefinition(
        "replaceRegex", input: .pipedStrings, signature: "^replaceRegex(text|pattern|template)", category: .regex,
        summary: "Replaces every match of the regular expression in the text with the template, which may refer "
            + "to capture groups as $1, $2, … (ICU template rules). Spaces in all three parameters are "
            + "significant. An empty or invalid pattern is an error."
    ) { call in
        let parameters = try call.strings(.exactly(3))
        let regex = try GuardedRegex(pattern: parameters[1], parameterIndex: 1, call: call)
        return .string(try regex.replacingMatches(in: parameters[0], with: parameters[2]))
    }

    static let matchesRegex = FunctionDefinition(
        "matchesRegex", input: .pipedStrings, signature: "^matchesRegex(text|pattern|…)", category: .regex,
        summary: "True only if every one of the regular expressions matches somewhere in the text (not any). "
            + "Patterns are tried in order and the first one that does not match ends the check with false; an "
            + "empty or invalid pattern reached before that is an error."
    ) { call in
        let parameters = try call.strings(.atLeast(2))
        let text = parameters[0]
        for (index, pattern) in parameters.enumerated().dropFirst() {
            let regex = try GuardedRegex(pattern: pattern, parameterIndex: index, call: call)
            if try !regex.matches(text) { return .boolean(false) }
        }
        return .boolean(true)
    }
}
