import MBMLEngine

extension Reducer {
    /// Ctrl-P in the editor: pins the editor's expression in the selected result row's context, or
    /// unpins it.
    static func togglePin(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        let text = state.editor.text
        guard !text.isEmpty else {
            state.status.message = "Type an expression to pin"
            return
        }
        let context = state.results.selected
        if state.pins.toggle(text, context: context) {
            state.status.message = "Pinned (\(context.rawValue)); Ctrl-P again unpins"
        } else {
            state.status.message = "Unpinned"
        }
        requestPinsEvaluation(&state, effects: &effects, afterReload: false)
    }

    /// Asks for every pin to be evaluated again.
    static func requestPinsEvaluation(_ state: inout InspectorState, effects: inout [InspectorEffect], afterReload: Bool) {
        guard !state.pins.pins.isEmpty else { return }
        state.pins.requestedGeneration += 1
        effects.append(.evaluatePins(state.pins.expectations, generation: state.pins.requestedGeneration,
                                     afterReload: afterReload))
    }
}
