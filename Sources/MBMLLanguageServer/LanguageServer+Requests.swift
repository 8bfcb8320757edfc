import Foundation
import MBMLEngine

/// Answering requests about documents: from the newest text, or from the newest load as one job
/// under the request's limits.
extension LanguageServer {
    /// The answer of a request about the newest text of a document (null when it is not open).
    func answer<Request: TextDocumentRequest>(_ request: Request, id: RequestID) -> OutgoingMessage {
        guard let document = documents[request.textDocument.uri] else {
            return .response(id: id, result: Request.Answer?.none)
        }
        return .response(id: id, result: request.answer(for: document))
    }

    /// The answer of a request about the newest load of a document (null when it is not open or
    /// never loaded); a request the client cancels before or while it is answered gets
    /// `RequestCancelled` instead (its evaluations stop at the cancellation).
    func answer<Request: LoadedDocumentRequest>(
        _ request: Request, id: RequestID
    ) throws(ResponseError) -> OutgoingMessage {
        let result = try fromLoad(of: request.textDocument.uri, id: id) { context throws(ResponseError) in
            try request.answer(in: context)
        }
        return .response(id: id, result: result)
    }

    /// What `body` makes from the newest load of document `uri` (nil when it is not open or never
    /// loaded), under the limits of request `id`.
    func fromLoad<Answer>(
        of uri: String, id: RequestID?, _ body: (DocumentRequestContext) throws(ResponseError) -> Answer
    ) throws(ResponseError) -> Answer? {
        guard let document = documents[uri] else { return nil }
        waitForNewestLoad(of: uri)
        guard let finished = analyses[uri] else { return nil }
        let analysis = finished.analysis
        let openDocuments = Array(documents.values)
        // The newest text was still loading when the wait ended: the answer says which text it is of.
        let olderText =
            finished.generation < versions.newest(uri) ?? 0
            ? (loaded: analysis.document.version, newest: document.version) : nil
        guard let id else {
            let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds)
            return try body(
                DocumentRequestContext(
                    document: document, analysis: analysis, limits: limits, client: client,
                    openDocuments: openDocuments, olderText: olderText))
        }
        defer { cancelled.forget(id) }
        let cancelled = self.cancelled
        // The request is one job: the client's cancellation and the preview deadline are its limits.
        let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds) {
            cancelled.contains(id)
        }
        let result = try body(
            DocumentRequestContext(
                document: document, analysis: analysis, limits: limits, client: client, openDocuments: openDocuments,
                olderText: olderText))
        if cancelled.contains(id) { throw ResponseError.cancelled }
        return result
    }

    /// `completionItem/resolve`: the item with its variable's value; an item of no open document
    /// comes back as it was.
    func resolve(_ request: CompletionResolveRequest, id: RequestID) -> OutgoingMessage {
        guard let uri = CompletionHandler.documentURI(of: request.item), documents[uri] != nil else {
            return .response(id: id, result: request.item)
        }
        waitForNewestLoad(of: uri)
        guard let analysis = analyses[uri]?.analysis else { return .response(id: id, result: request.item) }
        let limits = ValuePreview.limits(for: analysis.environment, seconds: self.limits.answerSeconds)
        return .response(id: id, result: CompletionHandler.resolve(request.item, analysis: analysis, limits: limits))
    }

    /// `workspace/executeCommand`: one of ``ExecuteCommandHandler/commands``, with its arguments.
    func execute(_ request: ExecuteCommandRequest, id: RequestID) throws(ResponseError) -> [OutgoingMessage] {
        let arguments = request.arguments ?? []
        guard let command = ExecuteCommandHandler.Command(request.command, arguments: arguments) else {
            throw ResponseError(code: .invalidParams, message: "unknown command or arguments")
        }
        var shown: ShowMessageParams?
        let result = try fromLoad(of: command.uri, id: id) { context in
            let (value, message) = ExecuteCommandHandler.run(command, in: context)
            shown = message
            return value
        }
        let notification = shown.map { OutgoingMessage.notification(method: ShowMessageParams.method, params: $0) }
        var replies = (notification.map { [$0] } ?? []) + [.response(id: id, result: result)]
        // The checks ran again: a client that can is asked to show the lenses with their new outcomes.
        if case .runExpectations = command, client.refreshesCodeLenses {
            serverRequests += 1
            replies.append(CodeLensRefreshRequest.message(id: .string("mbml-codelens-refresh-\(serverRequests)")))
        }
        return replies
    }
}
