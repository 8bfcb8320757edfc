import MBMLEngine

/// How `mbml eval` prints a result in each context.
enum ResultFormatter {
    /// Object and number results in the JSON value encoding, string results as the plain text,
    /// boolean results as `true`/`false` (no value counts as false). The text is part of the job
    /// `evaluation`: made under its limits and charged to its budget, never built past it.
    /// - Throws: the job's stop (``MemoryBudgetExceeded`` for a text larger than what is left).
    static func text(of value: Value?, in context: ExpressionContext, within evaluation: Evaluation) throws -> String {
        switch context {
        case .object, .number: return try evaluation.json(of: value)
        case .string: return try value.map { try evaluation.text(of: $0) } ?? ""
        case .boolean: return (value?.isTruthy ?? false) ? "true" : "false"
        }
    }

    /// The one-line form used by `--context all`: like ``text(of:in:within:)``, but a string result
    /// is quoted so that line breaks and surrounding spaces stay visible.
    static func line(of value: Value?, in context: ExpressionContext, within evaluation: Evaluation) throws -> String {
        if context == .string {
            guard let value = value else { return "null" }
            return try evaluation.quoted(try evaluation.text(of: value))
        }
        return try text(of: value, in: context, within: evaluation)
    }

    /// The error's first line: the logged prefix and message (`Syntax error: ...`), and the option
    /// that changes the limit it hit, if any.
    static func message(of error: Error) -> String {
        LimitHint.appending(to: (error as? ExpressionError)?.headline ?? String(describing: error), for: error)
    }
}
