import Foundation

/// The language server over a byte buffer, without threads: bytes a client writes go in
/// (``receive(_:)``), the framed bytes the server writes come out. Documents load as each message
/// is handled, so the replies to a stream are always the same; what the fuzzer and tests drive.
public final class LanguageServerEndpoint {
    private var reader = MessageReader()
    private let server: LanguageServer

    /// A server at the start of its lifecycle (before `initialize`), with the given budgets.
    public init(limits: LanguageServerLimits = LanguageServerLimits()) {
        server = LanguageServer(limits: limits)
    }

    /// Set once the client sent `exit`: the status the process would end with.
    public var exitStatus: Int32? { server.exitStatus }

    /// Handles the complete messages that `bytes` (appended to what came before) finish; returns
    /// the framed replies, one `Data` a message.
    public func receive(_ bytes: some Sequence<UInt8>) -> [Data] {
        reader.append(bytes)
        var replies: [Data] = []
        while server.exitStatus == nil, let input = reader.next() {
            let messages: [OutgoingMessage]
            switch input {
            case .message(let body): messages = server.handle(IncomingMessage(body: body), generation: nil)
            case .badHeader(let reason): messages = server.handleBadHeader(reason)
            }
            replies += messages.map { MessageWriter.frame($0.text) }
        }
        return replies
    }
}
