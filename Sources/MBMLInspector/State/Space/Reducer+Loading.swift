import Foundation
import MBMLEngine

/// Loads and reloads: a new space replaces the old one (whatever warnings it has), the tree keeps
/// its expansion and selection by path, and what changed is marked.
extension Reducer {
    static func spaceLoaded(_ load: SpaceLoad, state: inout InspectorState, effects: inout [InspectorEffect]) {
        let isReload = state.loadGeneration > 0 && state.status.lastReload != nil
        // A reload close after the previous one is part of the same save: it is compared with the
        // space on show before that save's first reload.
        let burst = isReload ? state.reloadBurst.flatMap { $0.includes(load.date) ? $0 : nil } : nil
        let precomputed = load.reloadDiff.flatMap { diff in
            burst == nil && diff.baseGeneration == state.loadGeneration && diff.basePending == state.space.pending
                ? diff.diff : nil
        }
        var resultsBefore: (text: String, results: [ExpressionContext: ContextResult])? = (
            state.results.shownText, state.results.shown
        )
        if let burst { resultsBefore = burst.resultsBefore }
        state.previousSpace = burst?.base ?? state.space
        if isReload {
            state.reloadBurst = ReloadBurst(base: state.previousSpace, resultsBefore: resultsBefore, date: load.date)
        }
        showSpace(load.snapshot, state: &state)
        state.loadGeneration = load.generation
        state.provenance = load.provenance
        state.functions = load.functions
        state.status.isLoading = false
        state.status.manifestPath = load.manifestPath
        state.status.fileCount = load.fileCount
        state.status.lastReload = load.date
        state.status.loadError = load.error
        state.status.diagnostics = load.diagnostics
        state.log.loadLines = load.logLines.map { LogEntry($0) }
        state.watchList.spaceRead(load.files, failed: load.error != nil)
        effects.append(.loading(.watch(state.watchList.all)))
        if isReload {
            state.reloadDiff = precomputed ?? ReloadDiff(old: state.previousSpace, new: state.space)
            state.reloadDiff.separateVolatile(VolatileValues.names(in: state.provenance))
            state.status.changeSummary = state.reloadDiff.summary
            // The summary outranks what an earlier key or effect said (see ``StatusPriority``).
            if state.status.messagePriority < .high { state.status.message = nil }
            state.log.loadLines += changeLines(state.reloadDiff, old: state.previousSpace, new: state.space).map {
                LogEntry($0)
            }
            state.results.beforeReload = resultsBefore
        }
        if !state.tree.search.searchedQuery.isEmpty {
            startSearch(state.tree.search.searchedQuery, jumps: false, state: &state, effects: &effects)
        }
        keepTreeSelectionVisible(&state)
        if !load.snapshot.pending.isEmpty {
            effects.append(
                .loading(.computeDynamicVariables(names: pendingInComputingOrder(state), generation: load.generation)))
        }
        requestEvaluation(&state, effects: &effects)
        requestPinsEvaluation(&state, effects: &effects, afterReload: true)
    }

    /// The dynamic variables still to compute, those on screen in the tree first (top to bottom),
    /// then the rest by name: what a person looks at gets its value first.
    static func pendingInComputingOrder(_ state: InspectorState) -> [String] {
        let pending = state.space.pending
        let rows = state.variableTree.rows(from: state.tree.scrollTop, count: state.layout.treeRows)
        var ordered: [String] = []
        for row in rows {
            guard case .variable(let name)? = row.path.first, pending.contains(name), !ordered.contains(name) else {
                continue
            }
            ordered.append(name)
        }
        let shown = Set(ordered)
        return ordered + pending.filter { !shown.contains($0) }.sorted()
    }

    static func loadFailed(_ message: String, diagnostics: [Diagnostic], state: inout InspectorState) {
        state.status.isLoading = false
        state.status.loadError = message
        state.status.message = nil
        state.status.diagnostics = diagnostics
        state.status.changeSummary = nil
    }

    static func dynamicComputed(
        _ name: String, value: Value?, failure: String?, generation: Int,
        state: inout InspectorState
    ) {
        guard generation == state.loadGeneration, state.space.pending.contains(name) else { return }
        state.space.resolve(name, value: value, failure: failure)
        guard state.status.changeSummary != nil else { return }
        switch state.reloadDiff.settle(name, old: state.previousSpace, new: state.space) {
        case .changed?, .added?:
            state.status.changeSummary = state.reloadDiff.summary
            state.log.loadLines += changeLines(for: [name], old: state.previousSpace, new: state.space).map {
                LogEntry($0)
            }
        case .volatile?:
            state.status.changeSummary = state.reloadDiff.summary
            state.log.loadLines.append(LogEntry(volatileLine(name)))
        case nil:
            break
        }
    }

    /// Esc while a load runs or dynamic variables are being computed: stop them.
    static func cancelLoading(state: inout InspectorState, effects: inout [InspectorEffect]) {
        effects.append(.loading(.cancelLoad))
        state.space.abandonPending(reason: "not computed: cancelled (F5 reloads)")
        state.status.message = state.status.isLoading ? "Loading cancelled; the previous space stays" : "Cancelled"
    }

    /// One log line per change: `changed $x: old → new`, `added $y: value`, `removed $z`.
    static func changeLines(_ diff: ReloadDiff, old: VariableSnapshot, new: VariableSnapshot) -> [String] {
        changeLines(for: diff.changed.union(diff.added).sorted(), old: old, new: new)
            + diff.removed.map { "removed $\($0)" }
            + diff.volatile.sorted().map(volatileLine)
    }

    /// The log line of a volatile variable that moved on: named volatile, never "changed".
    static func volatileLine(_ name: String) -> String {
        "volatile $\(name): a new value from the clock or chance (not counted)"
    }

    private static func changeLines(for names: [String], old: VariableSnapshot, new: VariableSnapshot) -> [String] {
        names.map { name in
            let after = preview(new.value(of: name), failure: new.failures[name])
            guard old.position(of: name) != nil else { return "added $\(name): \(after)" }
            return "changed $\(name): \(preview(old.value(of: name), failure: old.failures[name])) → \(after)"
        }
    }

    private static func preview(_ value: Value?, failure: String?) -> String {
        if let failure = failure { return "✗ " + failure }
        let text = ValueFormatter.summary(of: value)
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// After a reload, the first evaluation of the same text marks the contexts whose result changed.
    static func markResultsChangedByReload(_ outcome: EvaluationOutcome, state: inout InspectorState) {
        guard let before = state.results.beforeReload else {
            if outcome.text != state.results.shownText { state.results.changedByReload = [] }
            return
        }
        state.results.beforeReload = nil
        guard before.text == outcome.text else {
            state.results.changedByReload = []
            return
        }
        state.results.changedByReload = Set(
            ExpressionContext.allCases.filter { context in
                !state.isInvalid(context) && outcome.results[context] != before.results[context]
            })
    }
}
