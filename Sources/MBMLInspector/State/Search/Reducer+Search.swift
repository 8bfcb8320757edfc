extension Reducer {
    /// A key (or pasted text) while the `/` prompt of the variable tree is open (see
    /// ``PromptLine``): every change searches again (in the background), Enter jumps to the first
    /// match, Esc stops a running search.
    static func handleSearchKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        var prompt = state.tree.search.prompt
        switch prompt.handle(key) {
        case .edited:
            state.tree.search.prompt = prompt
            startSearch(prompt.text, jumps: false, state: &state, effects: &effects)
        case .cancelled:
            state.tree.search.isEditing = false
            if state.tree.search.progress.isRunning {
                stopSearch(&state, effects: &effects)
                state.status.message = "Search stopped"
            }
        case .submitted:
            let search = state.tree.search
            state.tree.search.isEditing = false
            if search.progress.isRunning, search.searchedQuery == search.query {
                state.tree.search.progress.jumpsWhenDone = true
            } else if search.searchedQuery == search.query, !search.query.isEmpty {
                state.tree.search.current = nil
                reportOrJump(&state)
            } else {
                startSearch(search.query, jumps: true, state: &state, effects: &effects)
            }
        case .unchanged, .ignored:
            break
        }
    }

    /// Asks for a search of `query` (nothing for an empty one), dropping the answer of any earlier one.
    static func startSearch(_ query: String, jumps: Bool, state: inout InspectorState, effects: inout [InspectorEffect])
    {
        state.tree.search.progress.generation += 1
        state.tree.search.searchedQuery = query
        state.tree.search.matches = []
        state.tree.search.current = nil
        guard !query.isEmpty else {
            stopSearch(&state, effects: &effects)
            return
        }
        do {
            _ = try SearchQuery(query)
        } catch let error as SearchQueryError {
            stopSearch(&state, effects: &effects)
            state.status.message = error.message
            return
        } catch {
            return
        }
        state.tree.search.progress.isRunning = true
        state.tree.search.progress.visited = 0
        state.tree.search.progress.jumpsWhenDone = jumps
        effects.append(.searching(.search(query: query, generation: state.tree.search.progress.generation)))
    }

    private static func stopSearch(_ state: inout InspectorState, effects: inout [InspectorEffect]) {
        if state.tree.search.progress.isRunning { effects.append(.searching(.cancelSearch)) }
        // An answer already on its way is dropped.
        state.tree.search.progress.generation += 1
        state.tree.search.progress.isRunning = false
        state.tree.search.progress.jumpsWhenDone = false
    }

    /// The answer of a search: the matches, and the first one selected (while typing, as a preview).
    static func searchFinished(generation: Int, outcome: TreeSearch.Outcome, state: inout InspectorState) {
        guard generation == state.tree.search.progress.generation else { return }
        let jumps = state.tree.search.progress.jumpsWhenDone || state.tree.search.isEditing
        state.tree.search.progress.isRunning = false
        state.tree.search.progress.jumpsWhenDone = false
        state.tree.search.progress.visited = outcome.visited
        state.tree.search.matches = outcome.matches
        state.tree.search.current = nil
        if jumps { reportOrJump(&state) }
    }

    private static func reportOrJump(_ state: inout InspectorState) {
        if state.tree.search.matches.isEmpty {
            state.status.message = "No match for “\(state.tree.search.searchedQuery)”"
        } else {
            jumpToMatch(by: 1, state: &state)
        }
    }
}
