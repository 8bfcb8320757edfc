import MBMLEngine

extension Reducer {
    static func handleEditorKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let before = state.editor.characters
        var keepsCompletion = false
        let command = KeyTable.command(for: key, in: .editor)
        switch command {
        case nil:
            guard case .character(let character) = key else {
                keepsCompletion = true
                break
            }
            state.editor.insert(String(character))
        case .acceptOrSave?:
            if let menu = state.editor.completion, menu.selected != nil || menu.candidates.count == 1 {
                state.editor.completion = nil
                return
            }
            if state.editor.commitToHistory() {
                effects.append(.outside(.saveHistory(state.editor.history)))
                state.status.message = "Saved to history (↑ recalls it)"
            }
        case .previousCandidateOrHistory?:
            if state.editor.completion != nil {
                cycleCompletion(by: -1, state: &state, effects: &effects)
                return
            }
            state.editor.historyBack()
        case .nextCandidateOrHistory?:
            if state.editor.completion != nil {
                cycleCompletion(by: 1, state: &state, effects: &effects)
                return
            }
            state.editor.historyForward()
        case .closeCompletion?:
            if state.editor.completion == nil, state.results.isEvaluating || state.results.isTracing {
                cancelEvaluation(&state, effects: &effects)
            }
            state.editor.completion = nil
            return
        case .cancelEvaluation?:
            cancelEvaluation(&state, effects: &effects)
            return
        case .deleteBackward?: state.editor.deleteBackward()
        case .deleteForward?: state.editor.deleteForward()
        case .cursorLeft?: state.editor.moveLeft()
        case .cursorRight?: state.editor.moveRight()
        case .lineStart?: state.editor.moveToStart()
        case .lineEnd?: state.editor.moveToEnd()
        case .wordLeft?: state.editor.moveWordLeft()
        case .wordRight?: state.editor.moveWordRight()
        case .deleteWordForward?: state.editor.deleteWordForward()
        case .deleteWordBackward?: state.editor.deleteWordBackward()
        case .deleteWhitespaceWordBackward?: state.editor.deleteWhitespaceWordBackward()
        case .killToStart?: state.editor.killToStart()
        case .killToEnd?: state.editor.killToEnd()
        case .yank?: state.editor.yank()
        case .transpose?: state.editor.transpose()
        case .showResult?:
            openResultOverlay(state.results.selected, state: &state)
            return
        case .togglePin?:
            togglePin(&state, effects: &effects)
            return
        case .savePins?:
            startSavingPins(&state)
            return
        case .refresh?:
            refresh(&state, effects: &effects)
            return
        case .historySearch?:
            startHistorySearch(&state, effects: &effects)
            return
        case .nextLesson?, .previousLesson?:
            moveLesson(by: command == .nextLesson ? 1 : -1, state: &state, effects: &effects)
            return
        default:
            keepsCompletion = true
        }
        if !keepsCompletion { state.editor.completion = nil }
        if state.editor.characters != before { editorTextChanged(&state, effects: &effects) }
    }

    /// Abandons the running evaluation; the results pane keeps what it shows. Once the rows are
    /// on show, it stops the tracing that follows them: the token pane keeps the parse, without
    /// values.
    static func cancelEvaluation(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        if state.results.isTracing {
            effects.append(.evaluation(.cancelEvaluation))
            state.results.tracedGeneration = state.results.shownGeneration
            state.status.message = "Tracing cancelled (the token pane shows the parse without values)"
            return
        }
        guard state.results.isEvaluating else { return }
        effects.append(.evaluation(.cancelEvaluation))
        let generation = state.results.requestedGeneration
        state.results.shownGeneration = generation
        state.results.tracedGeneration = generation
        guard state.results.arrived.generation == generation, !state.results.arrived.contexts.isEmpty else {
            state.status.message = "Evaluation cancelled (results are of an earlier text)"
            return
        }
        // Some rows are of the new text already: the others say they were not evaluated, rather
        // than show an earlier text's results beside them.
        for context in ExpressionContext.allCases
        where !state.results.arrived.contexts.contains(context) && !state.isInvalid(context) {
            state.results.shown[context] = .error(ExpressionError(.generic, "not evaluated: cancelled"))
        }
        state.status.message = "Evaluation cancelled (the rows marked ✗ were not evaluated)"
    }

    /// Called whenever the editor's text changed: evaluate again and start the token pane over.
    static func editorTextChanged(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        state.tokens.selected = 0
        state.tokens.scrollTop = 0
        requestEvaluation(&state, effects: &effects)
    }

    /// Tab in the editor: completes the text before the cursor, or cycles an open menu.
    /// - Returns: false when there is nothing to complete (Tab then moves to the next pane).
    static func complete(_ state: inout InspectorState, effects: inout [InspectorEffect]) -> Bool {
        if state.editor.completion != nil {
            cycleCompletion(by: 1, state: &state, effects: &effects)
            return true
        }
        guard
            let menu = Completer.menu(
                for: state.editor.characters, cursor: state.editor.cursor,
                snapshot: state.space, functions: state.functions)
        else { return false }
        let typed = String(state.editor.characters[menu.start..<state.editor.cursor])
        if menu.candidates.count == 1, menu.candidates[0].insertion == typed {
            return false // already complete: Tab moves to the next pane
        }
        if menu.candidates.count == 1 {
            replaceCompletedText(
                start: menu.start, with: menu.candidates[0].insertion, state: &state, effects: &effects)
            if let detail = menu.candidates[0].detail { state.status.message = detail }
            return true
        }
        let prefix = Completer.commonPrefix(of: menu.candidates)
        if prefix.count > typed.count {
            replaceCompletedText(start: menu.start, with: prefix, state: &state, effects: &effects)
        }
        state.editor.completion = menu
        return true
    }

    static func cycleCompletion(by step: Int, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard var menu = state.editor.completion, !menu.candidates.isEmpty else { return }
        let count = menu.candidates.count
        if let selected = menu.selected {
            menu.selected = (selected + step + count) % count
        } else {
            menu.selected = step > 0 ? 0 : count - 1
        }
        replaceCompletedText(
            start: menu.start, with: menu.candidates[menu.selected ?? 0].insertion,
            state: &state, effects: &effects)
        state.editor.completion = menu
    }

    private static func replaceCompletedText(
        start: Int, with insertion: String, state: inout InspectorState,
        effects: inout [InspectorEffect]
    ) {
        let end = state.editor.cursor
        guard start <= end, end <= state.editor.characters.count else { return }
        state.editor.characters.replaceSubrange(start..<end, with: Array(insertion))
        state.editor.cursor = start + insertion.count
        editorTextChanged(&state, effects: &effects)
    }

    /// Inserts a node's expression at the cursor and focuses the editor.
    static func insertIntoEditor(_ expression: String, state: inout InspectorState, effects: inout [InspectorEffect]) {
        state.editor.insert(expression)
        state.editor.completion = nil
        state.focus = .editor
        editorTextChanged(&state, effects: &effects)
    }

    static func openResultOverlay(_ context: ExpressionContext, state: inout InspectorState) {
        let title = "\(context.rawValue) result of \(state.results.shownText)"
        switch state.results.shown[context] {
        case .value(let value)?:
            state.overlay = valueOverlay(
                title: title, value: context == .boolean ? .string(ValueFormatter.boolean(value)) : value)
        case .error(let error)?:
            state.overlay = .viewer(ValueViewer(title: title, text: error.loggedDescription, kind: "Error"))
        case .noValue?, nil:
            state.overlay = valueOverlay(title: title, value: nil)
        }
        if case .viewer(var viewer)? = state.overlay, let result = state.results.shown[context] {
            viewer.copy = ResultCopy(expression: state.results.shownText, context: context, result: result)
            state.overlay = .viewer(viewer)
        }
    }
}
