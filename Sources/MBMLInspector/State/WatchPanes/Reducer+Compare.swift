import MBMLEngine

extension Reducer {
    /// Asks for the editor's expression and the pins to be evaluated in both spaces.
    static func requestComparison(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard state.compare.isActive else { return }
        state.compare.requestedGeneration += 1
        effects.append(
            .watchPanes(
                .compare(
                    text: state.editor.text, pins: state.pins.expectations,
                    generation: state.compare.requestedGeneration)))
    }

    /// Takes the rows of comparison `generation` (older answers are dropped).
    static func compared(_ rows: [CompareRow], generation: Int, state: inout InspectorState) {
        guard generation == state.compare.requestedGeneration else { return }
        state.compare.rows = rows
    }
}
