import Synchronization

/// Where background work leaves its answers for the UI thread: any thread posts, the event loop
/// takes. Each post writes a byte to a pipe, so the loop's `poll(2)` on ``fileDescriptor`` wakes
/// when answers are waiting.
final class Mailbox<Message>: Sendable {
    /// Guards ``waiting``.
    private let lock = Mutex(())
    /// The answers not yet taken. Messages are not `Sendable` (actions may hold viewer caches), but
    /// each is handed over whole (`sending`) and only ever read or written under ``lock``.
    nonisolated(unsafe) private var waiting: [Message] = []
    private let wakePipe = WakePipe()

    init() {}

    /// Readable while answers are waiting (include it in `poll(2)`).
    var fileDescriptor: Int32 { wakePipe.fileDescriptor }

    /// Leaves `message` for the UI thread.
    func post(_ message: sending Message) {
        lock.withLock { _ in waiting.append(message) }
        wakePipe.wake()
    }

    /// Leaves `message` for the UI thread in place of the last waiting one when `replaces` says so
    /// (progress reports that a newer one makes pointless).
    func post(_ message: sending Message, replacingLastIf replaces: (Message) -> Bool) {
        lock.withLock { _ in
            if let last = waiting.last, replaces(last) { waiting.removeLast() }
            waiting.append(message)
        }
        wakePipe.wake()
    }

    /// Every answer posted since the last call, oldest first; empties the wake pipe.
    func take() -> [Message] {
        wakePipe.drain()
        return lock.withLock { _ in
            let taken = waiting
            waiting = []
            return taken
        }
    }
}
