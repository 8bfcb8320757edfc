/// `textDocument/didOpen`: a document's first text.
struct DidOpenTextDocumentNotification: TextDocumentNotification {
    static let method = "textDocument/didOpen"
    var textDocument: Item

    /// LSP `TextDocumentItem`; a missing version is 0, a missing language `xml`.
    struct Item: Decodable, Sendable {
        var uri: String
        var languageId: String?
        var version: Int?
        var text: String
    }

    var documentURI: String { textDocument.uri }
}

/// `textDocument/didChange`: edits to a document's text, in order (incremental sync).
struct DidChangeTextDocumentNotification: TextDocumentNotification {
    static let method = "textDocument/didChange"
    var textDocument: VersionedIdentifier
    var contentChanges: [Change]

    struct VersionedIdentifier: Decodable, Sendable {
        var uri: String
        var version: Int?
    }

    /// One change: `text` in the place of `range`, or the whole text when there is no range.
    struct Change: Decodable, Sendable {
        var range: LSPRange?
        var text: String
    }

    var documentURI: String { textDocument.uri }
}

/// `textDocument/didClose`.
struct DidCloseTextDocumentNotification: TextDocumentNotification {
    static let method = "textDocument/didClose"
    var textDocument: TextDocumentIdentifier

    var documentURI: String { textDocument.uri }
}

/// `textDocument/didSave`: accepted (a saved include reaches the server as a watched-file change).
struct DidSaveTextDocumentNotification: LSPNotification, ParameterlessMessage {
    static let method = "textDocument/didSave"

    init() {}
    init(from decoder: any Decoder) throws {}
}

/// `workspace/didChangeWatchedFiles`: files changed on disk.
struct DidChangeWatchedFilesNotification: LSPNotification {
    static let method = "workspace/didChangeWatchedFiles"
    var changes: [FileEvent]

    struct FileEvent: Decodable, Sendable {
        var uri: String
    }
}

/// `workspace/didChangeWorkspaceFolders`: folders added to and removed from the workspace.
struct DidChangeWorkspaceFoldersNotification: LSPNotification {
    static let method = "workspace/didChangeWorkspaceFolders"
    var event: Event

    struct Event: Decodable, Sendable {
        var added: [WorkspaceFolder]
        var removed: [WorkspaceFolder]
    }
}

/// `textDocument/publishDiagnostics`, sent by the server.
struct PublishDiagnosticsParams: Encodable, Sendable {
    static let method = "textDocument/publishDiagnostics"
    var uri: String
    var version: Int?
    var diagnostics: [LSPDiagnostic]
}

/// One diagnostic (LSP `Diagnostic`): what the server publishes, and what a client sends back in a
/// code action's context.
struct LSPDiagnostic: Equatable, Sendable, Codable {
    var range: LSPRange
    /// 1 error, 2 warning.
    var severity: Int?
    var source: String?
    var message: String
}

/// `window/showMessage`, sent by the server.
struct ShowMessageParams: Encodable, Sendable {
    static let method = "window/showMessage"
    /// 3: information.
    var type: Int
    var message: String
}

/// `client/registerCapability`, sent by the server.
struct RegistrationParams: Encodable, Sendable {
    static let method = "client/registerCapability"
    var registrations: [Registration]

    struct Registration: Encodable, Sendable {
        var id: String
        var method: String
        var registerOptions: WatchedFilesOptions
    }

    struct WatchedFilesOptions: Encodable, Sendable {
        var watchers: [Watcher]
    }

    struct Watcher: Encodable, Sendable {
        var globPattern: String
    }
}
