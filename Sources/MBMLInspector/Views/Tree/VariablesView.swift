import MBMLEngine

/// The variable tree: only the rows on screen are built (see ``VariableTree``). Collapsed
/// collections show their count and a preview; leaves show their value.
enum VariablesView {
    static func draw(_ state: InspectorState, painter: Painter) {
        let focused = state.focus == .variables
        let tree = state.variableTree
        let search = state.tree.search
        var note = state.space.names.count == 1 ? "1 variable" : "\(state.space.names.count) variables"
        if let current = search.current, !search.matches.isEmpty {
            note = "/\(search.searchedQuery) \(current + 1)/\(search.matches.count)"
        }
        PaneChrome.title(Pane.variables.title, note: note, focused: focused, painter: painter)
        let visible = max(painter.height - 2, 1)
        let rows = tree.rows(from: state.tree.scrollTop, count: visible)
        if rows.isEmpty {
            let note =
                state.status.isLoading
                ? "loading…"
                : state.status.loadError == nil ? "(no variables)" : "(empty: the manifest did not load)"
            painter.truncated(note, row: 1, column: 1, role: .dim)
        }
        let query = search.searchedQuery.isEmpty ? nil : try? SearchQuery(search.searchedQuery)
        for (offset, row) in rows.enumerated() {
            drawRow(
                row, line: offset + 1, selected: row.path == state.tree.selection, focused: focused,
                query: query, facts: facts(of: row, state: state), painter: painter)
        }
        drawFooter(state, painter: painter)
    }

    /// What a row shows besides its value: a reload change, how its variable was declared, and a
    /// dynamic variable's state.
    struct RowFacts {
        var change: ReloadDiff.Change?
        /// `ƒ` dynamic, `=` evaluated at load, `↓` data file, `ro` read-only.
        var tag = ""
        var isPending = false
        var failure: String?
    }

    static func facts(of row: TreeRow, state: InspectorState) -> RowFacts {
        var facts = RowFacts(
            change: state.reloadDiff.nodeChange(at: row.path, old: state.previousSpace, new: state.space))
        guard row.path.count == 1, case .variable(let name)? = row.path.first else { return facts }
        if let provenance = state.provenance[name] {
            switch provenance.kind {
            case .dynamic: facts.tag = "ƒ"
            case .value, .boolean, .text: facts.tag = "="
            case .dataFile: facts.tag = "↓"
            default: break
            }
            if provenance.isReadOnly, provenance.kind != .builtIn { facts.tag += facts.tag.isEmpty ? "ro" : " ro" }
        }
        facts.isPending = state.space.pending.contains(name)
        facts.failure = state.space.failures[name]
        return facts
    }

    private static func drawRow(
        _ row: TreeRow, line: Int, selected: Bool, focused: Bool, query: SearchQuery?,
        facts: RowFacts, painter: Painter
    ) {
        let selectionRole: StyleRole? = selected ? (focused ? .selection : .selectionInactive) : nil
        if let role = selectionRole { painter.fill(row: line, role: role) }
        let marker = row.isExpandable ? (row.isExpanded ? "▾ " : "▸ ") : "  "
        let changeMark: String
        switch facts.change {
        case .changed?: changeMark = "~"
        case .added?: changeMark = "+"
        case .volatile?: changeMark = "≈"
        case nil: changeMark = " "
        }
        var column = painter.text(changeMark, row: line, column: 0, role: selectionRole ?? .changed)
        column = painter.text(
            String(repeating: "  ", count: min(row.depth, 20)) + marker, row: line, column: column,
            role: selectionRole ?? .dim)
        let isMatch = query?.matches(row.label) ?? false
        column = painter.truncated(
            row.label, row: line, column: column,
            role: selectionRole ?? (isMatch ? .match : .name), maxWidth: max(painter.width - column - 2, 8))
        if !facts.tag.isEmpty {
            column = painter.text(" " + facts.tag, row: line, column: column, role: selectionRole ?? .dim)
        }
        column += 2
        guard column < painter.width else { return }
        if let failure = facts.failure {
            painter.truncated("✗ " + failure, row: line, column: column, role: selectionRole ?? .error)
            return
        }
        if facts.isPending {
            painter.truncated("computing…", row: line, column: column, role: selectionRole ?? .dim)
            return
        }
        if row.isExpandable, let value = row.value {
            let summary = ValueFormatter.summary(of: value)
            // The count part (`[3]`, `{2}`, `Set(4)`) in the type role, the preview dimmed.
            let split = summary.firstIndex(of: " ") ?? summary.endIndex
            column = painter.text(String(summary[..<split]), row: line, column: column, role: selectionRole ?? .type)
            painter.truncated(String(summary[split...]), row: line, column: column, role: selectionRole ?? .dim)
        } else {
            let summary = ValueFormatter.summary(of: row.value)
            let valueMatches = query.map { TreeSearch.scalarMatches(row.value, $0) } ?? false
            painter.truncated(
                summary, row: line, column: column,
                role: selectionRole ?? (valueMatches ? .match : (row.value == nil ? .dim : .value)))
        }
    }

    /// Beside the `/` prompt: progress of a running search, or what the last one found.
    static func searchNote(_ search: SearchState) -> String {
        if search.progress.isRunning {
            return "searching… \(search.progress.visited) nodes · Esc stops"
        }
        if !search.query.isEmpty, search.query == search.searchedQuery {
            let count = search.matches.count
            return (count == 1 ? "1 match" : "\(count)\(count >= 10_000 ? "+" : "") matches")
                + " · Enter jumps · re: regex"
        }
        return "Enter searches · Esc cancels · re: regex"
    }

    private static func drawFooter(_ state: InspectorState, painter: Painter) {
        let row = painter.height - 1
        let search = state.tree.search
        if search.isEditing {
            // Locals first: Swift 6.3's optimizer crashes on this call with the expressions inline.
            let prompt = search.prompt
            let note = "  " + searchNote(search)
            let showsCursor = state.focus == .variables && state.overlay == nil
            PromptLineView.draw(prompt, label: "/", note: note, row: row, showsCursor: showsCursor, painter: painter)
        } else if state.focus == .variables, state.awaitingCopyChoice {
            painter.truncated("copy: v value · p expression", row: row, column: 0, role: .dim)
        } else {
            drawPathFooter(state, row: row, painter: painter)
        }
    }

    /// The key hints shown after the selected path when there is room.
    static let footerHint = "/ search · i insert · y copy · o open · E edit"

    /// The path of the selected node (what `y p` copies), then the key hints when the pane has
    /// focus and there is room for them.
    private static func drawPathFooter(_ state: InspectorState, row: Int, painter: Painter) {
        let focused = state.focus == .variables
        guard let path = SelectionPathText.text(for: state.tree.selection) else {
            if focused { painter.truncated(footerHint, row: row, column: 0, role: .dim) }
            return
        }
        let hintWidth = TextWidth.of(footerHint) + 2
        let pathWidth = TextWidth.of(path)
        let showsHint = focused && pathWidth + hintWidth <= painter.width
        let fitted = SelectionPathText.fitted(path, width: painter.width)
        painter.text(fitted, row: row, column: 0, role: focused ? .name : .dim)
        if showsHint {
            painter.text(footerHint, row: row, column: painter.width - hintWidth + 2, role: .dim)
        }
    }
}
