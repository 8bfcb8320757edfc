/// A JSON-RPC 2.0 error, as a response carries it.
struct ResponseError: Error, Equatable {
    /// The error codes of JSON-RPC 2.0 and LSP 3.17 that the server uses.
    enum Code: Int {
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

    var json: JSONValue {
        .object(["code": .int(code.rawValue), "message": .string(message)])
    }
}

/// One incoming message: a request (it has an `id`) or a notification (it has none).
struct IncomingMessage {
    /// The request's id (a number or string), nil for a notification.
    var id: JSONValue?
    var method: String
    var params: JSONValue

    /// Reads a JSON-RPC 2.0 message.
    ///
    /// - Throws: ``ResponseError`` `invalidRequest` when `json` is not a request or notification.
    init(_ json: JSONValue) throws(ResponseError) {
        guard case .object = json, let method = json["method"]?.stringValue else {
            throw ResponseError(code: .invalidRequest, message: "not a JSON-RPC request: no method")
        }
        switch json["id"] {
        case nil, .int?, .string?: break
        default: throw ResponseError(code: .invalidRequest, message: "a request id must be a number or a string")
        }
        self.id = json["id"]
        self.method = method
        self.params = json["params"] ?? .null
    }

    var isNotification: Bool { id == nil }
}

/// Builders for outgoing messages.
enum OutgoingMessage {
    static func response(id: JSONValue?, result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id ?? .null, "result": result])
    }

    static func response(id: JSONValue?, error: ResponseError) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id ?? .null, "error": error.json])
    }

    static func request(id: JSONValue, method: String, params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "method": .string(method), "params": params])
    }

    static func notification(method: String, params: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
    }
}
