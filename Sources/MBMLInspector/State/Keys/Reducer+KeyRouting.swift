import Foundation
import MBMLEngine

/// Where a key goes: the quit prompt, the keys handled before any layer (Ctrl-C, a paste, the
/// mouse), the top ``Modal`` layer, the running-load check, the keys of every pane, then the
/// focused pane. What each key does there is the key table's (``KeyTable``).
extension Reducer {
    /// Routes a key: to the top ``Modal`` layer (``InspectorState/modals``) when one is open, else to
    /// the keys of every pane and then the focused pane.
    static func handleKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        state.status.message = nil
        let top = state.modals.first
        if top == .quitPrompt {
            handleQuitPromptKey(key, state: &state, effects: &effects)
            return
        }
        let everywhere = KeyTable.command(for: key, in: .everywhere)
        if everywhere == .quit {
            quit(&state, effects: &effects)
            return
        }
        if case .paste(let text) = key {
            paste(text, state: &state, effects: &effects)
            return
        }
        if case .mouse(let event) = key {
            handleMouse(event, state: &state, effects: &effects)
            return
        }
        if let top, !top.isUnderLoadingKeys {
            handleModalKey(key, modal: top, state: &state, effects: &effects)
            return
        }
        if KeyTable.command(for: key, in: .whileLoading) == .stopLoading,
            state.status.isLoading || !state.space.pending.isEmpty
        {
            // Stops the load; the key then does what it does in the pane (cancel an evaluation, ...).
            cancelLoading(state: &state, effects: &effects)
        }
        if state.layout.isTooSmall { return }
        if let top {
            handleModalKey(key, modal: top, state: &state, effects: &effects)
            return
        }
        if handleEverywhereKey(key, command: everywhere, state: &state, effects: &effects) { return }
        switch state.focus {
        case .editor:
            handleEditorKey(key, state: &state, effects: &effects)
            TokenPaneRows.selectTokenUnderCursor(&state)
        case .variables: handleTreeKey(key, state: &state, effects: &effects)
        case .results: handleResultsKey(key, state: &state, effects: &effects)
        case .tokens: handleTokensKey(key, state: &state, effects: &effects)
        case .lesson: handleLessonKey(key, state: &state, effects: &effects)
        case .pins: handlePinsKey(key, state: &state, effects: &effects)
        case .log: handleLogKey(key, state: &state, effects: &effects)
        }
    }

    /// A key for the layer `modal` (the top one).
    private static func handleModalKey(
        _ key: Key, modal: Modal, state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        switch modal {
        case .quitPrompt: handleQuitPromptKey(key, state: &state, effects: &effects)
        case .diagnostics: handleDiagnosticsKey(key, state: &state, effects: &effects)
        case .help, .viewer: handleOverlayKey(key, state: &state, effects: &effects)
        case .savePrompt: handleSavePromptKey(key, state: &state, effects: &effects)
        case .overwritePrompt: handleOverwritePromptKey(key, state: &state, effects: &effects)
        case .historySearch:
            handleHistorySearchKey(key, state: &state, effects: &effects)
            TokenPaneRows.selectTokenUnderCursor(&state)
        case .steps: handleStepKey(key, state: &state, effects: &effects)
        }
    }

    /// The keys of every pane, the editor included. Returns whether the key was used.
    private static func handleEverywhereKey(
        _ key: Key, command: KeyCommand?, state: inout InspectorState,
        effects: inout [InspectorEffect]
    ) -> Bool {
        switch command {
        case .help?:
            state.overlay = FunctionHelp.overlay(for: state) ?? .help(scroll: 0)
        case .toggleMouse?:
            state.mouseEnabled.toggle()
            effects.append(.outside(.setMouse(state.mouseEnabled)))
            state.status.message =
                state.mouseEnabled ? "Mouse on (F2 turns it off; Shift-drag selects text)" : "Mouse off"
        case .reload?:
            effects.append(.loading(.reload))
        case .quitPrintingValue?:
            let context = state.results.selected
            switch state.results.shown[context] {
            case .value(let value)?: state.quitOutput = .value(value, context: context)
            case .noValue?, nil: state.quitOutput = .value(nil, context: context)
            case .error(let error)?: state.quitOutput = .error(error.loggedDescription)
            }
            quit(&state, effects: &effects)
        case .quitPrintingExpression?:
            state.quitOutput = .expression(state.editor.text)
            quit(&state, effects: &effects)
        case .diagnostics?:
            openDiagnostics(&state)
        case .enterSteps?:
            enterSteps(&state, effects: &effects)
        case .switchSpaces? where state.compare.isActive:
            state.watchList.switchSpaces()
            effects.append(.loading(.switchSpaces))
        case .nextPane?:
            cycleFocus(by: 1, state: &state)
        case .helpWhenEditorEmpty? where state.focus == .editor && state.editor.characters.isEmpty:
            state.overlay = .help(scroll: 0)
        case .previousPane?:
            if state.focus == .editor, state.editor.completion != nil {
                cycleCompletion(by: -1, state: &state, effects: &effects)
            } else {
                cycleFocus(by: -1, state: &state)
            }
        case .completeOrNextPane?:
            if state.focus == .editor {
                if !complete(&state, effects: &effects) {
                    state.status.message = "Nothing to complete here (Shift-Tab or F6 changes pane)"
                }
                return true
            }
            if state.focus == .variables, state.tree.search.isEditing { return true }
            cycleFocus(by: 1, state: &state)
        default:
            return false
        }
        return true
    }
}
