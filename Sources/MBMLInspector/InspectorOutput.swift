import MBMLEngine

/// What the inspector prints on standard output when the user quits with Ctrl-X (the selected
/// result) or Alt-X (the expression), so that it works in a pipeline: `mbml data.json | jq`.
public enum InspectorOutput: Equatable, Sendable {
    /// The expression as typed.
    case expression(String)
    /// The selected result and its context (nil: no value).
    case value(Value?, context: ExpressionContext)
    /// The selected result was an error; the message.
    case error(String)
}
