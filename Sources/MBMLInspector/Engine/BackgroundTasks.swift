import Foundation
import MBMLEngine
import Synchronization

/// Runs the slow things keys ask for on a background queue, so that they never freeze the screen:
/// tree searches, value viewer searches, writing a value to a file (`y f`). A new search or
/// ``cancel()`` stops the running one; progress and answers wait in a mailbox, and a byte on a pipe
/// wakes the event loop (``wakeFileDescriptor``), which collects them as actions.
final class BackgroundTasks: Sendable {
    private let queue = DispatchQueue(label: "mbml.inspector.background", qos: .userInitiated)
    /// The generations of the search and of the viewer search whose answers are wanted.
    private let wanted = Mutex((search: 0, viewerSearch: 0))
    private let lock = NSLock()
    /// Unchecked: every access holds `lock` (actions are not `Sendable`; each is handed over once).
    nonisolated(unsafe) private var mailbox: [InspectorAction] = []
    private let wakePipe = WakePipe()
    /// How often a running search reports progress.
    private static let progressInterval = 50_000

    var wakeFileDescriptor: Int32 { wakePipe.fileDescriptor }

    /// Starts a search, stopping any running one.
    func start(_ query: SearchQuery, in snapshot: VariableSnapshot, generation: Int) {
        setWanted(generation)
        queue.async { [self] in
            guard isWanted(generation) else { return }
            let outcome = TreeSearch.search(query, in: snapshot, progressInterval: Self.progressInterval) { visited in
                guard self.isWanted(generation) else { return false }
                self.post(.searchProgress(generation: generation, visited: visited))
                return true
            }
            guard outcome.isComplete, isWanted(generation) else { return }
            post(.searchFinished(generation: generation, outcome: outcome))
        }
    }

    /// Starts a search of the value viewer's lines (on a copy with its own caches), stopping any
    /// running one.
    func start(_ request: ViewerSearchRequest) {
        // Unchecked: the request and the copy of its lines are handed to the queue, which alone uses them.
        nonisolated(unsafe) let (request, lines) = (request, request.lines.detached())
        let generation = request.generation
        wanted.withLock { $0.viewerSearch = generation }
        queue.async { [self] in
            let outcome = request.run(on: lines) { _ in self.isWantedViewerSearch(generation) }
            guard let outcome = outcome, isWantedViewerSearch(generation) else { return }
            post(.viewerSearchFinished(generation: generation, outcome: outcome))
        }
    }

    /// Counts the value viewer's lines on a copy and hands the counted copy back.
    func count(_ request: ViewerCountRequest) {
        // Unchecked: the request and the copy of its lines are handed to the queue, which alone uses them.
        nonisolated(unsafe) let (request, lines) = (request, request.lines.detached())
        queue.async { [self] in
            post(.viewerLinesCounted(generation: request.generation, lines: request.run(on: lines)))
        }
    }

    /// Writes a value as JSON to a new file (see ``ValueFile``); answers with a `.notice`.
    func write(_ value: Value, suggestedName: String, in directory: URL) {
        queue.async { [self] in
            post(.notice(ValueFile.write(Reducer.copyText(value), suggestedName: suggestedName, in: directory)))
        }
    }

    /// Stops the running viewer search.
    func cancelViewerSearch() {
        wanted.withLock { $0.viewerSearch = -1 }
    }

    private func isWantedViewerSearch(_ generation: Int) -> Bool {
        wanted.withLock { $0.viewerSearch == generation }
    }

    /// Stops the running search; its answer never arrives.
    func cancel() {
        setWanted(-1)
    }

    /// What arrived since the last call (progress reports collapsed to the latest).
    func take() -> [InspectorAction] {
        wakePipe.drain()
        lock.lock()
        defer { lock.unlock() }
        let actions = mailbox
        mailbox.removeAll()
        return actions
    }

    /// Waits for the queued searches (tests).
    func waitUntilIdle() {
        queue.sync {}
    }

    private func setWanted(_ generation: Int) {
        wanted.withLock { $0.search = generation }
    }

    private func isWanted(_ generation: Int) -> Bool {
        wanted.withLock { $0.search == generation }
    }

    private func post(_ action: InspectorAction) {
        lock.lock()
        if case .searchProgress = action, case .searchProgress? = mailbox.last { mailbox.removeLast() }
        mailbox.append(action)
        lock.unlock()
        wakePipe.wake()
    }
}
