import MBMLEngine

/// What a request about a loaded document is answered from: the document's newest text, its
/// newest finished load, the request's limits (its deadline, the memory budget and the client's
/// cancellation), what the client can do and the other open documents.
struct DocumentRequestContext {
    let document: TextDocument
    let analysis: DocumentAnalysis
    let limits: EvaluationLimits
    let client: ClientCapabilities
    let openDocuments: [TextDocument]
    /// When the load answered from is of an older text than the newest (the newest was still
    /// loading when the wait for it ended): the version loaded and the newest version.
    var olderText: (loaded: Int, newest: Int)? = nil

    /// The expression text around `position` (read ahead to where the expression ends when
    /// `readingAhead`, ``CursorContext/init(document:position:readingAhead:)``).
    func cursor(at position: LSPPosition, readingAhead: Bool = false) -> CursorContext {
        CursorContext(document: document, position: position, readingAhead: readingAhead)
    }
}

/// A request answered from the newest text of its document alone (symbols, folding, links,
/// tokens): null when the document is not open.
protocol TextDocumentRequest: LSPRequest {
    associatedtype Answer: Encodable
    var textDocument: TextDocumentIdentifier { get }
    func answer(for document: TextDocument) -> Answer
}

/// A request answered from the newest load of its document, as one job under the request's
/// limits: null when the document is not open or never loaded; `RequestCancelled` when the client
/// cancels it before or while it is answered.
protocol LoadedDocumentRequest: LSPRequest {
    associatedtype Answer: Encodable
    var textDocument: TextDocumentIdentifier { get }
    func answer(in context: DocumentRequestContext) throws(ResponseError) -> Answer
}
