/// A JSON-RPC 2.0 error, as a response carries it.
struct ResponseError: Error, Equatable, Encodable {
    /// The error codes of JSON-RPC 2.0 and LSP 3.17 that the server uses.
    enum Code: Int, Encodable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    var code: Code
    var message: String

    static let cancelled = ResponseError(code: .requestCancelled, message: "the request was cancelled")
}
