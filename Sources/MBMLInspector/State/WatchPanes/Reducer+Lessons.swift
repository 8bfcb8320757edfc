import MBMLEngine

extension Reducer {
    /// Ticks the lesson items the evaluated text satisfies (see ``LessonsState``) and keeps the
    /// progress; a finished lesson says so.
    static func recordLessonProgress(
        _ outcome: EvaluationOutcome, state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        guard !state.lessons.lessons.isEmpty else { return }
        let ticked = state.lessons.record(
            text: outcome.text, results: outcome.results, changedByReload: state.results.changedByReload)
        guard !ticked.isEmpty else { return }
        saveLessonProgress(state, effects: &effects)
        guard let lesson = state.lessons.currentLesson,
            lesson.items.allSatisfy({ state.lessons.done.contains($0.id) })
        else { return }
        let more = state.lessons.current + 1 < state.lessons.lessons.count
        state.status.message = "✓ Lesson \(state.lessons.current + 1) done" + (more ? ": Alt-N for the next" : "")
    }

    /// Asks for the lessons' progress to be kept, when it has a place.
    static func saveLessonProgress(_ state: InspectorState, effects: inout [InspectorEffect]) {
        guard let store = state.lessons.store else { return }
        effects.append(.saveLessonProgress(state.lessons.progress, store: store))
    }
}
