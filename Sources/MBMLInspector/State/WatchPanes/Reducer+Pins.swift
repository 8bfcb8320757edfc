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
    static func requestPinsEvaluation(
        _ state: inout InspectorState, effects: inout [InspectorEffect], afterReload: Bool
    ) {
        guard !state.pins.pins.isEmpty else { return }
        state.pins.requestedGeneration += 1
        effects.append(
            .watchPanes(
                .evaluatePins(
                    state.pins.expectations, generation: state.pins.requestedGeneration,
                    afterReload: afterReload)))
    }

    /// Ctrl-S in the editor: asks for the name of the expectation file to save the pins to.
    static func startSavingPins(_ state: inout InspectorState) {
        guard !state.pins.pins.isEmpty else {
            state.status.message = "No pins to save (Ctrl-P pins the expression)"
            return
        }
        state.pins.savePrompt = PromptLine(state.pins.fileName)
    }

    /// Keys (or pasted text) while the file name is typed (see ``PromptLine``): Enter saves, Esc
    /// cancels.
    static func handleSavePromptKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard var prompt = state.pins.savePrompt else { return }
        switch prompt.handle(key) {
        case .submitted:
            state.pins.savePrompt = nil
            let path = prompt.text.trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty else {
                state.status.message = "Not saved: no file name"
                return
            }
            effects.append(.watchPanes(.savePins(path: path, text: state.pins.expectationFileText, overwrites: false)))
        case .cancelled:
            state.pins.savePrompt = nil
            state.status.message = "Not saved"
        case .edited, .unchanged, .ignored:
            state.pins.savePrompt = prompt
        }
    }

    /// The key after "FILE exists: overwrite it?": `y` replaces the file, any other key keeps it.
    static func handleOverwritePromptKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let path = state.pins.overwritePrompt else { return }
        state.pins.overwritePrompt = nil
        if key == .character("y") || key == .character("Y") {
            effects.append(.watchPanes(.savePins(path: path, text: state.pins.expectationFileText, overwrites: true)))
        } else {
            state.status.message = "Not saved: \(path) is unchanged"
        }
    }

    /// `--refresh` ticks and Ctrl-R: takes a new snapshot of the variables (dynamic ones are evaluated
    /// again) and evaluates the expression and the pins again, without a reload.
    static func refresh(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        effects.append(.loading(.refreshSpace))
        if !state.editor.text.isEmpty { requestEvaluation(&state, effects: &effects) }
        requestPinsEvaluation(&state, effects: &effects, afterReload: false)
    }

    /// `P` in the results pane: pins the editor's expression in each context it is not pinned in yet.
    static func pinInEveryContext(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        let text = state.editor.text
        guard !text.isEmpty else {
            state.status.message = "Type an expression to pin"
            return
        }
        for context in ExpressionContext.allCases
        where !state.pins.pins.contains(where: {
            $0.expectation.expression == text && $0.expectation.context == context
        }) {
            _ = state.pins.toggle(text, context: context)
        }
        state.status.message = "Pinned in all four contexts"
        requestPinsEvaluation(&state, effects: &effects, afterReload: false)
    }
}
