import Foundation
import MBMLEngine
import Synchronization

/// The values of dynamic variables computed for the space on show, by the tree (on the loading
/// lane) and by evaluations of the editor's text alike, so that neither computes one the other has
/// or is computing: typing `$slow` costs nothing once the tree shows `$slow`, and no more than the
/// tree's own computation while it is running (the evaluation waits for it); a variable the editor
/// computed first, still queued in the tree, is the editor's value when the tree reaches it.
///
/// Whoever starts a variable first claims it (``answer(for:generation:mayWait:shouldStop:)``); the
/// other waits for it, unless it is itself computing a dynamic variable (then it computes this one
/// too: a job someone may wait for never waits, so two jobs never wait for each other).
///
/// Values belong to one load (its generation): a newer load, or a refresh, starts over.
final class DynamicValueStore: Sendable {
    private struct Contents {
        var generation = 0
        var values: [String: Value?] = [:]
        /// The dynamic variables claimed, being computed now.
        var computing: Set<String> = []
    }

    private let contents = Mutex(Contents())

    /// How often a waiting job looks again (and checks that it is still wanted).
    static let pollInterval: UInt32 = 5_000

    init() {}

    /// Forgets every value: the space of load `generation` is on show.
    func reset(generation: Int) {
        contents.withLock { $0 = Contents(generation: generation) }
    }

    /// What a job about to compute `name` for load `generation` does: read the value kept, wait
    /// (when `mayWait`) while another job computes it, or compute it, claiming it when nobody else
    /// is computing it. Waiting ends with `.unclaimed` as soon as `shouldStop` says so.
    func answer(
        for name: String, generation: Int, mayWait: Bool, shouldStop: () -> Bool
    ) -> DynamicValueAnswer {
        while true {
            let answer: DynamicValueAnswer? = contents.withLock { contents in
                guard contents.generation == generation else { return .unclaimed }
                if let value = contents.values[name] { return .known(value) }
                guard !contents.computing.contains(name) else { return mayWait ? nil : .unclaimed }
                contents.computing.insert(name)
                return .claimed
            }
            if let answer { return answer }
            if shouldStop() { return .unclaimed }
            usleep(Self.pollInterval)
        }
    }

    /// The job that claimed `name` for load `generation` is done: its value is kept when `keeps`
    /// (a computation that failed or was cancelled keeps nothing: the next job computes it itself
    /// and shows its error).
    func finish(_ name: String, value: Value?, keeps: Bool, generation: Int) {
        contents.withLock { contents in
            guard contents.generation == generation else { return }
            contents.computing.remove(name)
            if keeps { contents.values[name] = .some(value) }
        }
    }

    /// The values kept for load `generation` (none for another load).
    func values(generation: Int) -> [String: Value?] {
        contents.withLock { $0.generation == generation ? $0.values : [:] }
    }

    /// The store as the engine's evaluations of load `generation` see it.
    func exchange(generation: Int) -> some DynamicValueExchange {
        Exchange(store: self, generation: generation)
    }

    /// The store for the engine: evaluations of the editor's text claim, wait for and keep values
    /// as the tree does.
    private struct Exchange: DynamicValueExchange {
        let store: DynamicValueStore
        let generation: Int

        func answer(for name: String, mayWait: Bool, shouldStop: () -> Bool) -> DynamicValueAnswer {
            store.answer(for: name, generation: generation, mayWait: mayWait, shouldStop: shouldStop)
        }

        /// A value is kept when it is whole and not nil: an expression that failed reads as nil
        /// (its error only logged), so the tree computes a nil again to show why.
        func finished(_ name: String, value: Value?, isWhole: Bool) {
            store.finish(name, value: value, keeps: isWhole && value != nil, generation: generation)
        }
    }
}
