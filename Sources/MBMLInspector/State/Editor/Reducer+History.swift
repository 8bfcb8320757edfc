extension Reducer {
    /// Alt-R in the editor: starts a reverse search through the history, the newest entry first.
    static func startHistorySearch(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        var search = HistorySearch(originalText: state.editor.characters, originalCursor: state.editor.cursor)
        search.match = HistorySearch.find("", in: state.editor.history, from: state.editor.history.count - 1)
        state.editor.completion = nil
        state.editor.historySearch = search
        showHistoryMatch(&state, effects: &effects)
    }

    /// A key while the history search is open: typing narrows it, Alt-R / Ctrl-R go to an older
    /// match, Enter keeps the match, Esc / Ctrl-G put the text back; any other key keeps the
    /// match and then does what it does in the editor.
    static func handleHistorySearchKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard var search = state.editor.historySearch else { return }
        let history = state.editor.history
        switch KeyTable.command(for: key, in: .historySearch) {
        case .historySearch?:
            let start = (search.match ?? history.count) - 1
            if let older = HistorySearch.find(search.query, in: history, from: start) { search.match = older }
        case .acceptHistoryMatch?:
            state.editor.historySearch = nil
            return
        case .cancelHistorySearch?:
            state.editor.historySearch = nil
            state.editor.characters = search.originalText
            state.editor.cursor = min(search.originalCursor, search.originalText.count)
            editorTextChanged(&state, effects: &effects)
            return
        case .deleteBackward?:
            if !search.query.isEmpty { search.query.removeLast() }
            search.match = HistorySearch.find(search.query, in: history, from: history.count - 1)
        default:
            if case .character(let character) = key {
                search.query.append(character)
                search.match = HistorySearch.find(search.query, in: history, from: search.match ?? history.count - 1)
            } else {
                state.editor.historySearch = nil
                handleEditorKey(key, state: &state, effects: &effects)
                return
            }
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
