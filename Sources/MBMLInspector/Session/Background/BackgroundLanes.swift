import Dispatch

/// Runs slow work off the UI thread, so that it never freezes the screen, and hands every answer
/// back through one ``Mailbox``.
///
/// Work runs on serial lanes that never wait for each other: evaluating the editor's text never
/// waits for a load, and a tree search never waits for either. Work that a newer request or the
/// user's Esc makes pointless checks a ``Generation`` and stops.
final class BackgroundLanes<Message>: Sendable {
    /// A serial queue of one kind of work.
    enum Lane: Int, CaseIterable, Sendable {
        /// Evaluations of the editor's text, the pins, comparisons, refreshed snapshots.
        case evaluation
        /// Loads and dynamic variables.
        case loading
        /// Tree and viewer searches, line counts, value files.
        case search
    }

    /// Where the answers wait (its descriptor wakes the event loop).
    let mailbox = Mailbox<Message>()
    private let queues: [DispatchQueue]

    /// - Parameter label: the prefix of the queues' names (seen in debuggers).
    init(label: String) {
        queues = Lane.allCases.map { DispatchQueue(label: "\(label).\($0)", qos: .userInitiated) }
    }

    /// Runs `job` on `lane` after the work already queued there; its answer (if any) goes to the
    /// mailbox.
    func submit(on lane: Lane, _ job: @escaping @Sendable () -> sending Message?) {
        queues[lane.rawValue].async { [mailbox] in
            if let message = job() { mailbox.post(message) }
        }
    }

    /// Runs `job` on `lane`; it posts to the mailbox itself (progress reports as it goes).
    func run(on lane: Lane, _ job: @escaping @Sendable (Mailbox<Message>) -> Void) {
        queues[lane.rawValue].async { [mailbox] in job(mailbox) }
    }

    /// Waits until the work queued on every lane is done (tests, benchmarks).
    func waitUntilIdle() {
        for queue in queues { queue.sync {} }
    }
}
