import Foundation

/// The effects the reducer asks for, routed to the feature that performs them (each feature's
/// effects are in one file beside this one, as gitui's components each own their events).
extension InspectorSession {
    /// Performs `effect`, answering with the actions it causes at once (background work answers
    /// later, through the mailbox).
    func perform(_ effect: InspectorEffect) -> [InspectorAction] {
        switch effect {
        case .evaluate, .cancelEvaluation, .computeSteps:
            return performEvaluation(effect)
        case .reload, .cancelLoad, .computeDynamicVariables, .refreshSpace, .switchSpaces, .watch:
            return performLoading(effect)
        case .search, .cancelSearch, .searchViewer, .countViewerLines, .cancelViewerSearch:
            return performSearch(effect)
        case .evaluatePins, .compare, .savePins, .parseLessonItems, .saveLessonProgress:
            return performWatchPanes(effect)
        case .openInEditor, .openRecordInEditor, .copyToClipboard, .writeValueFile, .saveHistory, .setMouse, .quit:
            return performOutside(effect)
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
