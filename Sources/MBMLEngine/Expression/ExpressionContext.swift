/// The four ways an expression can be evaluated (<doc:ContextsAndCoercions>).
///
/// `object` and `string` share one grammar; `number` uses the math grammar and `boolean` the boolean
/// grammar.
public enum ExpressionContext: String, CaseIterable, Sendable {
    case object, string, number, boolean

    /// The grammar that tokenizes expressions evaluated in this context.
    public var grammar: Grammar {
        switch self {
        case .object, .string: return .object
        case .number: return .math
        case .boolean: return .boolean
        }
    }
}

/// The tokenizer grammars of <doc:ExpressionSyntax>.
public enum Grammar: String, Sendable, Hashable {
    case object, math, boolean
    /// The piped parameter list (object grammar plus the `|` delimiter).
    case parameterList
    /// The piped math parameter list (math grammar plus the `|` delimiter).
    case mathParameterList
}
