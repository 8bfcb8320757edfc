import Foundation
import Synchronization

/// Cancellation checks installed for one thread at a time (the loading thread while it computes
/// dynamic variables), looked up by the calling thread's id.
///
/// The engine asks whether to stop on every function call and every repetition of `^repeat`, so
/// the look-up is a lock and a small dictionary: a thread dictionary (an `NSMutableDictionary`
/// keyed by a bridged string) made a slow dynamic variable about twice as slow on the loading
/// thread as in `mbml eval`.
final class ThreadCancellationChecks: Sendable {
    private let checks = Mutex<[UInt: @Sendable () -> Bool]>([:])

    init() {}

    /// Runs `body` with `check` as the calling thread's cancellation check.
    func with<T>(_ check: @escaping @Sendable () -> Bool, _ body: () throws -> T) rethrows -> T {
        let thread = Self.currentThread()
        checks.withLock { $0[thread] = check }
        defer {
            checks.withLock { $0[thread] = nil }
        }
        return try body()
    }

    /// The calling thread's check, or nil when it has none.
    func current() -> (@Sendable () -> Bool)? {
        let thread = Self.currentThread()
        return checks.withLock { $0.isEmpty ? nil : $0[thread] }
    }

    private static func currentThread() -> UInt {
        UInt(bitPattern: Int(bitPattern: UInt(pthread_self())))
    }
}
