import Foundation
import Synchronization

/// Tells a running evaluation that its answer is no longer wanted: the text changed (a newer
/// generation was requested) or the user cancelled. Read by the environment's `isCancelled`
/// from the evaluation thread, written from the main thread.
final class EvaluationTicket: Sendable {
    private let state = Mutex((latest: 0, running: 0))

    /// A newer evaluation was requested; older ones should stop.
    func request(_ generation: Int) {
        state.withLock { $0.latest = generation }
    }

    /// No evaluation is wanted any more.
    func cancelAll() {
        state.withLock { $0.latest = -1 }
    }

    /// Marks `generation` as the one now running.
    func begin(_ generation: Int) {
        state.withLock { $0.running = generation }
    }

    /// Whether the running evaluation should stop.
    var isCancelled: Bool {
        state.withLock { $0.running != $0.latest }
    }

    func isCurrent(_ generation: Int) -> Bool {
        state.withLock { generation == $0.latest }
    }
}
