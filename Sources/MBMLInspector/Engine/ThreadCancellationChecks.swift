import Foundation

/// Cancellation checks installed for one thread at a time (the loading thread while it computes
/// dynamic variables), looked up by the calling thread's id.
///
/// The engine asks whether to stop on every function call and every repetition of `^repeat`, so
/// the look-up is a lock and a small dictionary: a thread dictionary (an `NSMutableDictionary`
/// keyed by a bridged string) made a slow dynamic variable about twice as slow on the loading
/// thread as in `mbml eval`.
final class ThreadCancellationChecks: @unchecked Sendable {
    private var checks: [UInt: () -> Bool] = [:]
    private let lock = NSLock()

    init() {}

    /// Runs `body` with `check` as the calling thread's cancellation check.
    func with<T>(_ check: @escaping () -> Bool, _ body: () throws -> T) rethrows -> T {
        let thread = Self.currentThread()
        lock.lock()
        checks[thread] = check
        lock.unlock()
        defer {
            lock.lock()
            checks[thread] = nil
            lock.unlock()
        }
        return try body()
    }

    /// The calling thread's check, or nil when it has none.
    func current() -> (() -> Bool)? {
        lock.lock()
        defer { lock.unlock() }
        return checks.isEmpty ? nil : checks[Self.currentThread()]
    }

    private static func currentThread() -> UInt {
        UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
    }
}
