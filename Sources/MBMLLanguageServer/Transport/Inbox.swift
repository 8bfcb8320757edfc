import Foundation
import Synchronization

/// The inputs waiting to be answered, in order; `take()` waits for the next (nil once the input has
/// ended and everything was taken).
final class Inbox: Sendable {
    /// One input for the answering thread.
    enum Item: Sendable {
        /// A message and the generation its document text was given.
        case message(IncomingMessage, generation: Int?)
        case badHeader(String)
        /// A document's load finished.
        case loaded(String)

        /// Decodes `body` (the one time it is decoded); a `$/cancelRequest` marks its request
        /// cancelled, and a `didOpen`, `didChange` or `didClose` supersedes the older texts of its
        /// document.
        init(body: Data, cancelled: CancelledRequests, versions: DocumentVersions) {
            let message = IncomingMessage(body: body)
            switch message.notification {
            case let cancel as CancelRequestNotification:
                cancelled.cancel(cancel.id)
                self = .message(message, generation: nil)
            case let change as any TextDocumentNotification:
                self = .message(message, generation: versions.announce(change.documentURI))
            default:
                self = .message(message, generation: nil)
            }
        }
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
