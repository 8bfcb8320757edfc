/// A finding about valid but probably mistaken input: what looks wrong, where, and what to write
/// instead (see `Environment.hints(for:context:trace:within:)`).
public struct Hint: Sendable, Equatable {
    /// The stable identifier of the kind of finding.
    public let code: HintCode
    /// Where, in UTF-16 code units of the expression.
    public let range: SourceRange
    /// One sentence saying what is wrong and what to do.
    public let message: String
    /// Text to put in place of `range`, when there is an obvious fix.
    public let replacement: String?

    public init(code: HintCode, range: SourceRange, message: String, replacement: String? = nil) {
        self.code = code
        self.range = range
        self.message = message
        self.replacement = replacement
    }
}

/// The kinds of hints. The raw values are stable: editors and documentation refer to them.
public enum HintCode: String, Sendable, CaseIterable {
    /// `#(`, `^name(`, `$[`, `${` or `$(` that never closes, so it is literal text.
    case unclosedConstruct = "unclosed-construct"
    /// `-eq`, `-and`, ...: the operator keywords are upper case; lower case is text.
    case lowercaseOperator = "lowercase-operator"
    /// A single `=` where a comparison (`==`) was probably meant.
    case singleEquals = "single-equals"
    /// `1+2` in math: without spaces `+2` and `-2` are signed numbers, not operators.
    case mathOperatorSpacing = "math-operator-spacing"
    /// A variable that is not defined; the nearest defined names are suggested.
    case undefinedVariable = "undefined-variable"
    /// `.count` (or another name) on a dictionary without that key: a key lookup, not a property.
    case dictionaryProperty = "dictionary-property"
    /// A call of a function that is not declared; the nearest names are suggested.
    case unknownFunction = "unknown-function"
    /// `$` or `^` in a regular expression parameter, which MBML reads first: write `$$` or `^^`.
    case regexDollar = "regex-dollar"

    /// What the code means, for the reference (`mbml explain` and the inspector's help).
    public var summary: String {
        switch self {
        case .unclosedConstruct: return "a #(, ^name(, $[, ${ or $( that never closes is literal text"
        case .lowercaseOperator: return "operator keywords are upper case (-EQ, -AND); -eq is text"
        case .singleEquals: return "= is not a comparison; write == or -EQ"
        case .mathOperatorSpacing: return "in math, +2 and -2 are signed numbers: put spaces around + and -"
        case .undefinedVariable: return "the variable is not defined (nearest names suggested); $$ is a literal $"
        case .dictionaryProperty: return ".name on a dictionary looks up the key name; use ^count(...) for the count"
        case .unknownFunction: return "no function of that name is declared (nearest names suggested)"
        case .regexDollar: return "in a regular expression parameter write $$ for $ and ^^ for ^"
        }
    }
}
