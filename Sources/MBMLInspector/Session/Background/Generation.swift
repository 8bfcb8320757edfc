import Synchronization

/// Which piece of one kind of background work is current: the evaluation of the latest text, the
/// newest load, the latest tree or viewer search. Newer work supersedes older work, and cancelling
/// stops the current one; the work asks ``isCurrent(_:)`` while it runs (from any thread) and stops,
/// or drops its answer, once it is not.
///
/// ```swift
/// let searches = Generation()
/// let number = searches.advance()   // 1: a new search, any older one is stale
/// searches.isCurrent(number)        // true
/// searches.cancel()                 // Esc
/// searches.isCurrent(number)        // false
/// ```
final class Generation: Sendable {
    private struct Current {
        var number = 0
        var isCancelled = false
    }

    private let current = Mutex(Current())

    init() {}

    /// Starts newer work and returns its number; older work is stale from now on.
    func advance() -> Int {
        current.withLock { current in
            current = Current(number: current.number + 1)
            return current.number
        }
    }

    /// Makes `number` the current work (for numbers counted elsewhere, such as the reducer's
    /// evaluation generations); older work is stale from now on.
    func start(_ number: Int) {
        current.withLock { $0 = Current(number: number) }
    }

    /// Stops the current work: no number is current until the next ``advance()`` or ``start(_:)``.
    func cancel() {
        current.withLock { $0.isCancelled = true }
    }

    /// The number of the newest work, cancelled or not.
    var currentNumber: Int {
        current.withLock { $0.number }
    }

    /// Whether the work numbered `number` is still wanted.
    func isCurrent(_ number: Int) -> Bool {
        current.withLock { $0.number == number && !$0.isCancelled }
    }
}
