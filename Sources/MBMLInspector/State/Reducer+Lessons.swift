import MBMLEngine

extension Reducer {
    /// Ticks the lesson items the evaluated text satisfies; a finished lesson says so.
    static func recordLessonProgress(_ outcome: EvaluationOutcome, state: inout InspectorState) {
        guard !state.lessons.lessons.isEmpty,
            !state.lessons.record(text: outcome.text, results: outcome.results).isEmpty,
            let lesson = state.lessons.currentLesson,
            lesson.items.allSatisfy({ state.lessons.done.contains($0.id) })
        else { return }
        let more = state.lessons.current + 1 < state.lessons.lessons.count
        state.status.message = "✓ Lesson \(state.lessons.current + 1) done" + (more ? ": Alt-N for the next" : "")
    }
}
