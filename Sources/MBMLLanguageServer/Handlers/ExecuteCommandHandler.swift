import MBMLEngine

/// `workspace/executeCommand`: the commands the server's code actions and lenses run.
enum ExecuteCommandHandler {
    /// The commands the server runs.
    static let commands = [CodeActionHandler.evaluateCommand]

    /// A command with its arguments read.
    enum Command: Equatable {
        /// ``CodeActionHandler/evaluateCommand``: `[uri, expression]`.
        case evaluate(uri: String, expression: String)

        /// The command `name` with `arguments`, or nil when it is unknown or its arguments do not fit.
        init?(_ name: String, arguments: [JSONValue]) {
            switch name {
            case CodeActionHandler.evaluateCommand:
                guard arguments.count == 2, let uri = arguments[0].stringValue,
                    let expression = arguments[1].stringValue
                else { return nil }
                self = .evaluate(uri: uri, expression: expression)
            default:
                return nil
            }
        }

        /// The document the command runs in.
        var uri: String {
            switch self {
            case .evaluate(let uri, _): uri
            }
        }
    }

    /// Runs `command` in the document's load: its result, and the message that shows it.
    static func run(_ command: Command, in context: DocumentRequestContext) -> (JSONValue, ShowMessageParams?) {
        switch command {
        case .evaluate(_, let expression):
            let (value, message) = CodeActionHandler.evaluate(
                expression, analysis: context.analysis, limits: context.limits)
            return (.string(value), message)
        }
    }
}
