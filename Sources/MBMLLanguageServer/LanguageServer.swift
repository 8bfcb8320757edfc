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
    /// What the client can do (`initialize`'s `capabilities`).
    private var client = ClientCapabilities()
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
        // A client's response to a request of the server (`client/registerCapability`): nothing to answer.
        if json["method"] == nil, json["id"] != nil, json["result"] != nil || json["error"] != nil { return [] }
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
            client = ClientCapabilities(initializeParams: message.params)
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
        case "initialized":
            return client.watchesFilesOnRequest ? [Self.watchedFilesRegistration] : []
        case "$/cancelRequest", "$/setTrace", "textDocument/didSave", "workspace/didChangeConfiguration":
            return []
        case "workspace/didChangeWatchedFiles":
            let changed = Set(
                (params["changes"]?.arrayValue ?? []).compactMap {
                    $0["uri"]?.stringValue.flatMap(TextDocument.path(ofURI:))
                })
            // An include or data file changed on disk: every open document that read it loads again;
            // a project file (mbml.json) changed: every open document does (it may now be in that project).
            let projectChanged = changed.contains { $0.hasSuffix("/" + ProjectFile.fileName) }
            for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
                guard let files = analyses[document.uri]?.analysis.load.files,
                    projectChanged || files.contains(where: { changed.contains($0.standardizedFileURL.path) })
                else { continue }
                _ = open(document, nil)
            }
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
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri],
                let changes = params["contentChanges"]?.arrayValue
            else { return [] }
            // Incremental sync: each change replaces its range (the whole text when it has none), in order.
            for change in changes {
                guard let text = change["text"]?.stringValue else { continue }
                document = document.applying(text, in: change["range"].flatMap(LSPRange.init))
            }
            document.version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            return open(document, generation)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return [] }
            if generation == nil { _ = versions.announce(uri) }
            documents[uri] = nil
            analyses[uri] = nil
            versions.close(uri)
            return [Self.publish(uri: uri, diagnostics: .array([]))]
        case "textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/foldingRange",
            "textDocument/documentLink":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
                return [OutgoingMessage.response(id: message.id, result: .null)]
            }
            let result: JSONValue
            switch message.method {
            case "textDocument/documentSymbol": result = DocumentSymbolProvider.symbols(in: document)
            case "textDocument/foldingRange": result = FoldingRangeProvider.foldingRanges(in: document)
            case "textDocument/documentLink": result = DocumentLinkProvider.links(in: document)
            default: result = SemanticTokensProvider.tokens(in: document)
            }
            return [OutgoingMessage.response(id: message.id, result: result)]
        case "textDocument/inlayHint", "textDocument/codeAction":
            guard let range = LSPRange(params["range"]) else {
                throw ResponseError(code: .invalidParams, message: "textDocument.uri and range are required")
            }
            let method = message.method
            let result = try fromLoad(of: params["textDocument"]?["uri"]?.stringValue, id: message.id) {
                document, analysis, limits in
                method == "textDocument/inlayHint"
                    ? InlayHintProvider.hints(in: range, document: document, analysis: analysis, limits: limits)
                    : CodeActionProvider.actions(
                        in: range, diagnostics: params["context"]?["diagnostics"]?.arrayValue ?? [], document: document,
                        analysis: analysis, limits: limits)
            }
            return [OutgoingMessage.response(id: message.id, result: result)]
        case "workspace/executeCommand":
            let arguments = params["arguments"]?.arrayValue ?? []
            guard params["command"]?.stringValue == CodeActionProvider.evaluateCommand, arguments.count == 2,
                let expression = arguments[1].stringValue
            else { throw ResponseError(code: .invalidParams, message: "unknown command or arguments") }
            var shown: JSONValue?
            let result = try fromLoad(of: arguments[0].stringValue, id: message.id) { _, analysis, limits in
                let (value, notification) = CodeActionProvider.evaluate(expression, analysis: analysis, limits: limits)
                shown = notification
                return value
            }
            return (shown.map { [$0] } ?? []) + [OutgoingMessage.response(id: message.id, result: result)]
        case "completionItem/resolve":
            guard let uri = CompletionProvider.documentURI(of: params), documents[uri] != nil else {
                return [OutgoingMessage.response(id: message.id, result: params)]
            }
            waitForNewestLoad(of: uri)
            guard let analysis = analyses[uri]?.analysis else {
                return [OutgoingMessage.response(id: message.id, result: params)]
            }
            let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds)
            return [
                OutgoingMessage.response(
                    id: message.id, result: CompletionProvider.resolve(params, analysis: analysis, limits: limits))
            ]
        case "textDocument/hover", "textDocument/completion", "textDocument/signatureHelp",
            "textDocument/declaration", "textDocument/definition", "textDocument/references", "textDocument/rename",
            "textDocument/prepareRename":
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
        guard let position = LSPPosition(params["position"]) else {
            throw ResponseError(code: .invalidParams, message: "textDocument.uri and position are required")
        }
        return try fromLoad(of: params["textDocument"]?["uri"]?.stringValue, id: id) {
            (document, analysis, limits) throws(ResponseError) in
            try provide(method, params: params, document: document, analysis: analysis, at: position, limits: limits)
        }
    }

    /// The answer `body` makes from the newest load of document `uri` (null when it is not open or
    /// never loaded), under the limits of request `id`: a request the client cancels before or while
    /// it is answered gets `RequestCancelled` instead (its evaluations stop at the cancellation).
    private func fromLoad(
        of uri: String?, id: JSONValue?,
        _ body: (TextDocument, DocumentAnalysis, EvaluationLimits) throws(ResponseError) -> JSONValue
    ) throws(ResponseError) -> JSONValue {
        guard let uri else { throw ResponseError(code: .invalidParams, message: "textDocument.uri is required") }
        guard let document = documents[uri] else { return .null }
        waitForNewestLoad(of: uri)
        guard let analysis = analyses[uri]?.analysis else { return .null }
        guard let id else {
            return try body(
                document, analysis, ValuePreview.limits(for: analysis.environment, seconds: limits.answerSeconds))
        }
        defer { cancelled.forget(id) }
        let cancelled = self.cancelled
        // The request is one job: the client's cancellation and the preview deadline are its limits.
        let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds) {
            cancelled.contains(id)
        }
        let result = try body(document, analysis, limits)
        if cancelled.contains(id) { throw ResponseError(code: .requestCancelled, message: "the request was cancelled") }
        return result
    }

    private func provide(
        _ method: String, params: JSONValue, document: TextDocument, analysis: DocumentAnalysis,
        at position: LSPPosition, limits: EvaluationLimits
    ) throws(ResponseError) -> JSONValue {
        let cursor = CursorContext(document: document, position: position)
        switch method {
        case "textDocument/hover":
            return HoverProvider.hover(at: cursor, analysis: analysis, limits: limits, markup: client.hoverMarkup)
        case "textDocument/prepareRename": return RenameProvider.prepare(at: cursor)
        case "textDocument/rename":
            guard let newName = params["newName"]?.stringValue else {
                throw ResponseError(code: .invalidParams, message: "newName is required")
            }
            return try RenameProvider.rename(
                at: cursor, to: newName, analysis: analysis, openDocuments: Array(documents.values))
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
        // A newer text of the document was read already: its own message loads it; this one is dropped.
        guard versions.isCurrent(uri, generation: generation) else { return [] }
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
            let settle = UInt32(limits.settleSeconds * 1e6)
            let thread = Thread {
                // Only a text that stayed the newest for `settleSeconds` loads.
                usleep(settle)
                guard versions.isCurrent(uri, generation: generation) else { return }
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

    /// `client/registerCapability`: the client tells the server when a manifest or data file changes on
    /// disk (`workspace/didChangeWatchedFiles`), so that the documents that include it load again.
    static let watchedFilesRegistration = OutgoingMessage.request(
        id: .string("mbml-watch-files"), method: "client/registerCapability",
        params: .object([
            "registrations": .array([
                .object([
                    "id": .string("mbml-watch-files"), "method": .string("workspace/didChangeWatchedFiles"),
                    "registerOptions": .object([
                        "watchers": .array(
                            ["**/*.xml", "**/*.json", "**/*.jsonl"].map { .object(["globPattern": .string($0)]) })
                    ]),
                ])
            ])
        ]))

    static let initializeResult = JSONValue.object([
        "capabilities": .object([
            "positionEncoding": .string("utf-16"),
            "textDocumentSync": .object(["openClose": .bool(true), "change": .int(2)]),
            "workspace": .object([
                "workspaceFolders": .object(["supported": .bool(true), "changeNotifications": .bool(true)])
            ]),
            "hoverProvider": .bool(true),
            "completionProvider": .object([
                "triggerCharacters": .array(["$", "^", "."].map(JSONValue.string)), "resolveProvider": .bool(true),
            ]),
            "signatureHelpProvider": .object(["triggerCharacters": .array(["(", "|"].map(JSONValue.string))]),
            "declarationProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "renameProvider": .object(["prepareProvider": .bool(true)]),
            "documentSymbolProvider": .bool(true),
            "foldingRangeProvider": .bool(true),
            "documentLinkProvider": .object(["resolveProvider": .bool(false)]),
            "inlayHintProvider": .bool(true),
            "codeActionProvider": .object([
                "codeActionKinds": .array(["quickfix", "refactor.inline"].map(JSONValue.string))
            ]),
            "executeCommandProvider": .object(["commands": .array([.string(CodeActionProvider.evaluateCommand)])]),
            "semanticTokensProvider": .object(["legend": SemanticTokensProvider.legend, "full": .bool(true)]),
        ]),
        "serverInfo": .object(["name": .string("mbml")]),
    ])
}
