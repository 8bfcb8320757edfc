import Foundation
import Synchronization

/// Which text of each document is the newest, and the newest finished load of it: shared by the
/// thread that reads the client's messages, the threads that load documents and the thread that
/// answers.
///
/// Every `didOpen`, `didChange` and `didClose` gets a generation the moment it is read
/// (``announce(_:)``): a load that is no longer of the newest generation is superseded and stops
/// (``isCurrent(_:generation:)``), and a finished load is kept only when nothing newer has finished.
final class DocumentVersions: Sendable {
    /// A finished load: the analysis, handed from the loading thread to the answering thread.
    /// `@unchecked` because its ``DocumentAnalysis`` holds an `Environment`: the loading thread never
    /// touches it again once it is handed over, and only the answering thread uses it after.
    final class Finished: @unchecked Sendable {
        let generation: Int
        let analysis: DocumentAnalysis

        init(generation: Int, analysis: DocumentAnalysis) {
            self.generation = generation
            self.analysis = analysis
        }
    }

    private struct State {
        var nextGeneration = 1
        var newest: [String: Int] = [:]
        var finished: [String: Finished] = [:]
        /// The generation of each document's newest load that reads everything again: no load
        /// older than it is the base of a later one.
        var everythingFrom: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// A new generation for `uri`: any load of an older one is superseded from now on.
    func announce(_ uri: String) -> Int {
        state.withLock { state in
            let generation = state.nextGeneration
            state.nextGeneration += 1
            state.newest[uri] = generation
            return generation
        }
    }

    /// The newest generation announced for `uri`.
    func newest(_ uri: String) -> Int? {
        state.withLock { $0.newest[uri] }
    }

    /// Whether `generation` is still the newest of `uri`.
    func isCurrent(_ uri: String, generation: Int) -> Bool {
        state.withLock { $0.newest[uri] == generation }
    }

    /// Keeps a finished load unless a newer one has finished.
    func finish(_ uri: String, _ finished: Finished) {
        state.withLock { state in
            if (state.finished[uri]?.generation ?? 0) < finished.generation { state.finished[uri] = finished }
        }
    }

    /// The newest finished load of `uri`.
    func finished(_ uri: String) -> Finished? {
        state.withLock { $0.finished[uri] }
    }

    /// Notes that the load of `generation` reads every input again (a file on disk changed): from
    /// now on only a load at least that new is a base (``base(_:)``).
    func readsEverything(_ uri: String, from generation: Int) {
        state.withLock { $0.everythingFrom[uri] = max($0.everythingFrom[uri] ?? 0, generation) }
    }

    /// The newest finished load of `uri` a load of a newer text may start from: none older than
    /// the newest load that reads everything again.
    func base(_ uri: String) -> Finished? {
        state.withLock { state in
            guard let finished = state.finished[uri], finished.generation >= state.everythingFrom[uri] ?? 0 else {
                return nil
            }
            return finished
        }
    }

    /// Forgets `uri`'s finished load (its generation stays, so that its loads still running stop).
    func close(_ uri: String) {
        state.withLock { $0.finished[uri] = nil }
    }
}
