/// What the server does (`initialize`'s `capabilities`), written from the handlers' own constants
/// (trigger characters, commands, the token legend).
struct ServerCapabilities: Encodable, Sendable {
    var positionEncoding = "utf-16"
    var textDocumentSync = TextDocumentSync()
    var workspace = WorkspaceCapabilities()
    var hoverProvider = true
    var completionProvider = CompletionOptions(
        triggerCharacters: CompletionHandler.triggerCharacters, resolveProvider: true)
    var signatureHelpProvider = SignatureHelpOptions(triggerCharacters: SignatureHelpHandler.triggerCharacters)
    var declarationProvider = true
    var definitionProvider = true
    var referencesProvider = true
    var renameProvider = RenameOptions(prepareProvider: true)
    var documentSymbolProvider = true
    var foldingRangeProvider = true
    var documentLinkProvider = ResolveOptions(resolveProvider: false)
    var inlayHintProvider = true
    var codeActionProvider = CodeActionOptions(codeActionKinds: CodeActionHandler.kinds)
    var codeLensProvider = ResolveOptions(resolveProvider: false)
    var executeCommandProvider = ExecuteCommandOptions(commands: ExecuteCommandHandler.commands)
    var semanticTokensProvider = SemanticTokensOptions(legend: SemanticTokensHandler.legend, full: true)

    struct TextDocumentSync: Encodable, Sendable {
        var openClose = true
        /// 2: incremental.
        var change = 2
    }

    struct WorkspaceCapabilities: Encodable, Sendable {
        var workspaceFolders = WorkspaceFolders()

        struct WorkspaceFolders: Encodable, Sendable {
            var supported = true
            var changeNotifications = true
        }
    }

    struct CompletionOptions: Encodable, Sendable {
        var triggerCharacters: [String]
        var resolveProvider: Bool
    }

    struct SignatureHelpOptions: Encodable, Sendable {
        var triggerCharacters: [String]
    }

    struct RenameOptions: Encodable, Sendable {
        var prepareProvider: Bool
    }

    struct ResolveOptions: Encodable, Sendable {
        var resolveProvider: Bool
    }

    struct CodeActionOptions: Encodable, Sendable {
        var codeActionKinds: [String]
    }

    struct ExecuteCommandOptions: Encodable, Sendable {
        var commands: [String]
    }

    struct SemanticTokensOptions: Encodable, Sendable {
        var legend: Legend
        var full: Bool

        struct Legend: Encodable, Sendable {
            var tokenTypes: [String]
            var tokenModifiers: [String]
        }
    }
}
