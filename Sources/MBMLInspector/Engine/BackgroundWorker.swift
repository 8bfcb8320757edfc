import Foundation

/// Runs jobs on a serial background queue so that slow work (an evaluation, a load, a dynamic
/// variable) never freezes the screen. Finished outputs wait in a mailbox; a byte on a
/// ``WakePipe`` wakes the event loop, which polls ``wakeFileDescriptor`` and collects them with
/// ``takeFinished()``.
final class BackgroundWorker<Output>: Sendable {
    private let queue: DispatchQueue
    private let lock = NSLock()
    /// Unchecked: every access holds `lock` (outputs are not `Sendable`; each is handed over once).
    nonisolated(unsafe) private var finished: [Output] = []
    private let wakePipe = WakePipe()

    /// - Parameter label: the queue's name (seen in debuggers).
    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Readable when outputs are waiting.
    var wakeFileDescriptor: Int32 { wakePipe.fileDescriptor }

    /// Runs `job` after the jobs already queued; its output (if any) goes to the mailbox.
    func submit(_ job: @escaping () -> Output?) {
        // Unchecked: the job is handed to the queue, which alone runs it.
        nonisolated(unsafe) let job = job
        queue.async { [self] in
            guard let output = job() else { return }
            lock.lock()
            finished.append(output)
            lock.unlock()
            wakePipe.wake()
        }
    }

    /// The outputs finished since the last call, oldest first; empties the wake pipe.
    func takeFinished() -> [Output] {
        wakePipe.drain()
        lock.lock()
        defer { lock.unlock() }
        let outputs = finished
        finished.removeAll()
        return outputs
    }

    /// Waits until the queued jobs are done (for tests and shutdown).
    func waitUntilIdle() {
        queue.sync {}
    }
}
