import Foundation
import MBMLEngine
import Synchronization

/// The values of dynamic variables the tree computed (on the loading lane) for the space on show,
/// so that an evaluation of the editor's text reads them instead of computing them again: typing
/// `$slow` costs nothing once the tree shows `$slow`, and little more than the tree's own
/// computation while it is still running (the evaluation waits for it).
///
/// Values belong to one load (its generation): a newer load, or a refresh, starts over.
final class DynamicValueStore: Sendable {
    private struct Contents {
        var generation = 0
        var values: [String: Value?] = [:]
        /// The dynamic variables being computed now.
        var computing: Set<String> = []
    }

    private let contents = Mutex(Contents())

    /// How often a waiting evaluation looks again (and checks that it is still wanted).
    static let pollInterval: UInt32 = 5_000

    init() {}

    /// Forgets every value: the space of load `generation` is on show.
    func reset(generation: Int) {
        contents.withLock { $0 = Contents(generation: generation) }
    }

    /// `name` is being computed for load `generation`.
    func startComputing(_ name: String, generation: Int) {
        contents.withLock { contents in
            guard contents.generation == generation else { return }
            contents.computing.insert(name)
        }
    }

    /// `name` is computed for load `generation`: its value is kept when `keeps` (a computation that
    /// failed or was cancelled keeps nothing: an evaluation computes it itself and shows its error).
    func finishComputing(_ name: String, value: Value?, keeps: Bool, generation: Int) {
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

    /// Waits while any of `names` is being computed for load `generation`, then returns the values
    /// kept; stops waiting as soon as `shouldStop` says so (a newer key, Esc, the `--timeout`).
    func values(
        generation: Int, waitingFor names: Set<String>, shouldStop: () -> Bool
    ) -> [String: Value?] {
        while true {
            let busy = contents.withLock { contents in
                contents.generation == generation && !contents.computing.isDisjoint(with: names)
            }
            if !busy || shouldStop() { return values(generation: generation) }
            usleep(Self.pollInterval)
        }
    }
}
