/// Every method the server knows, by name: the type its parameters decode to. The method strings
/// are written once, in each type's `method`; the server's capabilities name what it answers.
enum MessageRegistry {
    static let requests: [String: any LSPRequest.Type] = registry([
        InitializeRequest.self, ShutdownRequest.self,
        HoverRequest.self, CompletionRequest.self, CompletionResolveRequest.self, SignatureHelpRequest.self,
        DeclarationRequest.self, DefinitionRequest.self, ReferencesRequest.self,
        PrepareRenameRequest.self, RenameRequest.self,
        DocumentSymbolRequest.self, FoldingRangeRequest.self, DocumentLinkRequest.self, SemanticTokensRequest.self,
        InlayHintRequest.self, CodeActionRequest.self, CodeLensRequest.self, ExecuteCommandRequest.self,
    ])

    static let notifications: [String: any LSPNotification.Type] = registry([
        InitializedNotification.self, ExitNotification.self, CancelRequestNotification.self,
        SetTraceNotification.self,
        DidOpenTextDocumentNotification.self, DidChangeTextDocumentNotification.self,
        DidCloseTextDocumentNotification.self, DidSaveTextDocumentNotification.self,
        DidChangeConfigurationNotification.self, DidChangeWatchedFilesNotification.self,
        DidChangeWorkspaceFoldersNotification.self,
    ])

    private static func registry(_ types: [any LSPRequest.Type]) -> [String: any LSPRequest.Type] {
        Dictionary(types.map { ($0.method, $0) }) { first, _ in first }
    }

    private static func registry(_ types: [any LSPNotification.Type]) -> [String: any LSPNotification.Type] {
        Dictionary(types.map { ($0.method, $0) }) { first, _ in first }
    }
}
