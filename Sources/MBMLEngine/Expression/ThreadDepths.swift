import Foundation

/// How deep each thread is in nested evaluations of one environment. A handful of threads at most
/// use an environment at a time (the UI, an evaluation queue, a loader), so a short list searched in
/// order beats a hashed dictionary on the path every evaluation takes.
struct ThreadDepths {
    private var entries: [(thread: ThreadKey, depth: Int)] = []

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
