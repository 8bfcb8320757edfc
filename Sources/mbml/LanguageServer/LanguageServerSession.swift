import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a ``LanguageServer`` over standard input and output until `exit` or the end of input.
///
/// A reader thread reads and frames the input, so that a `$/cancelRequest` takes effect while the
/// request it names is still being answered (``CancelledRequests``); the calling thread answers
/// the messages one at a time, in order, and is the only one that writes to standard output.
struct LanguageServerSession {
    let cancelled = CancelledRequests()

    /// Serves until the client sends `exit` or closes standard input; returns the exit status
    /// (0 after `shutdown` then `exit`, 1 otherwise, as LSP asks).
    func run() -> Int32 {
        let server = LanguageServer(cancelled: cancelled)
        let inbox = Inbox()
        let reader = Thread { [cancelled] in Self.read(into: inbox, cancelled: cancelled) }
        reader.stackSize = 1 << 20
        reader.start()
        while true {
            let replies: [JSONValue]
            switch inbox.take() {
            case .message(let body): replies = server.handle(body)
            case .badHeader(let reason): replies = server.handleBadHeader(reason)
            case nil: return server.state == .shutDown ? 0 : 1
            }
            for reply in replies {
                StandardStream.output.write(String(decoding: MessageWriter.frame(reply.encoded), as: UTF8.self))
            }
            if let status = server.exitStatus { return status }
        }
    }

    /// Reads standard input to its end, handing every framed input to `inbox` and marking cancelled
    /// requests at once.
    private static func read(into inbox: Inbox, cancelled: CancelledRequests) {
        var reader = MessageReader()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return inbox.close() }
            reader.append(chunk[0..<count])
            while let input = reader.next() {
                if case .message(let body) = input, let id = CancelledRequests.cancelledID(in: body) {
                    cancelled.cancel(id)
                }
                inbox.put(input)
            }
        }
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#else
private let systemRead = Darwin.read
#endif

/// The framed inputs waiting to be answered, in order; `take()` waits for the next (nil once the
/// input has ended and everything was taken).
final class Inbox: Sendable {
    private let state = Mutex((items: [FramedInput](), isClosed: false))
    /// Signalled once per input put and once when closed, so that `take()` waits only while there is
    /// nothing to take.
    private let available = DispatchSemaphore(value: 0)

    func put(_ input: FramedInput) {
        state.withLock { $0.items.append(input) }
        available.signal()
    }

    func close() {
        state.withLock { $0.isClosed = true }
        available.signal()
    }

    func take() -> FramedInput? {
        available.wait()
        let input = state.withLock { state in
            state.items.isEmpty ? nil : state.items.removeFirst()
        }
        // Closed and empty: leave the signal for the next `take()`, which answers nil too.
        if input == nil { available.signal() }
        return input
    }
}
