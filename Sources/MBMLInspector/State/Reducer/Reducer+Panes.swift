import MBMLEngine

extension Reducer {
    // MARK: Results

    static func handleResultsKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let contexts = ExpressionContext.allCases
        let index = contexts.firstIndex(of: state.results.selected) ?? 0
        switch KeyTable.command(for: key, in: .results) {
        case .up?: state.results.selected = contexts[max(index - 1, 0)]
        case .down?: state.results.selected = contexts[min(index + 1, contexts.count - 1)]
        case .showValue?: openResultOverlay(state.results.selected, state: &state)
        case .togglePin?: togglePin(&state, effects: &effects)
        case .pinInEveryContext?: pinInEveryContext(&state, effects: &effects)
        case .copyResult?:
            state.status.message = copyResult(selectedResultCopy(state), withExpression: false, effects: &effects)
        case .copyResultWithExpression?:
            state.status.message = copyResult(selectedResultCopy(state), withExpression: true, effects: &effects)
        default: _ = handleCommonPaneKey(key, state: &state, effects: &effects)
        }
        TokenPaneRows.followResultRow(&state)
    }

    // MARK: Tokens

    static func handleTokensKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let count = state.tokenRows.count
        let page = max(state.layout.tokenRows - 1, 1)
        switch KeyTable.command(for: key, in: .tokens) {
        case .up?: state.tokens.selected -= 1
        case .down?: state.tokens.selected += 1
        case .pageUp?: state.tokens.selected -= page
        case .pageDown?: state.tokens.selected += page
        case .first?: state.tokens.selected = 0
        case .last?: state.tokens.selected = count - 1
        case .nextContext?: cycleTokenContext(by: 1, state: &state)
        case .previousContext?: cycleTokenContext(by: -1, state: &state)
        default:
            _ = handleCommonPaneKey(key, state: &state, effects: &effects)
            return
        }
        clampTokenSelection(&state)
    }

    private static func cycleTokenContext(by step: Int, state: inout InspectorState) {
        let contexts = ExpressionContext.allCases
        let index = contexts.firstIndex(of: state.tokens.context) ?? 0
        state.tokens.context = contexts[(index + step + contexts.count) % contexts.count]
        state.tokens.selected = 0
        state.tokens.scrollTop = 0
    }

    static func clampTokenSelection(_ state: inout InspectorState) {
        state.refreshTokenRows()
        let count = state.tokenRows.count
        state.tokens.selected = clamp(state.tokens.selected, 0, max(count - 1, 0))
        keepTokenSelectionVisible(&state)
    }

    static func keepTokenSelectionVisible(_ state: inout InspectorState) {
        let visible = state.layout.tokenRows
        if state.tokens.selected < state.tokens.scrollTop { state.tokens.scrollTop = state.tokens.selected }
        if state.tokens.selected >= state.tokens.scrollTop + visible {
            state.tokens.scrollTop = state.tokens.selected - visible + 1
        }
        state.tokens.scrollTop = max(state.tokens.scrollTop, 0)
    }

    // MARK: Log

    static func handleLogKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let page = max(state.layout.logRows - 1, 1)
        switch KeyTable.command(for: key, in: .log) {
        case .up?: state.log.scrollBack += 1
        case .down?: state.log.scrollBack -= 1
        case .pageUp?: state.log.scrollBack += page
        case .pageDown?: state.log.scrollBack -= page
        case .first?: state.log.scrollBack = Int.max / 2
        case .last?: state.log.scrollBack = 0
        case .clearLog?:
            state.log.loadLines = []
            state.log.evaluationLines = []
        default:
            _ = handleCommonPaneKey(key, state: &state, effects: &effects)
        }
        clampLogScroll(&state)
    }

    /// Keeps the log's scroll position (in wrapped rows) between the end and the first row.
    static func clampLogScroll(_ state: inout InspectorState) {
        state.log.scrollBack = LogWindow.clampedScrollBack(
            state.log.scrollBack, log: state.log,
            width: Layout.logTextWidth(paneWidth: state.layout.log.width),
            visibleRows: state.layout.logRows)
    }

    // MARK: Mouse

    static func handleMouse(_ event: MouseEvent, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard state.overlay == nil else {
            if case .viewer(var viewer)? = state.overlay, event.kind != .press {
                viewer.scroll(
                    by: event.kind == .wheelUp ? -3 : 3,
                    geometry: ViewerGeometry(size: state.size, knownLineCount: viewer.knownLineCount))
                state.overlay = .viewer(viewer)
                return
            }
            if event.kind == .press { state.overlay = nil }
            return
        }
        let layout = state.layout
        guard let pane = layout.pane(atRow: event.row, column: event.column) else { return }
        var rect = layout.rect(of: pane)
        if pane == .pins {
            // The comparison shares the area with the pins (the lesson has its own rectangle).
            rect = state.watchPaneRects.pins
            guard rect.contains(row: event.row, column: event.column) else { return }
        }
        let bodyRow = event.row - rect.row - 1
        switch event.kind {
        case .wheelUp, .wheelDown:
            let step = event.kind == .wheelUp ? -3 : 3
            switch pane {
            case .variables:
                let tree = state.variableTree
                state.tree.scrollTop = clamp(state.tree.scrollTop + step, 0, max(tree.rowCount - layout.treeRows, 0))
            case .tokens:
                state.tokens.selected += step
                clampTokenSelection(&state)
            case .log:
                state.log.scrollBack -= step
                clampLogScroll(&state)
            case .pins:
                state.pins.moveSelection(by: step)
                keepPinSelectionVisible(&state)
            case .lesson:
                state.lessons.scrollTop += step
                clampLessonScroll(&state)
            default:
                break
            }
        case .press:
            state.focus = pane
            state.editor.completion = nil
            guard bodyRow >= 0 else { return }
            switch pane {
            case .variables:
                let tree = state.variableTree
                guard let row = tree.row(at: state.tree.scrollTop + bodyRow) else { return }
                if row.path == state.tree.selection, row.isExpandable {
                    setExpanded(row.path, !row.isExpanded, state: &state)
                }
                state.tree.selection = row.path
                keepTreeSelectionVisible(&state)
            case .results:
                let contexts = ExpressionContext.allCases
                if bodyRow < contexts.count { state.results.selected = contexts[bodyRow] }
                TokenPaneRows.followResultRow(&state)
            case .tokens:
                state.tokens.selected = state.tokens.scrollTop + bodyRow
                clampTokenSelection(&state)
            case .editor:
                if bodyRow == 0 {
                    let column = event.column - rect.column - 2
                    state.editor.cursor = clamp(
                        EditorColumns.index(
                            atColumn: column, in: state.editor.characters,
                            scroll: EditorColumns.scroll(
                                for: state.editor, width: EditorColumns.textWidth(paneWidth: rect.width))),
                        0, state.editor.characters.count)
                }
            case .pins:
                state.pins.selected = state.pins.windowTop(rows: state.pinRows) + bodyRow
                keepPinSelectionVisible(&state)
            case .log, .lesson:
                break
            }
        }
    }
}
