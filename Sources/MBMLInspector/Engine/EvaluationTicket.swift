import Foundation

/// Tells a running evaluation that its answer is no longer wanted: the text changed (a newer
/// generation was requested) or the user cancelled. Read by the environment's `isCancelled`
/// from the evaluation thread, written from the main thread.
final class EvaluationTicket: @unchecked Sendable {
    private let lock = NSLock()
    private var latest = 0
    private var running = 0

    /// A newer evaluation was requested; older ones should stop.
    func request(_ generation: Int) {
        lock.lock()
        latest = generation
        lock.unlock()
    }

    /// No evaluation is wanted any more.
    func cancelAll() {
        lock.lock()
        latest = -1
        lock.unlock()
    }

    /// Marks `generation` as the one now running.
    func begin(_ generation: Int) {
        lock.lock()
        running = generation
        lock.unlock()
    }

    /// Whether the running evaluation should stop.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running != latest
    }

    func isCurrent(_ generation: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return generation == latest
    }
}
