import MBMLEngine

/// How the token pane writes what a token produced: `= "female"` (value role), `✗ message`
/// (error role), `· reason` it was not evaluated (dim); a token evaluated once per item shows
/// `= ×3 "female", "male", "female"`.
enum TokenValueText {
    /// How many of the values of a repeatedly evaluated token are listed.
    static let listed = 3

    static func describe(_ outcome: TraceOutcome, count: Int, all outcomes: [TraceOutcome] = []) -> (String, StyleRole)
    {
        switch outcome {
        case .value(let value):
            guard count > 1 else { return ("= " + ValueFormatter.summary(of: value), .value) }
            let values = (outcomes.isEmpty ? [outcome] : outcomes).prefix(listed).map { shown -> String in
                if case .value(let value) = shown { return ValueFormatter.summary(of: value) }
                return "✗"
            }
            let more = count > values.count ? ", …" : ""
            return ("= ×\(count) " + values.joined(separator: ", ") + more, .value)
        case .error(let error):
            return ("✗ " + EditorView.errorMessage(error), .error)
        case .notEvaluated(let reason):
            return ("· \(reason)", .dim)
        }
    }
}
