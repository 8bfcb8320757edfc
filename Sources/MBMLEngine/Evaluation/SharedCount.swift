import Synchronization

/// A count the job and the workers of its parallel per-item scopes add to (``Evaluation/worker()``
/// shares it).
final class SharedCount: Sendable {
    private let atomic = Atomic<Int>(0)

    var value: Int { atomic.load(ordering: .relaxed) }

    func add(_ count: Int) {
        guard count != 0 else { return }
        atomic.wrappingAdd(count, ordering: .relaxed)
    }
}
