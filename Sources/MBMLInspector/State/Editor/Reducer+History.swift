extension Reducer {
    /// Alt-R in the editor: starts a reverse search through the history, the newest entry first.
    static func startHistorySearch(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        var search = HistorySearch(originalText: state.editor.characters, originalCursor: state.editor.cursor)
        search.match = HistorySearch.find("", in: state.editor.history, from: state.editor.history.count - 1)
        state.editor.completion = nil
        state.editor.historySearch = search
        showHistoryMatch(&state, effects: &effects)
    }

    /// A key (or pasted text) while the history search is open: Alt-R / Ctrl-R go to an older
    /// match; the query is a ``PromptLine`` (typing narrows the search, deleting widens it, Enter
    /// keeps the match, Esc / Ctrl-G put the text back); any other key keeps the match and then
    /// does what it does in the editor.
    static func handleHistorySearchKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard var search = state.editor.historySearch else { return }
        let history = state.editor.history
        if KeyTable.command(for: key, in: .historySearch) == .historySearch {
            let start = (search.match ?? history.count) - 1
            if let older = HistorySearch.find(search.query, in: history, from: start) { search.match = older }
            state.editor.historySearch = search
            showHistoryMatch(&state, effects: &effects)
            return
        }
        let before = search.query
        switch search.prompt.handle(key) {
        case .submitted:
            state.editor.historySearch = nil
            return
        case .cancelled:
            state.editor.historySearch = nil
            state.editor.characters = search.originalText
            state.editor.cursor = min(search.originalCursor, search.originalText.count)
            editorTextChanged(&state, effects: &effects)
            return
        case .ignored:
            state.editor.historySearch = nil
            handleEditorKey(key, state: &state, effects: &effects)
            return
        case .edited:
            // A longer query matches only entries the shorter one matched: go on from the match.
            let narrows = search.query.hasPrefix(before)
            let start = narrows ? (search.match ?? history.count - 1) : history.count - 1
            search.match = HistorySearch.find(search.query, in: history, from: start)
        case .unchanged:
            break
        }
        state.editor.historySearch = search
        showHistoryMatch(&state, effects: &effects)
    }

    /// Puts the matched entry in the editor (evaluated as if typed); without a match the text stays.
    private static func showHistoryMatch(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let match = state.editor.historySearch?.match, state.editor.history.indices.contains(match) else {
            return
        }
        let entry = state.editor.history[match]
        guard state.editor.text != entry else { return }
        state.editor.setText(entry)
        editorTextChanged(&state, effects: &effects)
    }
}
