import Foundation
import Synchronization

/// Which load is current, shared between the UI thread and the background loader: a load (and the
/// dynamic variables it leaves to compute) stops when a newer load starts or the user cancels.
final class LoadTicket: Sendable {
    private let state = Mutex((current: 0, cancelled: -1))

    /// Starts a new load and returns its generation; older ones count as cancelled from now on.
    func begin() -> Int {
        state.withLock { state in
            state.current += 1
            return state.current
        }
    }

    /// The generation of the newest load.
    var generation: Int {
        state.withLock { $0.current }
    }

    /// Cancels the newest load (Esc).
    func cancel() {
        state.withLock { $0.cancelled = $0.current }
    }

    /// Whether the work of `generation` should stop.
    func isCancelled(_ generation: Int) -> Bool {
        state.withLock { generation != $0.current || $0.cancelled == generation }
    }
}
