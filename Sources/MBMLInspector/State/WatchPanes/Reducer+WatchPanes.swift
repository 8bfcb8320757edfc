import MBMLEngine

extension Reducer {
    /// The actions of the panes under the tokens (lessons, compare, pins) and of refreshing.
    static func applyWatchAction(
        _ action: InspectorAction, to state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        switch action {
        case .showLessons(let expectations, let progress, let store):
            let invites = state.lessons.invitesToTutorial
            state.lessons = LessonsState(expectations: expectations, progress: progress, store: store)
            state.lessons.invitesToTutorial = invites
            if !expectations.isEmpty { effects.append(.watchPanes(.parseLessonItems(expectations))) }
        case .lessonItemsParsed(let parses):
            state.lessons.itemParses = parses
        case .inviteToTutorial:
            state.lessons.invitesToTutorial = true
        case .refresh:
            refresh(&state, effects: &effects)
        case .addPins(let expectations):
            let wasSaved = !state.pins.hasUnsavedChanges
            state.pins.add(expectations)
            if wasSaved { state.pins.markSaved() }
            if let path = expectations.first?.location?.path { state.pins.fileName = path }
            requestPinsEvaluation(&state, effects: &effects, afterReload: false)
        case .pinsEvaluated(let results, let generation, let afterReload):
            state.pins.apply(results, generation: generation, afterReload: afterReload)
            if generation == state.pins.requestedGeneration { requestComparison(&state, effects: &effects) }
        case .startComparison(let label):
            state.compare.label = label
            requestComparison(&state, effects: &effects)
        case .compared(let rows, let generation):
            compared(rows, generation: generation, state: &state)
        case .pinsSaved(let path, let error):
            if let error = error {
                state.status.show("Could not save the pins: \(error)", priority: .high)
            } else {
                state.pins.fileName = path
                state.pins.markSaved()
                let count = state.pins.pins.count
                state.status.message = "Saved \(count) \(count == 1 ? "pin" : "pins") to \(path) (mbml check runs it)"
                if state.pins.quitPrompt { quit(&state, effects: &effects) }
            }
        case .pinsFileExists(let path):
            state.pins.overwritePrompt = path
        case .spaceRefreshed(let snapshot):
            showSpace(snapshot, state: &state)
        default:
            break
        }
    }
}
