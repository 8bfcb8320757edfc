import Foundation

/// The effects the reducer asks for, routed to the feature that performs them (each feature's
/// effects are in one file beside this one, as gitui's components each own their events).
extension InspectorSession {
    /// Performs `effect`, answering with the actions it causes at once (background work answers
    /// later, through the mailbox).
    func perform(_ effect: InspectorEffect) -> [InspectorAction] {
        switch effect {
        case .evaluation(let effect): return performEvaluation(effect)
        case .loading(let effect): return performLoading(effect)
        case .searching(let effect): return performSearch(effect)
        case .watchPanes(let effect): return performWatchPanes(effect)
        case .outside(let effect): return performOutside(effect)
        }
    }

    /// Runs `job` on `lane` and answers later (the background mode), or runs it now and answers at once.
    func answer(
        on lane: BackgroundLanes<BackgroundAnswer>.Lane, _ job: @escaping @Sendable () -> InspectorAction?
    ) -> [InspectorAction] {
        guard let background else { return job().map { [$0] } ?? [] }
        background.submit(on: lane) { job().map(BackgroundAnswer.action) }
        return []
    }
}
