import MBMLEngine

extension Reducer {
    /// Ticks the lesson items the evaluated text satisfies (see ``LessonsState``) and keeps the
    /// progress; a finished lesson says so.
    static func recordLessonProgress(
        _ outcome: EvaluationOutcome, state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        guard !state.lessons.lessons.isEmpty else { return }
        let parse = state.parse?.text == outcome.text ? state.parse : nil
        let ticked = state.lessons.record(
            text: outcome.text, parse: parse, results: outcome.results,
            changedByReload: state.results.changedByReload)
        guard !ticked.isEmpty else { return }
        saveLessonProgress(state, effects: &effects)
        guard let lesson = state.lessons.currentLesson,
            lesson.items.allSatisfy({ state.lessons.done.contains($0.id) })
        else { return }
        let more = state.lessons.current + 1 < state.lessons.lessons.count
        state.status.message = "✓ Lesson \(state.lessons.current + 1) done" + (more ? ": Alt-N for the next" : "")
    }

    /// Alt-N (`step` 1) or Alt-P (-1): the next or previous lesson, shown from its first row; the
    /// lesson on show is kept with the progress.
    static func moveLesson(by step: Int, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let before = state.lessons.current
        state.lessons.move(by: step)
        if state.lessons.current != before { saveLessonProgress(state, effects: &effects) }
    }

    /// Keys in the lesson pane: scroll its rows, move between lessons.
    static func handleLessonKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let rows = state.lessonBodyRows
        let page = max(rows - 1, 1)
        switch KeyTable.command(for: key, in: .lesson) {
        case .up?: state.lessons.scrollTop -= 1
        case .down?: state.lessons.scrollTop += 1
        case .pageUp?: state.lessons.scrollTop -= page
        case .pageDown?: state.lessons.scrollTop += page
        case .first?: state.lessons.scrollTop = 0
        case .last?: state.lessons.scrollTop = Int.max / 2
        case .nextLesson?: moveLesson(by: 1, state: &state, effects: &effects)
        case .previousLesson?: moveLesson(by: -1, state: &state, effects: &effects)
        default:
            _ = handleCommonPaneKey(key, state: &state, effects: &effects)
        }
        clampLessonScroll(&state)
    }

    /// Keeps the lesson pane's first row between the top and the last full page.
    static func clampLessonScroll(_ state: inout InspectorState) {
        let count = state.lessons.lines(width: state.watchPaneWidth).count
        state.lessons.scrollTop = clamp(state.lessons.scrollTop, 0, count - state.lessonBodyRows)
    }

    /// Asks for the lessons' progress to be kept, when it has a place.
    static func saveLessonProgress(_ state: InspectorState, effects: inout [InspectorEffect]) {
        guard let store = state.lessons.store else { return }
        effects.append(.watchPanes(.saveLessonProgress(state.lessons.progress, store: store)))
    }
}
