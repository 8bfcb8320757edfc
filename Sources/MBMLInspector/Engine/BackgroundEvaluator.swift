import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs evaluations on a serial background queue so that a slow expression never freezes the
/// screen. Finished outcomes wait in a mailbox; a byte written to a pipe wakes the event loop,
/// which polls ``wakeFileDescriptor`` and collects them with ``takeFinished()``.
final class BackgroundEvaluator: @unchecked Sendable {
    private let queue = DispatchQueue(label: "mbml.inspector.evaluation", qos: .userInitiated)
    private let lock = NSLock()
    private var finished: [EvaluationOutcome] = []
    private let wakePipe = WakePipe()

    /// Readable when outcomes are waiting.
    var wakeFileDescriptor: Int32 { wakePipe.fileDescriptor }

    /// Runs `job` after the jobs already queued; its outcome (if any) goes to the mailbox.
    func submit(_ job: @escaping () -> EvaluationOutcome?) {
        queue.async { [self] in
            guard let outcome = job() else { return }
            lock.lock()
            finished.append(outcome)
            lock.unlock()
            wakePipe.wake()
        }
    }

    /// The outcomes finished since the last call, oldest first; empties the wake pipe.
    func takeFinished() -> [EvaluationOutcome] {
        wakePipe.drain()
        lock.lock()
        defer { lock.unlock() }
        let outcomes = finished
        finished.removeAll()
        return outcomes
    }

    /// Waits until the queued jobs are done (for tests and shutdown).
    func waitUntilIdle() {
        queue.sync {}
    }
}
