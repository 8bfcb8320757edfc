import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the language server over standard input and output until `exit` or the end of input.
///
/// A reader thread reads, frames and parses the input, so that a `$/cancelRequest` takes effect
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
            let replies: [JSONValue]
            switch inbox.take() {
            case .message(let json, let generation)?: replies = server.handle(parsed: json, generation: generation)
            case .badHeader(let reason)?: replies = server.handleBadHeader(reason)
            case .loaded(let uri)?: replies = server.handleLoaded(uri)
            case nil: return server.state == .shutDown ? 0 : 1
            }
            for reply in replies { write(MessageWriter.frame(reply.encoded)) }
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

/// The inputs waiting to be answered, in order; `take()` waits for the next (nil once the input has
/// ended and everything was taken).
final class Inbox: Sendable {
    /// One input for the answering thread.
    enum Item: Sendable {
        /// A message (nil: its body was not JSON) and the generation its document text was given.
        case message(JSONValue?, generation: Int?)
        case badHeader(String)
        /// A document's load finished.
        case loaded(String)

        /// Parses `body`; a `$/cancelRequest` marks its request cancelled, and a `didOpen`,
        /// `didChange` or `didClose` supersedes the older texts of its document.
        init(body: Data, cancelled: CancelledRequests, versions: DocumentVersions) {
            let json = try? JSONValue(parsing: body)
            let method = json?["method"]?.stringValue
            if method == "$/cancelRequest", let id = json?["params"]?["id"] { cancelled.cancel(id) }
            guard let method, Self.documentMethods.contains(method),
                let uri = json?["params"]?["textDocument"]?["uri"]?.stringValue
            else {
                self = .message(json, generation: nil)
                return
            }
            self = .message(json, generation: versions.announce(uri))
        }

        static let documentMethods: Set = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose"]
    }

    private let state = Mutex((items: [Item](), isClosed: false))
    /// Signalled once per input put and once when closed; `take()` checks the state after each wake.
    private let available = DispatchSemaphore(value: 0)

    func put(_ item: Item) {
        // Every didChange is kept (with incremental sync each one edits the text the one before left);
        // one that newer text supersedes is applied without loading (``LanguageServer``).
        state.withLock { $0.items.append(item) }
        available.signal()
    }

    func close() {
        state.withLock { $0.isClosed = true }
        available.signal()
    }

    func take() -> Item? {
        while true {
            available.wait()
            let (item, isClosed) = state.withLock { state -> (Item?, Bool) in
                (state.items.isEmpty ? nil : state.items.removeFirst(), state.isClosed)
            }
            if let item { return item }
            if isClosed {
                // Closed and empty: leave the signal for the next `take()`, which answers nil too.
                available.signal()
                return nil
            }
            // A wake left by an item that a newer one dropped: wait again.
        }
    }
}
