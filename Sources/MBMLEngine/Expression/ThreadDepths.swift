import Foundation

/// How deep each thread is in nested evaluations of one environment, and the memory meter of the
/// top-level evaluation it is in. A handful of threads at most use an environment at a time (the UI,
/// an evaluation queue, a loader), so a short list searched in order beats a hashed dictionary on
/// the path every evaluation takes.
struct ThreadDepths {
    private var entries: [(thread: ThreadKey, depth: Int)] = []
    private var meters: [(thread: ThreadKey, meter: EvaluationMeter)] = []

    /// The meter of the evaluation `thread` is in; setting nil forgets it.
    func meter(of thread: ThreadKey) -> EvaluationMeter? {
        for entry in meters where entry.thread == thread { return entry.meter }
        return nil
    }

    mutating func setMeter(_ meter: EvaluationMeter?, of thread: ThreadKey) {
        meters.removeAll { $0.thread == thread }
        if let meter { meters.append((thread, meter)) }
    }

    /// The depth of `thread`, or nil when it is not evaluating; setting nil forgets the thread.
    subscript(thread: ThreadKey) -> Int? {
        get {
            for entry in entries where entry.thread == thread { return entry.depth }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.thread == thread }
            switch (index, newValue) {
            case (let index?, let depth?): entries[index].depth = depth
            case (let index?, nil): entries.remove(at: index)
            case (nil, let depth?): entries.append((thread, depth))
            case (nil, nil): break
            }
        }
    }
}

/// Which thread is running, cheaply (`pthread_self`, with no `Thread` object to look up).
typealias ThreadKey = UInt

/// The calling thread's ``ThreadKey``.
func currentThreadKey() -> ThreadKey {
    ThreadKey(pthread_self())
}
