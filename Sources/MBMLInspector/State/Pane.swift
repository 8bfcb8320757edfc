/// The panes that can have focus, in Tab order.
enum Pane: String, CaseIterable, Sendable {
    case editor, results, tokens, lesson, pins, log, variables

    /// The pane's title.
    var title: String {
        switch self {
        case .editor: return "Expression"
        case .results: return "Results"
        case .tokens: return "Tokens"
        case .lesson: return "Lesson"
        case .pins: return "Pins"
        case .log: return "Log"
        case .variables: return "Variables"
        }
    }
}
