import Foundation

/// One message of the client, decoded once — envelope and parameters in one pass — into the typed
/// request or notification its method names (``MessageRegistry``), as sourcekit-lsp's
/// `JSONRPCMessage` decoding does.
///
/// Decoding never fails: what cannot be used is kept as the error to answer with — not JSON
/// (`ParseError`), not a request (`InvalidRequest`), a method the server does not know
/// (`MethodNotFound`, answered for a request, dropped for a notification), parameters that do not
/// fit the method (`InvalidParams`).
enum IncomingMessage: Sendable {
    /// A request (it has an `id`): its parameters, or why they cannot be used.
    case request(id: RequestID, method: String, Result<any LSPRequest, ResponseError>)
    /// A notification (no `id`).
    case notification(method: String, Result<any LSPNotification, ResponseError>)
    /// The client's response to a request of the server (`client/registerCapability`).
    case response(id: RequestID?)
    /// Not a message that can be answered other than with an error.
    case invalid(id: RequestID?, ResponseError)

    /// Decodes one message body.
    init(body: Data) {
        do {
            self = try JSONDecoder().decode(IncomingMessage.self, from: body)
        } catch {
            self = .invalid(id: nil, ResponseError(code: .parseError, message: "malformed JSON"))
        }
    }

    /// The request's id (nil for other messages).
    var requestID: RequestID? {
        if case .request(let id, _, _) = self { return id }
        return nil
    }

    /// The notification, when this is one that decoded.
    var notification: (any LSPNotification)? {
        if case .notification(_, .success(let notification)) = self { return notification }
        return nil
    }
}

extension IncomingMessage: Decodable {
    private enum Keys: String, CodingKey {
        case jsonrpc, id, method, params, result, error
    }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Keys.self) else {
            self = .invalid(id: nil, ResponseError(code: .invalidRequest, message: "not a JSON-RPC request: no method"))
            return
        }
        var id: RequestID?
        if container.contains(.id) {
            guard let decoded = try? container.decode(RequestID.self, forKey: .id) else {
                self = .invalid(
                    id: nil, ResponseError(code: .invalidRequest, message: "a request id must be a number or a string"))
                return
            }
            id = decoded
        }
        guard let method = try? container.decode(String.self, forKey: .method) else {
            if id != nil, container.contains(.result) || container.contains(.error) {
                self = .response(id: id)
            } else {
                self = .invalid(
                    id: id, ResponseError(code: .invalidRequest, message: "not a JSON-RPC request: no method"))
            }
            return
        }
        if let id {
            guard let type = MessageRegistry.requests[method] else {
                self = .request(
                    id: id, method: method,
                    .failure(ResponseError(code: .methodNotFound, message: "unknown method \(method)")))
                return
            }
            self = .request(id: id, method: method, Self.request(type, in: container))
        } else {
            guard let type = MessageRegistry.notifications[method] else {
                self = .notification(
                    method: method,
                    .failure(ResponseError(code: .methodNotFound, message: "unknown method \(method)")))
                return
            }
            self = .notification(method: method, Self.notification(type, in: container))
        }
    }

    private static func request<Request: LSPRequest>(
        _ type: Request.Type, in container: KeyedDecodingContainer<Keys>
    ) -> Result<any LSPRequest, ResponseError> {
        parameters(type, in: container).map { $0 }
    }

    private static func notification<Notification: LSPNotification>(
        _ type: Notification.Type, in container: KeyedDecodingContainer<Keys>
    ) -> Result<any LSPNotification, ResponseError> {
        parameters(type, in: container).map { $0 }
    }

    /// The `params` of the message as `type`; a parameterless type also from no or null `params`.
    private static func parameters<Parameters: Decodable>(
        _ type: Parameters.Type, in container: KeyedDecodingContainer<Keys>
    ) -> Result<Parameters, ResponseError> {
        if let empty = type as? any ParameterlessMessage.Type,
            !container.contains(.params) || (try? container.decodeNil(forKey: .params)) == true,
            let parameters = empty.init() as? Parameters
        {
            return .success(parameters)
        }
        do {
            return .success(try container.decode(type, forKey: .params))
        } catch {
            return .failure(ResponseError(code: .invalidParams, message: Self.describe(error)))
        }
    }

    /// What is wrong with the parameters, in a line: the field and the problem.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "invalid params" }
        switch error {
        case .keyNotFound(let key, let context):
            return "invalid params: \(path(context.codingPath + [key])) is required"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "invalid params: \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "invalid params"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
