import MBMLEngine

/// `workspace/executeCommand`: the commands the server's code actions and lenses run.
enum ExecuteCommandHandler {
    /// The commands the server runs.
    static let commands = [CodeActionHandler.evaluateCommand, CodeLensHandler.runCommand]

    /// A command with its arguments read.
    enum Command: Equatable {
        /// ``CodeActionHandler/evaluateCommand``: `[uri, expression]`.
        case evaluate(uri: String, expression: String)
        /// ``CodeLensHandler/runCommand``: `[uri]` runs every check of the file, `[uri, id]` one.
        case runExpectations(uri: String, id: String?)

        /// The command `name` with `arguments`, or nil when it is unknown or its arguments do not fit.
        init?(_ name: String, arguments: [JSONValue]) {
            switch name {
            case CodeActionHandler.evaluateCommand:
                guard arguments.count == 2, let uri = arguments[0].stringValue,
                    let expression = arguments[1].stringValue
                else { return nil }
                self = .evaluate(uri: uri, expression: expression)
            case CodeLensHandler.runCommand:
                guard (1...2).contains(arguments.count), let uri = arguments[0].stringValue else { return nil }
                let id = arguments.count == 2 ? arguments[1].stringValue : nil
                if arguments.count == 2, id == nil { return nil }
                self = .runExpectations(uri: uri, id: id)
            default:
                return nil
            }
        }

        /// The document the command runs in.
        var uri: String {
            switch self {
            case .evaluate(let uri, _): uri
            case .runExpectations(let uri, _): uri
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
        case .runExpectations(_, let id):
            guard CodeLensHandler.isExpectationFile(context.document, analysis: context.analysis) else {
                return (.null, ShowMessageParams(type: 2, message: "not an expectation file of the project"))
            }
            let (value, message) = CodeLensHandler.runChecks(
                of: context.document, id: id, analysis: context.analysis, limits: context.limits)
            return (value, message)
        }
    }
}
