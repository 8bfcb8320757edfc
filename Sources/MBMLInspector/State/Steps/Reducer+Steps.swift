import MBMLEngine

/// Step mode: F8 asks for the steps of the editor's text in the selected result row's context; the
/// keys of the step-mode section move through them; Esc leaves.
extension Reducer {
    static func enterSteps(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        let text = state.editor.text
        guard !text.isEmpty else {
            state.status.message = "Type an expression first: F8 steps through its evaluation"
            return
        }
        let context = state.results.selected
        let generation = (state.stepper?.generation ?? state.stepperGeneration) + 1
        state.stepperGeneration = generation
        state.stepper = StepperState(text: text, context: context, generation: generation)
        state.editor.completion = nil
        state.tokens.context = context
        effects.append(.evaluation(.computeSteps(text: text, context: context, generation: generation)))
    }

    static func stepsComputed(_ steps: ExpressionSteps, generation: Int, state: inout InspectorState) {
        guard state.stepper?.generation == generation else { return }
        state.stepper?.steps = steps
        state.stepper?.current = 0
    }

    /// A key in step mode. Every key but the step-mode ones (and Ctrl-C) is ignored, so that the
    /// text the steps are of stays.
    static func handleStepKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let command = KeyTable.command(for: key, in: .steps) else {
            state.status.message = "Step mode: " + KeyTable.summary(of: .steps)
            return
        }
        if command == .leaveSteps {
            if state.stepper?.steps == nil { effects.append(.evaluation(.cancelEvaluation)) }
            state.stepper = nil
            return
        }
        state.stepper?.move(command)
    }

    /// Shows the step's node in the token pane (selected, scrolled into view).
    static func followStep(_ state: inout InspectorState) {
        guard let stepper = state.stepper, let step = stepper.step, let range = step.nodeRange else { return }
        state.tokens.context = stepper.context
        guard
            let row = state.tokenRows.firstIndex(where: {
                $0.token.absoluteRange == range && (step.tokenKind == nil || $0.token.kind == step.tokenKind)
            })
        else { return }
        state.tokens.selected = row
        keepTokenSelectionVisible(&state)
    }
}
