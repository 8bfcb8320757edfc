import MBMLEngine

extension Reducer {
    static func handleTreeKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        if state.tree.search.isEditing {
            handleSearchKey(key, state: &state, effects: &effects)
            return
        }
        if state.awaitingCopyChoice {
            state.awaitingCopyChoice = false
            copySelection(key, state: &state, effects: &effects)
            return
        }
        let tree = state.variableTree
        let page = max(state.layout.treeRows - 1, 1)
        let current = state.tree.selection.flatMap(tree.index(of:)) ?? 0
        switch KeyTable.command(for: key, in: .variables) {
        case .up?: select(index: current - 1, in: tree, state: &state)
        case .down?: select(index: current + 1, in: tree, state: &state)
        case .pageUp?: select(index: current - page, in: tree, state: &state)
        case .pageDown?: select(index: current + page, in: tree, state: &state)
        case .first?: select(index: 0, in: tree, state: &state)
        case .last?: select(index: tree.rowCount - 1, in: tree, state: &state)
        case .expand?:
            guard let row = selectedRow(state) else { return }
            if row.isExpandable && !row.isExpanded {
                setExpanded(row.path, true, state: &state)
            } else if row.isExpanded {
                select(index: current + 1, in: state.variableTree, state: &state)
            }
        case .collapse?:
            guard let row = selectedRow(state) else { return }
            if row.isExpanded {
                setExpanded(row.path, false, state: &state)
            } else if row.path.count > 1 {
                state.tree.selection = Array(row.path.dropLast())
                keepTreeSelectionVisible(&state)
            }
        case .toggleExpansion?:
            guard let row = selectedRow(state) else { return }
            if row.isExpandable {
                setExpanded(row.path, !row.isExpanded, state: &state)
            } else if let expression = PathExpression.expression(for: row.path) {
                insertIntoEditor(expression, state: &state, effects: &effects)
            } else {
                state.status.message = "No MBML expression reaches this node"
            }
        case .insertExpression?:
            guard let row = selectedRow(state) else { return }
            if let expression = PathExpression.expression(for: row.path) {
                insertIntoEditor(expression, state: &state, effects: &effects)
            } else {
                state.status.message = "No MBML expression reaches this node"
            }
        case .showValue?:
            guard let row = selectedRow(state) else { return }
            state.overlay = valueOverlay(title: PathExpression.expression(for: row.path) ?? row.label, value: row.value)
            if case .viewer(let viewer)? = state.overlay {
                var headed = viewer.headed(by: provenanceLines(for: row.path, state: state))
                headed.copy = ResultCopy(
                    expression: PathExpression.expression(for: row.path), context: nil,
                    result: row.value.map(ContextResult.value) ?? .noValue)
                state.overlay = .viewer(headed)
            }
        case .openDeclaration?:
            openDeclarationInEditor(state: &state, effects: &effects)
        case .expandAll?:
            expandAll(&state)
        case .toggleZoom?:
            state.tree.isZoomed.toggle()
            keepTreeSelectionVisible(&state)
        case .toggleSort?:
            state.tree.sortsByName.toggle()
            showSpace(state.space, state: &state)
            state.status.message =
                state.tree.sortsByName
                ? "Variables sorted by name (s: as declared)" : "Variables as declared (s: by name)"
        case .collapseAll?:
            state.tree.expanded = ExpansionSet()
            if let selection = state.tree.selection, let first = selection.first { state.tree.selection = [first] }
            keepTreeSelectionVisible(&state)
        case .search?:
            state.tree.search.isEditing = true
            state.tree.search.prompt = PromptLine()
        case .nextMatch?: jumpToMatch(by: 1, state: &state)
        case .previousMatch?: jumpToMatch(by: -1, state: &state)
        case .startCopy?:
            guard selectedRow(state) != nil else { return }
            state.awaitingCopyChoice = true
            state.status.message = copyPrompt
        default:
            _ = handleCommonPaneKey(key, state: &state, effects: &effects)
        }
    }

    static func selectedRow(_ state: InspectorState) -> TreeRow? {
        guard let path = state.tree.selection else { return nil }
        return state.variableTree.row(for: path)
    }

    static func select(index: Int, in tree: VariableTree, state: inout InspectorState) {
        let count = tree.rowCount
        guard count > 0 else { return }
        if let row = tree.row(at: clamp(index, 0, count - 1)) {
            state.tree.selection = row.path
        }
        keepTreeSelectionVisible(&state)
    }

    static func setExpanded(_ path: NodePath, _ expanded: Bool, state: inout InspectorState) {
        if expanded {
            state.tree.expanded.insert(path)
        } else {
            state.tree.expanded.remove(path)
        }
        keepTreeSelectionVisible(&state)
    }

    /// The most rows `+` opens the tree to.
    static let expandAllRowLimit = 2000

    /// `+`: expands the tree level by level while it stays within ``expandAllRowLimit`` rows.
    static func expandAll(_ state: inout InspectorState) {
        var expansion = state.tree.expanded
        var level: [(path: NodePath, node: TreeNode)] = [([], .space(state.space))]
        var rows = VariableTree(snapshot: state.space, expansion: expansion).rowCount
        var stopped = false
        // Nodes looked at: a level of a huge collection is not walked on the UI thread.
        var visited = 0
        while !level.isEmpty, !stopped {
            var next: [(path: NodePath, node: TreeNode)] = []
            for (path, node) in level {
                for position in 0..<node.childCount {
                    visited += 1
                    if visited > expandAllRowLimit * 20 {
                        stopped = true
                        break
                    }
                    let component = node.component(at: position)
                    let child = node.child(component)
                    let childPath = path + [component]
                    let count = child.childCount
                    guard count > 0 else { continue }
                    if !expansion.contains(childPath) {
                        guard rows + count <= expandAllRowLimit else {
                            stopped = true
                            break
                        }
                        expansion.insert(childPath)
                        rows += count
                    }
                    next.append((childPath, child))
                }
                if stopped { break }
            }
            level = next
        }
        state.tree.expanded = expansion
        keepTreeSelectionVisible(&state)
        state.status.message =
            stopped
            ? "Expanded as far as \(expandAllRowLimit) rows go (\(rows) rows; → opens the rest node by node)"
            : "Expanded everything (\(rows) rows)"
    }

    /// Scrolls the tree so that the selected row is in the middle of the pane (a search match,
    /// with what is around it in view), unless it is on screen away from the edges already.
    static func centerTreeSelection(_ state: inout InspectorState) {
        let tree = state.variableTree
        let visible = state.layout.treeRows
        guard let index = state.tree.selection.flatMap(tree.index(of:)) else {
            keepTreeSelectionVisible(&state)
            return
        }
        let margin = visible / 4
        let top = state.tree.scrollTop
        if index < top + margin || index >= top + visible - margin {
            state.tree.scrollTop = clamp(index - visible / 2, 0, max(tree.rowCount - visible, 0))
        }
        keepTreeSelectionVisible(&state)
    }

    /// Scrolls the tree so that the selected row is on screen.
    static func keepTreeSelectionVisible(_ state: inout InspectorState) {
        let tree = state.variableTree
        let visible = state.layout.treeRows
        let total = tree.rowCount
        guard let index = state.tree.selection.flatMap(tree.index(of:)) else {
            state.tree.scrollTop = clamp(state.tree.scrollTop, 0, max(total - visible, 0))
            return
        }
        if index < state.tree.scrollTop { state.tree.scrollTop = index }
        if index >= state.tree.scrollTop + visible { state.tree.scrollTop = index - visible + 1 }
        state.tree.scrollTop = clamp(state.tree.scrollTop, 0, max(total - visible, 0))
    }

    // MARK: Search

    /// Selects the next (or previous) match, expanding its ancestors.
    static func jumpToMatch(by step: Int, state: inout InspectorState) {
        let matches = state.tree.search.matches
        guard !matches.isEmpty else {
            state.status.message = "No search results (/ searches)"
            return
        }
        let next: Int
        if let current = state.tree.search.current {
            next = (current + step + matches.count) % matches.count
        } else {
            next = step > 0 ? 0 : matches.count - 1
        }
        state.tree.search.current = next
        let path = matches[next]
        for length in stride(from: 1, to: path.count, by: 1) {
            state.tree.expanded.insert(Array(path.prefix(length)))
        }
        state.tree.selection = path
        centerTreeSelection(&state)
        state.status.message =
            "Match \(next + 1) of \(matches.count)\(matches.count >= 10_000 ? "+" : "") for “\(state.tree.search.searchedQuery)” (n/N)"
    }
}
