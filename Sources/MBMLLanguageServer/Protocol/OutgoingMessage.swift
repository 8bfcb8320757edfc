import MBMLEngine

/// One message the server sends, written once as JSON text by the engine's
/// ``MBMLEngine/JSONTextEncoder`` (the encoder of every machine-readable output of `mbml`): a
/// response, a notification or a request of the server.
struct OutgoingMessage: Sendable, Equatable {
    /// The message's JSON text.
    let text: String

    /// The response to request `id` with `result` (nil `id`: `null`).
    static func response(id: RequestID?, result: some Encodable) -> OutgoingMessage {
        encoded(ResultResponse(id: id, result: result))
    }

    /// The error response to request `id`.
    static func response(id: RequestID?, error: ResponseError) -> OutgoingMessage {
        encoded(ErrorResponse(id: id, error: error))
    }

    /// A notification the server sends.
    static func notification(method: String, params: some Encodable) -> OutgoingMessage {
        encoded(Notification(method: method, params: params))
    }

    /// A request the server sends.
    static func request(id: RequestID, method: String, params: some Encodable) -> OutgoingMessage {
        encoded(Request(id: id, method: method, params: params))
    }

    /// A request the server sends that has no params (`workspace/codeLens/refresh`).
    static func request(id: RequestID, method: String) -> OutgoingMessage {
        encoded(Request<JSONValue>(id: id, method: method, params: nil))
    }

    private static func encoded(_ envelope: some Encodable) -> OutgoingMessage {
        do {
            return OutgoingMessage(text: try JSONTextEncoder().encode(envelope))
        } catch {
            return OutgoingMessage(
                text: #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"a reply could not be written"}}"#)
        }
    }

    private init(text: String) {
        self.text = text
    }

    private struct ResultResponse<Result: Encodable>: Encodable {
        let id: RequestID?
        let result: Result

        private enum CodingKeys: String, CodingKey {
            case jsonrpc, id, result
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("2.0", forKey: .jsonrpc)
            try container.encode(id, forKey: .id)
            try container.encode(result, forKey: .result)
        }
    }

    private struct ErrorResponse: Encodable {
        let id: RequestID?
        let error: ResponseError

        private enum CodingKeys: String, CodingKey {
            case jsonrpc, id, error
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("2.0", forKey: .jsonrpc)
            try container.encode(id, forKey: .id)
            try container.encode(error, forKey: .error)
        }
    }

    private struct Notification<Params: Encodable>: Encodable {
        var jsonrpc = "2.0"
        let method: String
        let params: Params
    }

    private struct Request<Params: Encodable>: Encodable {
        var jsonrpc = "2.0"
        let id: RequestID
        let method: String
        /// Left out when nil.
        let params: Params?
    }
}
