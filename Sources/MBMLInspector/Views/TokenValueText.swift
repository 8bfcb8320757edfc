import MBMLEngine

/// How the token pane writes what a token produced: `= "female"` (value role), `✗ message`
/// (error role), `· reason` it was not evaluated (dim), with `×3` for a token evaluated once per item.
enum TokenValueText {
    static func describe(_ outcome: TraceOutcome, count: Int) -> (String, StyleRole) {
        let times = count > 1 ? "×\(count) " : ""
        switch outcome {
        case .value(let value):
            return ("= " + times + ValueFormatter.summary(of: value), .value)
        case .error(let error):
            return ("✗ " + EditorView.errorMessage(error), .error)
        case .notEvaluated(let reason):
            return ("· \(reason)", .dim)
        }
    }
}
