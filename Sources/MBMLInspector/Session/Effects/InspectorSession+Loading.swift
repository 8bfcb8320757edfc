import Foundation
import MBMLEngine

/// Loading the space (and the space compared with), its dynamic variables, refreshing, switching
/// spaces, and watching the files they read.
extension InspectorSession {
    func performLoading(_ effect: LoadingEffect) -> [InspectorAction] {
        switch effect {
        case .reload:
            return reload(now: Date())
        case .cancelLoad:
            engine.cancelLoad()
            return []
        case .computeDynamicVariables(let names, let generation):
            return names.flatMap { answer(on: .loading, engine.dynamicVariableJob($0, generation: generation)) }
        case .refreshSpace:
            // Time moved on: the dynamic values are computed again, by the tree and the editor alike.
            engine.forgetDynamicValues()
            let environment = engine.environment
            let order = state.space.declarationOrder
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    .spaceRefreshed(VariableSnapshot(of: environment, order: order, limits: limits))
                })
        case .switchSpaces:
            guard let other = comparison else { return [] }
            comparison = engine
            engine = other
            let label = comparison?.manifestDisplayName ?? "first"
            return [.startComparison(label: label), engine.load()]
        case .watch(let files):
            watcher?.watch(paths: files)
            return []
        }
    }

    /// Loads the space (and the comparison space) again: in the background mode off the UI
    /// thread (answering `.loadStarted` now, the load when it is done), otherwise at once.
    func reload(now: Date) -> [InspectorAction] {
        let job = engine.prepareLoad(now: now)
        let comparisonJob = comparison?.prepareLoad(now: now)
        // A ready-made environment only needs a snapshot: take it at once.
        guard let background, !engine.isPreloaded else {
            var actions: [InspectorAction] = []
            if let comparisonJob, let comparison {
                actions.append(Self.comparisonLoaded(comparison.finishLoad(comparisonJob())))
            }
            return actions + [engine.finishLoad(job())]
        }
        // A reload is compared with the space on show now, on the loading queue.
        let base = state.loadGeneration > 0 ? (snapshot: state.space, generation: state.loadGeneration) : nil
        background.submit(on: .loading) {
            var prepared = job()
            if let base = base {
                prepared.space.reloadDiff = PrecomputedReloadDiff(
                    old: base.snapshot, baseGeneration: base.generation,
                    new: prepared.space.snapshot)
            }
            return .load(prepared, comparison: comparisonJob?())
        }
        return [.loadStarted]
    }
}
