import Foundation
import MBMLEngine

/// The MBML language server, without any I/O: ``handle(_:)`` takes one message body and returns
/// the messages to send (responses and notifications, in order). ``LanguageServerSession`` connects
/// it to standard input and output.
final class LanguageServer {
    /// Where the lifecycle is.
    enum State: Equatable {
        case starting, running, shutDown
    }

    private(set) var state = State.starting
    /// Set by the `exit` notification: the process status to end with (0 after `shutdown`, else 1).
    private(set) var exitStatus: Int32?
    private var documents: [String: TextDocument] = [:]
    private var analyses: [String: DocumentAnalysis] = [:]
    /// The requests the client cancelled; an evaluation for one of them stops.
    private let cancelled: CancelledRequests

    init(cancelled: CancelledRequests = CancelledRequests()) {
        self.cancelled = cancelled
    }

    /// Handles one message body.
    func handle(_ body: Data) -> [JSONValue] {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            return [
                OutgoingMessage.response(id: nil, error: ResponseError(code: .parseError, message: "malformed JSON"))
            ]
        }
        let message: IncomingMessage
        do {
            message = try IncomingMessage(json)
        } catch {
            return [OutgoingMessage.response(id: json["id"], error: error)]
        }
        do {
            return try dispatch(message)
        } catch {
            return message.isNotification ? [] : [OutgoingMessage.response(id: message.id, error: error)]
        }
    }

    /// The answer to a header block that could not be read.
    func handleBadHeader(_ reason: String) -> [JSONValue] {
        [OutgoingMessage.response(id: nil, error: ResponseError(code: .parseError, message: "bad header: " + reason))]
    }

    private func dispatch(_ message: IncomingMessage) throws(ResponseError) -> [JSONValue] {
        switch (state, message.method) {
        case (_, "exit"):
            exitStatus = state == .shutDown ? 0 : 1
            return []
        case (.starting, "initialize"):
            state = .running
            return [OutgoingMessage.response(id: message.id, result: Self.initializeResult)]
        case (.starting, _):
            if message.isNotification { return [] }
            throw ResponseError(code: .serverNotInitialized, message: "the server is not initialized yet")
        case (.shutDown, _):
            if message.isNotification { return [] }
            throw ResponseError(code: .invalidRequest, message: "the server has shut down")
        case (.running, "initialize"):
            throw ResponseError(code: .invalidRequest, message: "the server is already initialized")
        case (.running, "shutdown"):
            state = .shutDown
            return [OutgoingMessage.response(id: message.id, result: .null)]
        case (.running, _):
            return try running(message)
        }
    }

    private func running(_ message: IncomingMessage) throws(ResponseError) -> [JSONValue] {
        let params = message.params
        switch message.method {
        case "initialized", "$/cancelRequest", "$/setTrace", "textDocument/didSave", "workspace/didChangeConfiguration":
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { return [] }
            return open(TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text))
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
                let text = params["contentChanges"]?.arrayValue?.last?["text"]?.stringValue
            else { return [] }
            let version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            return open(TextDocument(uri: uri, version: version, text: text))
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return [] }
            documents[uri] = nil
            analyses[uri] = nil
            return [Self.publish(uri: uri, diagnostics: .array([]))]
        case "textDocument/semanticTokens/full":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
                return [OutgoingMessage.response(id: message.id, result: .null)]
            }
            return [OutgoingMessage.response(id: message.id, result: SemanticTokensProvider.tokens(in: document))]
        case "textDocument/hover", "textDocument/completion", "textDocument/signatureHelp",
            "textDocument/declaration", "textDocument/definition", "textDocument/references":
            let result = try answer(message.method, params: params, id: message.id)
            return [OutgoingMessage.response(id: message.id, result: result)]
        default:
            if message.isNotification { return [] }
            throw ResponseError(code: .methodNotFound, message: "unknown method \(message.method)")
        }
    }

    /// The answer to request `id`; a request the client cancels before or while it is answered gets
    /// `RequestCancelled` instead (its evaluations stop at the cancellation).
    private func answer(_ method: String, params: JSONValue, id: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let position = LSPPosition(params["position"])
        else { throw ResponseError(code: .invalidParams, message: "textDocument.uri and position are required") }
        guard let document = documents[uri], let analysis = analyses[uri] else { return .null }
        guard let id else {
            let limits = ValuePreview.limits(for: analysis.environment)
            return provide(method, params: params, document: document, analysis: analysis, at: position, limits: limits)
        }
        defer { cancelled.forget(id) }
        let cancelled = self.cancelled
        // The request is one job: the client's cancellation and the preview deadline are its limits.
        let limits = ValuePreview.limits(for: analysis.environment) { cancelled.contains(id) }
        let result = provide(
            method, params: params, document: document, analysis: analysis, at: position, limits: limits)
        if cancelled.contains(id) { throw ResponseError(code: .requestCancelled, message: "the request was cancelled") }
        return result
    }

    private func provide(
        _ method: String, params: JSONValue, document: TextDocument, analysis: DocumentAnalysis,
        at position: LSPPosition, limits: EvaluationLimits
    ) -> JSONValue {
        let cursor = CursorContext(document: document, position: position)
        switch method {
        case "textDocument/hover": return HoverProvider.hover(at: cursor, analysis: analysis, limits: limits)
        case "textDocument/completion":
            return CompletionProvider.completion(at: cursor, analysis: analysis, limits: limits)
        case "textDocument/signatureHelp": return SignatureHelpProvider.signatureHelp(at: cursor, analysis: analysis)
        case "textDocument/references":
            return ReferencesProvider.references(
                at: cursor, analysis: analysis, document: document, openDocuments: Array(documents.values),
                includeDeclaration: params["context"]?["includeDeclaration"] == .bool(true))
        default: return DeclarationProvider.declaration(at: cursor, analysis: analysis, document: document)
        }
    }

    /// Stores `document`, loads it and publishes its diagnostics.
    private func open(_ document: TextDocument) -> [JSONValue] {
        let analysis = DocumentAnalysis(document)
        documents[document.uri] = document
        analyses[document.uri] = analysis
        return [
            Self.publish(uri: document.uri, diagnostics: analysis.diagnostics(for: document), version: document.version)
        ]
    }

    private static func publish(uri: String, diagnostics: JSONValue, version: Int? = nil) -> JSONValue {
        OutgoingMessage.notification(
            method: "textDocument/publishDiagnostics",
            params: .object(["uri": .string(uri), "version": version.map(JSONValue.int), "diagnostics": diagnostics]))
    }

    static let initializeResult = JSONValue.object([
        "capabilities": .object([
            "positionEncoding": .string("utf-16"),
            "textDocumentSync": .object(["openClose": .bool(true), "change": .int(1)]),
            "hoverProvider": .bool(true),
            "completionProvider": .object(["triggerCharacters": .array(["$", "^", "."].map(JSONValue.string))]),
            "signatureHelpProvider": .object(["triggerCharacters": .array(["(", "|"].map(JSONValue.string))]),
            "declarationProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "semanticTokensProvider": .object(["legend": SemanticTokensProvider.legend, "full": .bool(true)]),
        ]),
        "serverInfo": .object(["name": .string("mbml")]),
    ])
}
