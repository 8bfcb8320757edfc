/// How a function's parameter text is tokenized and what its implementation receives
/// (<doc:FunctionCalls>).
public enum FunctionInputType: String, Sendable, CaseIterable {
    case none, raw, string, object, math
    case pipedExpressions, pipedStrings, pipedObjects, pipedMath

    /// Whether the parameter text is split at top-level `|` characters.
    public var isPiped: Bool {
        switch self {
        case .pipedExpressions, .pipedStrings, .pipedObjects, .pipedMath: return true
        default: return false
        }
    }

    /// The grammar the parameter text is tokenized with, or nil when it is not tokenized.
    public var grammar: Grammar? {
        switch self {
        case .none, .raw: return nil
        case .string, .object: return .object
        case .math: return .math
        case .pipedExpressions, .pipedStrings, .pipedObjects: return .parameterList
        case .pipedMath: return .mathParameterList
        }
    }
}

/// What an implementation receives (<doc:FunctionCalls>). ``absent`` is what `^f()` gives every input
/// type; it is not the same as one empty parameter.
public enum FunctionInput: Sendable {
    /// No input at all: empty parentheses, or input type `none`.
    case absent
    /// `raw`: the text between the parentheses, untouched. `string`: the evaluated text.
    case text(String)
    /// `object` and `math`: the evaluated value (``Value/null`` for nothing).
    case value(Value)
    /// `pipedObjects`, `pipedStrings` (strings) and `pipedMath`: one value per parameter.
    case values([Value])
    /// `pipedExpressions`: each parameter's normalized source text, not evaluated.
    case expressions([String])
}
