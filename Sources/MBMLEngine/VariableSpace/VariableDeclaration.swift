/// How a variable came to be (<doc:Variables>).
public enum VariableDeclaration: Sendable, Equatable {
    /// A value computed once and stored; read-only if declared with a falsy `mutable`.
    case concrete(readOnly: Bool)
    /// An expression evaluated on every read, in the given context. Always read-only.
    ///
    /// Boxed (`indirect`): a declaration is then one word, and a variable space's record of a
    /// name (a manifest of a hundred thousand names makes as many) 56 bytes instead of 72.
    indirect case dynamic(expression: String, context: ExpressionContext)
    /// A value supplied by the host on every read (`$Environment`, `$Platform`). Always read-only.
    case singleton

    /// Whether writes, pushes and pops are refused.
    public var isReadOnly: Bool {
        switch self {
        case .concrete(let readOnly): return readOnly
        case .dynamic, .singleton: return true
        }
    }
}

/// Why a change to the variable space was refused.
public enum VariableSpaceError: Error, Equatable, Sendable, CustomStringConvertible {
    case readOnly(String)
    case emptyStack(String)

    public var description: String {
        switch self {
        case .readOnly(let name): return "Attempted to change value of read-only variable named \(name)"
        case .emptyStack(let name): return "Can't pop a variable that has no pushed values: \(name)"
        }
    }
}
