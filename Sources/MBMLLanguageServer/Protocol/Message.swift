/// A request of the client: its parameters, decoded as part of the message, and the type of its
/// result. One type a method, named once (``method``), as sourcekit-lsp's `RequestType`.
protocol LSPRequest: Decodable, Sendable {
    associatedtype Response: Encodable
    /// The JSON-RPC method.
    static var method: String { get }
}

/// A notification of the client: its parameters, decoded as part of the message.
protocol LSPNotification: Decodable, Sendable {
    /// The JSON-RPC method.
    static var method: String { get }
}

/// A notification that gives a document a new text, or closes it (`didOpen`, `didChange`,
/// `didClose`): the reader gives it a generation the moment it is read (``DocumentVersions``).
protocol TextDocumentNotification: LSPNotification {
    var documentURI: String { get }
}

/// A request or notification whose parameters may be left out (`shutdown`, `initialized`): it
/// decodes from an absent or null `params`.
protocol ParameterlessMessage {
    init()
}
