import Foundation
import MBMLEngine

/// The MBML language server, without any I/O: ``handle(_:generation:)`` takes one decoded message
/// (``IncomingMessage``) and returns the messages to send (responses and notifications, in order).
/// ``LanguageServerSession`` connects it to standard input and output; ``LanguageServerEndpoint`` to a
/// byte buffer.
///
/// Requests are dispatched by their type: the lifecycle here, document requests through
/// ``TextDocumentRequest`` and ``LoadedDocumentRequest`` (each answered by its handler), document
/// notifications in `LanguageServer+Documents`.
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
    var documents: [String: TextDocument] = [:]
    /// The load of each open document whose diagnostics were published: what requests are answered from.
    var analyses: [String: DocumentVersions.Finished] = [:]
    /// Notifications to send before the replies of the message being handled.
    var outbox: [OutgoingMessage] = []
    var workspace = Workspace()
    /// What the client can do (`initialize`'s `capabilities`).
    var client = ClientCapabilities()
    /// How many requests the server has sent that need an id of their own (their ids count up).
    var serverRequests = 0
    /// The requests the client cancelled; an evaluation for one of them stops.
    let cancelled: CancelledRequests
    let versions: DocumentVersions
    let limits: LanguageServerLimits
    let loading: Loading

    init(
        cancelled: CancelledRequests = CancelledRequests(), versions: DocumentVersions = DocumentVersions(),
        limits: LanguageServerLimits = LanguageServerLimits(), loading: Loading = .inline
    ) {
        self.cancelled = cancelled
        self.versions = versions
        self.limits = limits
        self.loading = loading
    }

    /// Handles one message. `generation` is what ``DocumentVersions/announce(_:)`` gave a
    /// `didOpen`, `didChange` or `didClose` when it was read; nil to announce it now.
    func handle(_ message: IncomingMessage, generation: Int?) -> [OutgoingMessage] {
        let replies: [OutgoingMessage]
        switch message {
        case .invalid(let id, let error):
            replies = [.response(id: id, error: error)]
        case .response:
            // A client's response to a request of the server (`client/registerCapability`): nothing to answer.
            replies = []
        case .notification(_, let notification):
            guard case .success(let notification) = notification else { return [] }
            replies = handle(notification, generation: generation)
        case .request(let id, _, let request):
            do {
                replies = try handle(request, id: id)
            } catch {
                replies = [.response(id: id, error: error)]
            }
        }
        defer { outbox = [] }
        return outbox + replies
    }

    /// The answer to a header block that could not be read.
    func handleBadHeader(_ reason: String) -> [OutgoingMessage] {
        [.response(id: nil, error: ResponseError(code: .parseError, message: "bad header: " + reason))]
    }

    /// After a background load of `uri` finished: its diagnostics, when it is newer than what was published.
    func handleLoaded(_ uri: String) -> [OutgoingMessage] {
        install(uri)
        defer { outbox = [] }
        return outbox
    }

    private func handle(_ notification: any LSPNotification, generation: Int?) -> [OutgoingMessage] {
        if notification is ExitNotification {
            exitStatus = state == .shutDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        return handleDocumentNotification(notification, generation: generation)
    }

    private func handle(
        _ request: Result<any LSPRequest, ResponseError>, id: RequestID
    ) throws(ResponseError) -> [OutgoingMessage] {
        switch state {
        case .starting:
            guard case .success(let initialize as InitializeRequest) = request else {
                throw ResponseError(code: .serverNotInitialized, message: "the server is not initialized yet")
            }
            state = .running
            workspace = Workspace(initializeParams: initialize)
            client = ClientCapabilities(initialize.capabilities)
            return [.response(id: id, result: InitializeResult(capabilities: ServerCapabilities()))]
        case .shutDown:
            throw ResponseError(code: .invalidRequest, message: "the server has shut down")
        case .running:
            switch try request.get() {
            case is InitializeRequest:
                throw ResponseError(code: .invalidRequest, message: "the server is already initialized")
            case is ShutdownRequest:
                state = .shutDown
                return [.response(id: id, result: JSONValue.null)]
            case let request as any TextDocumentRequest:
                return [answer(request, id: id)]
            case let request as any LoadedDocumentRequest:
                return [try answer(request, id: id)]
            case let request as CompletionResolveRequest:
                return [resolve(request, id: id)]
            case let request as ExecuteCommandRequest:
                return try execute(request, id: id)
            case let request:
                throw ResponseError(code: .methodNotFound, message: "unknown method \(type(of: request).method)")
            }
        }
    }
}
