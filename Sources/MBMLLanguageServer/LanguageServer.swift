import Foundation
import MBMLEngine

/// The MBML language server, without any I/O: ``handle(_:)`` takes one message body and returns
/// the messages to send (responses and notifications, in order). ``LanguageServerSession`` connects
/// it to standard input and output; ``LanguageServerEndpoint`` to a byte buffer.
///
/// Documents load as ``Loading`` says: in the calling thread (tests, the fuzzer), or each in a thread
/// of its own, so that the answering thread never waits for a load it does not need. Only the newest
/// text of a document counts (``DocumentVersions``): an older load still running stops, a request
/// is answered from the newest finished load, after waiting at most
/// ``LanguageServerLimits/waitForLoadSeconds`` for the newest text's load.
final class LanguageServer {
    /// Where the lifecycle is.
    enum State: Equatable {
        case starting, running, shutDown
    }

    /// Where documents load.
    enum Loading {
        /// In the thread that handles the message: its diagnostics are among the replies.
        case inline
        /// In a thread of its own; `finished` is called with the document's URI when a load that is
        /// still the newest has finished, and the owner then calls ``LanguageServer/handleLoaded(_:)``.
        case background(finished: @Sendable (String) -> Void)
    }

    private(set) var state = State.starting
    /// Set by the `exit` notification: the process status to end with (0 after `shutdown`, else 1).
    private(set) var exitStatus: Int32?
    /// The newest text of each open document.
    private var documents: [String: TextDocument] = [:]
    /// The load of each open document whose diagnostics were published: what requests are answered from.
    private var analyses: [String: DocumentVersions.Finished] = [:]
    /// Notifications to send before the replies of the message being handled.
    private var outbox: [JSONValue] = []
    private var workspace = Workspace()
    /// The requests the client cancelled; an evaluation for one of them stops.
    private let cancelled: CancelledRequests
    let versions: DocumentVersions
    let limits: LanguageServerLimits
    private let loading: Loading

    init(
        cancelled: CancelledRequests = CancelledRequests(), versions: DocumentVersions = DocumentVersions(),
        limits: LanguageServerLimits = LanguageServerLimits(), loading: Loading = .inline
    ) {
        self.cancelled = cancelled
        self.versions = versions
        self.limits = limits
        self.loading = loading
    }

    /// Handles one message body.
    func handle(_ body: Data) -> [JSONValue] {
        handle(parsed: try? JSONValue(parsing: body), generation: nil)
    }

    /// Handles one message already parsed (nil: the body was not JSON). `generation` is what
    /// ``DocumentVersions/announce(_:)`` gave a `didOpen`, `didChange` or `didClose` when it was
    /// read; nil to announce it now.
    func handle(parsed json: JSONValue?, generation: Int?) -> [JSONValue] {
        guard let json else {
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
        let replies: [JSONValue]
        do {
            replies = try dispatch(message, generation: generation)
        } catch {
            replies = message.isNotification ? [] : [OutgoingMessage.response(id: message.id, error: error)]
        }
        defer { outbox = [] }
        return outbox + replies
    }

    /// The answer to a header block that could not be read.
    func handleBadHeader(_ reason: String) -> [JSONValue] {
        [OutgoingMessage.response(id: nil, error: ResponseError(code: .parseError, message: "bad header: " + reason))]
    }

    /// After a background load of `uri` finished: its diagnostics, when it is newer than what was published.
    func handleLoaded(_ uri: String) -> [JSONValue] {
        install(uri)
        defer { outbox = [] }
        return outbox
    }

    private func dispatch(_ message: IncomingMessage, generation: Int?) throws(ResponseError) -> [JSONValue] {
        switch (state, message.method) {
        case (_, "exit"):
            exitStatus = state == .shutDown ? 0 : 1
            return []
        case (.starting, "initialize"):
            state = .running
            workspace = Workspace(initializeParams: message.params)
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
            return try running(message, generation: generation)
        }
    }

    private func running(_ message: IncomingMessage, generation: Int?) throws(ResponseError) -> [JSONValue] {
        let params = message.params
        switch message.method {
        case "workspace/didChangeWorkspaceFolders":
            workspace.apply(params["event"] ?? .null)
            // What the documents may read changed: each loads again.
            for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
                _ = open(document, nil)
            }
            return []
        case "initialized", "$/cancelRequest", "$/setTrace", "textDocument/didSave", "workspace/didChangeConfiguration":
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { return [] }
            let document = TextDocument(
                uri: uri, version: item["version"]?.intValue ?? 0, text: text,
                languageId: item["languageId"]?.stringValue ?? "xml")
            return open(document, generation)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
                let text = params["contentChanges"]?.arrayValue?.last?["text"]?.stringValue
            else { return [] }
            let version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            return open(
                TextDocument(uri: uri, version: version, text: text, languageId: document.languageId), generation)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return [] }
            if generation == nil { _ = versions.announce(uri) }
            documents[uri] = nil
            analyses[uri] = nil
            versions.close(uri)
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
        guard let document = documents[uri] else { return .null }
        waitForNewestLoad(of: uri)
        guard let analysis = analyses[uri]?.analysis else { return .null }
        guard let id else {
            let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds)
            return provide(method, params: params, document: document, analysis: analysis, at: position, limits: limits)
        }
        defer { cancelled.forget(id) }
        let cancelled = self.cancelled
        // The request is one job: the client's cancellation and the preview deadline are its limits.
        let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds) {
            cancelled.contains(id)
        }
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

    /// Stores `document` as the newest text of its URI and loads it (``Loading``); the load stops
    /// when a newer text arrives.
    private func open(_ document: TextDocument, _ generation: Int?) -> [JSONValue] {
        let uri = document.uri
        let generation = generation ?? versions.announce(uri)
        documents[uri] = document
        let (workspace, limits, versions) = (self.workspace, self.limits, self.versions)
        let load: @Sendable () -> DocumentVersions.Finished? = {
            let analysis = DocumentAnalysis(document, workspace: workspace, limits: limits) {
                !versions.isCurrent(uri, generation: generation)
            }
            guard versions.isCurrent(uri, generation: generation) else { return nil }
            let finished = DocumentVersions.Finished(generation: generation, analysis: analysis)
            versions.finish(uri, finished)
            return finished
        }
        switch loading {
        case .inline:
            _ = load()
            install(uri)
        case .background(let finished):
            let thread = Thread {
                if load() != nil { finished(uri) }
            }
            // Evaluation needs the stack EnvironmentOptions.maximumNestingDepth asks for (8 MB and more).
            thread.stackSize = Self.loadStackSize
            thread.start()
        }
        return []
    }

    /// The stack of a loading thread: twice the 8 MB the engine's nesting limit needs.
    static let loadStackSize = 16 << 20

    /// Makes the newest finished load of `uri` the one requests are answered from, and queues its
    /// diagnostics, when it is newer than the one in use.
    private func install(_ uri: String) {
        guard documents[uri] != nil, let finished = versions.finished(uri),
            finished.generation > (analyses[uri]?.generation ?? 0)
        else { return }
        analyses[uri] = finished
        let loaded = finished.analysis.document
        outbox.append(
            Self.publish(
                uri: uri, diagnostics: finished.analysis.diagnostics(for: loaded), version: loaded.version))
    }

    /// Before a request on `uri` is answered: when its newest text is still loading, waits for that
    /// load up to ``LanguageServerLimits/waitForLoadSeconds``, then installs the newest finished load.
    private func waitForNewestLoad(of uri: String) {
        if case .background = loading, let newest = versions.newest(uri) {
            let end = DispatchTime.now().uptimeNanoseconds + UInt64(limits.waitForLoadSeconds * 1e9)
            while (versions.finished(uri)?.generation ?? 0) < newest, DispatchTime.now().uptimeNanoseconds < end {
                usleep(5_000)
            }
        }
        install(uri)
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
            "workspace": .object([
                "workspaceFolders": .object(["supported": .bool(true), "changeNotifications": .bool(true)])
            ]),
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
