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
    private var finished: [InspectorAction] = []
    private var pipeDescriptors: [Int32] = [-1, -1]

    init() {
        if pipe(&pipeDescriptors) == 0 {
            for fd in pipeDescriptors {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
    }

    deinit {
        for fd in pipeDescriptors where fd >= 0 { close(fd) }
    }

    /// Readable when outcomes are waiting.
    var wakeFileDescriptor: Int32 { pipeDescriptors[0] }

    /// Runs `job` after the jobs already queued; its answer (if any) goes to the mailbox.
    func submit(_ job: @escaping () -> InspectorAction?) {
        queue.async { [self] in
            guard let outcome = job() else { return }
            lock.lock()
            finished.append(outcome)
            lock.unlock()
            var byte: UInt8 = 1
            _ = write(pipeDescriptors[1], &byte, 1)
        }
    }

    /// The answers finished since the last call, oldest first; empties the wake pipe.
    func takeFinished() -> [InspectorAction] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipeDescriptors[0], &buffer, buffer.count) > 0 {}
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
