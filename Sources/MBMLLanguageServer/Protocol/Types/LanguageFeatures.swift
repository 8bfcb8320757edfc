/// `textDocument/hover`.
struct HoverRequest: LSPRequest {
    typealias Response = Hover?
    static let method = "textDocument/hover"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// A hover's text and the range it is about.
struct Hover: Equatable, Sendable, Encodable {
    var contents: MarkupContent
    var range: LSPRange
}

/// `textDocument/signatureHelp`.
struct SignatureHelpRequest: LSPRequest {
    typealias Response = SignatureHelp?
    static let method = "textDocument/signatureHelp"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// The signature of the call around a position, with the parameter the position is in.
struct SignatureHelp: Equatable, Sendable, Encodable {
    var signatures: [Signature]
    var activeSignature: Int
    var activeParameter: Int

    struct Signature: Equatable, Sendable, Encodable {
        var label: String
        var documentation: String
        var parameters: [Parameter]
    }

    struct Parameter: Equatable, Sendable, Encodable {
        var label: String
    }
}

/// `textDocument/declaration`.
struct DeclarationRequest: LSPRequest {
    typealias Response = Location?
    static let method = "textDocument/declaration"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// `textDocument/definition` (a variable's definition is its declaration).
struct DefinitionRequest: LSPRequest {
    typealias Response = Location?
    static let method = "textDocument/definition"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// `textDocument/references`.
struct ReferencesRequest: LSPRequest {
    typealias Response = [Location]?
    static let method = "textDocument/references"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
    var context: Context?

    struct Context: Decodable, Sendable {
        var includeDeclaration: Bool?
    }
}

/// `textDocument/prepareRename`: the range of the name that would be renamed.
struct PrepareRenameRequest: LSPRequest {
    typealias Response = LSPRange?
    static let method = "textDocument/prepareRename"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// `textDocument/rename`.
struct RenameRequest: LSPRequest {
    typealias Response = WorkspaceEdit
    static let method = "textDocument/rename"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
    var newName: String
}

/// `textDocument/documentSymbol`.
struct DocumentSymbolRequest: LSPRequest {
    typealias Response = [DocumentSymbol]?
    static let method = "textDocument/documentSymbol"
    var textDocument: TextDocumentIdentifier
}

/// One symbol of the outline, with the symbols inside it.
struct DocumentSymbol: Equatable, Sendable, Encodable {
    var name: String
    var detail: String?
    /// LSP `SymbolKind`.
    var kind: Int
    var range: LSPRange
    var selectionRange: LSPRange
    var children: [DocumentSymbol]?
}

/// `textDocument/foldingRange`.
struct FoldingRangeRequest: LSPRequest {
    typealias Response = [FoldingRange]?
    static let method = "textDocument/foldingRange"
    var textDocument: TextDocumentIdentifier
}

struct FoldingRange: Equatable, Sendable, Encodable {
    var startLine: Int
    var endLine: Int
    var kind = "region"
}

/// `textDocument/documentLink`.
struct DocumentLinkRequest: LSPRequest {
    typealias Response = [DocumentLink]?
    static let method = "textDocument/documentLink"
    var textDocument: TextDocumentIdentifier
}

struct DocumentLink: Equatable, Sendable, Encodable {
    var range: LSPRange
    var target: String
}

/// `textDocument/semanticTokens/full`.
struct SemanticTokensRequest: LSPRequest {
    typealias Response = SemanticTokens?
    static let method = "textDocument/semanticTokens/full"
    var textDocument: TextDocumentIdentifier
}

/// Five numbers a token: line and start relative to the previous token, length, type, modifiers.
struct SemanticTokens: Equatable, Sendable, Encodable {
    var data: [Int]
}

/// `textDocument/inlayHint`.
struct InlayHintRequest: LSPRequest {
    typealias Response = [InlayHint]?
    static let method = "textDocument/inlayHint"
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
}

struct InlayHint: Equatable, Sendable, Encodable {
    var position: LSPPosition
    var label: String
    var paddingLeft = true
}

/// `textDocument/codeAction`.
struct CodeActionRequest: LSPRequest {
    typealias Response = [CodeActionItem]?
    static let method = "textDocument/codeAction"
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
    var context: Context?

    struct Context: Decodable, Sendable {
        var diagnostics: [LSPDiagnostic]?
    }
}

/// What `textDocument/codeAction` lists: a bare command, or an action with an edit.
enum CodeActionItem: Equatable, Sendable, Encodable {
    case command(Command)
    case action(CodeAction)

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .command(let command): try command.encode(to: encoder)
        case .action(let action): try action.encode(to: encoder)
        }
    }
}

struct CodeAction: Equatable, Sendable, Encodable {
    var title: String
    var kind: String
    var diagnostics: [LSPDiagnostic]?
    var edit: WorkspaceEdit
}

/// `textDocument/codeLens`.
struct CodeLensRequest: LSPRequest {
    typealias Response = [CodeLens]?
    static let method = "textDocument/codeLens"
    var textDocument: TextDocumentIdentifier
}

/// `workspace/codeLens/refresh`, a request of the server (it has no params): the client asks for
/// the lenses of its open documents again. Sent after ``CodeLensHandler/runCommand`` to clients
/// that support it (``ClientCapabilities/refreshesCodeLenses``).
enum CodeLensRefreshRequest {
    static let method = "workspace/codeLens/refresh"

    /// The request, with the server's id `id`.
    static func message(id: RequestID) -> OutgoingMessage {
        .request(id: id, method: method)
    }
}

/// A line's lens: a title and the command run when it is picked.
struct CodeLens: Equatable, Sendable, Encodable {
    var range: LSPRange
    var command: Command
}

/// `workspace/executeCommand`.
struct ExecuteCommandRequest: LSPRequest {
    typealias Response = JSONValue
    static let method = "workspace/executeCommand"
    var command: String
    var arguments: [JSONValue]?
}
