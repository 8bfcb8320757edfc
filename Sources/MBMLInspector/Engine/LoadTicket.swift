import Foundation

/// Which load is current, shared between the UI thread and the background loader: a load (and the
/// dynamic variables it leaves to compute) stops when a newer load starts or the user cancels.
final class LoadTicket: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private var cancelled = -1

    /// Starts a new load and returns its generation; older ones count as cancelled from now on.
    func begin() -> Int {
        lock.lock()
        defer { lock.unlock() }
        current += 1
        return current
    }

    /// The generation of the newest load.
    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Cancels the newest load (Esc).
    func cancel() {
        lock.lock()
        cancelled = current
        lock.unlock()
    }

    /// Whether the work of `generation` should stop.
    func isCancelled(_ generation: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return generation != current || cancelled == generation
    }
}
