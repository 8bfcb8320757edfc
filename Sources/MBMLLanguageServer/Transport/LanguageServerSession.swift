import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the language server over standard input and output until `exit` or the end of input.
///
/// A reader thread reads, frames and decodes the input (once: ``IncomingMessage``), so that a `$/cancelRequest` takes effect
/// while the request it names is still being answered (``CancelledRequests``) and a new text of a
/// document supersedes the old at once: its load still running stops (``DocumentVersions``) and a
/// `didChange` of the same document still waiting in the ``Inbox`` is applied without loading. Documents load in
/// threads of their own. The calling thread answers the messages one at a time, in order, and is
/// the only one that writes.
public struct LanguageServerSession: Sendable {
    let cancelled = CancelledRequests()
    let versions = DocumentVersions()
    let limits: LanguageServerLimits
    let write: @Sendable (Data) -> Void

    /// A session with the given budgets that writes its framed messages with `write`.
    public init(limits: LanguageServerLimits = LanguageServerLimits(), write: @escaping @Sendable (Data) -> Void) {
        self.limits = limits
        self.write = write
    }

    /// Serves until the client sends `exit` or closes standard input; returns the exit status
    /// (0 after `shutdown` then `exit`, 1 otherwise, as LSP asks).
    public func run() -> Int32 {
        let inbox = Inbox()
        let server = LanguageServer(
            cancelled: cancelled, versions: versions, limits: limits,
            loading: .background(finished: { uri in inbox.put(.loaded(uri)) }))
        let reader = Thread { [cancelled, versions] in Self.read(into: inbox, cancelled: cancelled, versions: versions)
        }
        // Parsing a body nests as deep as its JSON (the decoder stops at its own limit).
        reader.stackSize = 8 << 20
        reader.start()
        while true {
            let replies: [OutgoingMessage]
            switch inbox.take() {
            case .message(let message, let generation)?: replies = server.handle(message, generation: generation)
            case .badHeader(let reason)?: replies = server.handleBadHeader(reason)
            case .loaded(let uri)?: replies = server.handleLoaded(uri)
            case nil: return server.state == .shutDown ? 0 : 1
            }
            for reply in replies { write(MessageWriter.frame(reply.text)) }
            if let status = server.exitStatus { return status }
        }
    }

    /// Reads standard input to its end, handing every framed input to `inbox`, marking cancelled
    /// requests and superseded document texts at once.
    private static func read(into inbox: Inbox, cancelled: CancelledRequests, versions: DocumentVersions) {
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return inbox.close() }
            reader.append(chunk[0..<count])
            while let input = reader.next() {
                switch input {
                case .badHeader(let reason): inbox.put(.badHeader(reason))
                case .message(let body): inbox.put(Inbox.Item(body: body, cancelled: cancelled, versions: versions))
                }
            }
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif
