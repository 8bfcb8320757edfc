import MBMLEngine

/// How `mbml eval` prints a result in each context.
enum ResultFormatter {
    /// Object and number results in the JSON value encoding, string results as the plain text,
    /// boolean results as `true`/`false` (no value counts as false).
    static func text(of value: Value?, in context: ExpressionContext) -> String {
        switch context {
        case .object, .number: return JSONCodec.encode(value)
        case .string: return value?.text ?? ""
        case .boolean: return (value?.isTruthy ?? false) ? "true" : "false"
        }
    }

    /// The one-line form used by `--context all`: like ``text(of:in:)``, but a string result is
    /// quoted so that line breaks and surrounding spaces stay visible.
    static func line(of value: Value?, in context: ExpressionContext) -> String {
        if context == .string {
            guard let value = value else { return "null" }
            return JSONCodec.quoted(value.text)
        }
        return text(of: value, in: context)
    }

    /// The error's first line: the logged prefix and message (`Syntax error: ...`), and the option
    /// that changes the limit it hit, if any.
    static func message(of error: Error) -> String {
        LimitHint.appending(to: (error as? ExpressionError)?.headline ?? String(describing: error), for: error)
    }
}
