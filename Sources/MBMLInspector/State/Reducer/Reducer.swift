import Foundation
import MBMLEngine

/// The only place the inspector's state changes: `reduce(state, action)` returns the next state
/// and the effects to perform. Pure: it reads nothing but its arguments, so every interaction can
/// be tested without a terminal or an engine.
enum Reducer {
    static func reduce(_ state: InspectorState, _ action: InspectorAction) -> (InspectorState, [InspectorEffect]) {
        var next = state
        var effects: [InspectorEffect] = []
        apply(action, to: &next, effects: &effects)
        return (next, effects)
    }

    /// Applies `action` to `state`, collecting the effects it asks for; the token pane's rows are
    /// worked out again after every action (views only read them).
    static func apply(_ action: InspectorAction, to state: inout InspectorState, effects: inout [InspectorEffect]) {
        dispatch(action, to: &state, effects: &effects)
        // The zoomed tree gives the screen back when it loses the focus.
        if state.focus != .variables, state.tree.isZoomed {
            state.tree.isZoomed = false
            keepTreeSelectionVisible(&state)
        }
        state.refreshTokenRows()
        if state.stepper != nil { followStep(&state) }
    }

    private static func dispatch(
        _ action: InspectorAction, to state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        switch action {
        case .key(let key):
            handleKey(key, state: &state, effects: &effects)
        case .resize(let size):
            state.size = size
            keepTreeSelectionVisible(&state)
            keepTokenSelectionVisible(&state)
        case .loadStarted:
            state.status.isLoading = true
        case .spaceLoaded(let load):
            spaceLoaded(load, state: &state, effects: &effects)
        case .loadFailed(let message, let diagnostics, _, let files):
            loadFailed(message, diagnostics: diagnostics, state: &state)
            state.watchList.spaceRead(files, failed: true)
            effects.append(.loading(.watch(state.watchList.all)))
        case .comparisonLoaded(let files, let failed):
            state.watchList.comparisonRead(files, failed: failed)
            effects.append(.loading(.watch(state.watchList.all)))
        case .dynamicComputed(let name, let value, let failure, let generation):
            dynamicComputed(name, value: value, failure: failure, generation: generation, state: &state)
        case .editorFailed(let message):
            state.status.show(message, priority: .high)
        case .parsed(let prepared):
            guard prepared.text == state.editor.text else { return }
            state.parse = prepared
            clampTokenSelection(&state)
            TokenPaneRows.selectTokenUnderCursor(&state)
        case .evaluated(let outcome):
            evaluated(outcome, state: &state, effects: &effects)
            if outcome.isComplete, outcome.generation == state.results.requestedGeneration {
                requestComparison(&state, effects: &effects)
            }
        case .traced(let outcome):
            traced(outcome, state: &state)
        case .historyLoaded(let entries):
            state.editor.history = Array(entries.suffix(EditorState.historyLimit))
        case .filesChanged:
            effects.append(.loading(.reload))
        case .showLessons, .lessonItemsParsed, .inviteToTutorial, .refresh, .spaceRefreshed, .addPins, .pinsEvaluated,
            .startComparison, .compared, .pinsSaved,
            .pinsFileExists:
            applyWatchAction(action, to: &state, effects: &effects)
        case .notice(let message):
            state.status.message = message
        case .setExpression(let text):
            state.editor.setText(text.map { $0.isNewline ? " " : $0 }.reduce(into: "") { $0.append($1) })
            state.editor.completion = nil
            state.focus = .editor
            editorTextChanged(&state, effects: &effects)
        case .searchProgress(let generation, let visited):
            guard generation == state.tree.search.progress.generation else { return }
            state.tree.search.progress.visited = visited
        case .searchFinished(let generation, let outcome):
            searchFinished(generation: generation, outcome: outcome, state: &state)
        case .viewerSearchFinished(let generation, let outcome):
            viewerSearchFinished(generation: generation, outcome: outcome, state: &state)
        case .viewerLinesCounted(let generation, let lines):
            viewerLinesCounted(generation: generation, lines: lines, state: &state)
        case .stepsComputed(let steps, let generation):
            stepsComputed(steps, generation: generation, state: &state)
        }
    }

    // MARK: Engine answers

    /// Shows a new snapshot of the variables, keeping the selection on the nearest node that still exists.
    static func showSpace(_ snapshot: VariableSnapshot, state: inout InspectorState) {
        state.space = snapshot.ordered(byName: state.tree.sortsByName)
        let tree = state.variableTree
        if let selection = state.tree.selection {
            state.tree.selection = tree.nearestExisting(selection)
        }
        if state.tree.selection == nil || tree.index(of: state.tree.selection ?? []) == nil {
            state.tree.selection = tree.row(at: 0)?.path
        }
        keepTreeSelectionVisible(&state)
    }

    private static func evaluated(
        _ outcome: EvaluationOutcome, state: inout InspectorState, effects: inout [InspectorEffect]
    ) {
        guard outcome.generation == state.results.requestedGeneration else { return }
        guard outcome.isComplete else {
            showArrivedRows(outcome, state: &state)
            return
        }
        markResultsChangedByReload(outcome, state: &state)
        state.results.shownGeneration = outcome.generation
        state.results.shownText = outcome.text
        for context in ExpressionContext.allCases {
            if state.isInvalid(context) {
                state.results.shown[context] = state.results.lastGood[context]
                continue
            }
            let result = outcome.results[context] ?? .noValue
            state.results.shown[context] = result
            if result.error == nil { state.results.lastGood[context] = result }
        }
        state.log.evaluationLines = outcome.logLines.map { LogEntry($0) }
        state.log.scrollBack = 0
        recordLessonProgress(outcome, state: &state, effects: &effects)
        state.results.traces = outcome.traces
        state.results.hints = outcome.hints
        clampTokenSelection(&state)
        TokenPaneRows.selectTokenUnderCursor(&state)
    }

    /// The traces and hints of the evaluation whose rows are on show (made after its rows).
    private static func traced(_ outcome: EvaluationOutcome, state: inout InspectorState) {
        guard outcome.generation == state.results.shownGeneration, outcome.text == state.results.shownText else {
            return
        }
        state.results.traces = outcome.traces
        state.results.hints = outcome.hints
        state.results.tracedGeneration = outcome.generation
        clampTokenSelection(&state)
        TokenPaneRows.selectTokenUnderCursor(&state)
    }

    /// Rows an evaluation handed over while it goes on: shown at once (the other rows wait, drawn
    /// as `…`), except in contexts the text is invalid in (they keep their last good result).
    private static func showArrivedRows(_ outcome: EvaluationOutcome, state: inout InspectorState) {
        if state.results.arrived.generation != outcome.generation {
            state.results.arrived = (outcome.generation, [])
        }
        for (context, result) in outcome.results where !state.isInvalid(context) {
            state.results.shown[context] = result
            if result.error == nil { state.results.lastGood[context] = result }
            state.results.arrived.contexts.insert(context)
        }
    }

    /// Asks for the current text to be parsed and evaluated again.
    static func requestEvaluation(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        state.results.requestedGeneration += 1
        effects.append(.evaluation(.evaluate(text: state.editor.text, generation: state.results.requestedGeneration)))
    }

    /// Keys every pane but the editor shares. Returns whether the key was used.
    static func handleCommonPaneKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) -> Bool {
        switch KeyTable.command(for: key, in: .outsidePanes) {
        case .quit?:
            quit(&state, effects: &effects)
        case .help?:
            state.overlay = .help(scroll: 0)
        case .reload?:
            effects.append(.loading(.reload))
        case .toggleLog?:
            toggleLog(&state)
        case .diagnostics?:
            openDiagnostics(&state)
        case .focusEditor?:
            state.focus = .editor
        default:
            return false
        }
        return true
    }

    static func toggleLog(_ state: inout InspectorState) {
        state.log.isVisible.toggle()
        if !state.log.isVisible, state.focus == .log { state.focus = .editor }
        keepTokenSelectionVisible(&state)
    }

    static func quit(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        // Pins nobody saved are asked about once (the answer is the next key).
        if state.pins.hasUnsavedChanges, !state.pins.quitPrompt {
            state.pins.quitPrompt = true
            state.status.show(quitPromptText(state.pins), priority: .high)
            return
        }
        if state.editor.commitToHistory() { effects.append(.outside(.saveHistory(state.editor.history))) }
        state.shouldQuit = true
        effects.append(.outside(.quit))
    }

    static func cycleFocus(by step: Int, state: inout InspectorState) {
        let hasPins = state.pinRows > 0 && !state.pins.pins.isEmpty
        let hasLesson = state.lessons.isShown
        let panes = Pane.allCases.filter {
            ($0 != .log || state.log.isVisible) && ($0 != .pins || hasPins) && ($0 != .lesson || hasLesson)
        }
        let index = panes.firstIndex(of: state.focus) ?? 0
        state.focus = panes[(index + step + panes.count) % panes.count]
        state.editor.completion = nil
    }

    static func handleOverlayKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let overlay = state.overlay else { return }
        if case .viewer(let viewer) = overlay {
            state.overlay = viewerKey(key, viewer: viewer, size: state.size, effects: &effects).map(Overlay.viewer)
            return
        }
        let page = max(state.size.rows - 6, 1)
        var delta = 0
        switch KeyTable.command(for: key, in: .helpScreen) {
        case .up?: delta = -1
        case .down?: delta = 1
        case .pageUp?: delta = -page
        case .pageDown?: delta = page
        case .first?: delta = -1_000_000
        case .last?: delta = 1_000_000
        default:
            state.overlay = nil
            return
        }
        switch overlay {
        case .help(let scroll):
            let frame = Layout.overlayFrame(state.size)
            let rows = HelpLayout.rows(width: frame.width - 2).count
            state.overlay = .help(scroll: clamp(scroll + delta, 0, rows - (frame.height - 2)))
        case .viewer, .diagnostics:
            break
        }
    }

    static func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int {
        min(max(value, low), max(high, low))
    }

    /// The full value of a result or node, in the value viewer.
    static func valueOverlay(title: String, value: Value?) -> Overlay {
        .viewer(ValueViewer(title: title, value: value))
    }
}
