import MBMLEngine

/// The diagnostics view (F4, or `d` outside the editor) and opening declarations in the user's
/// editor (`E` on a variable, Enter on a diagnostic).
extension Reducer {
    static func openDiagnostics(_ state: inout InspectorState) {
        guard !state.status.diagnostics.isEmpty else {
            state.status.message = "The last load reported no problems"
            return
        }
        state.overlay = .diagnostics(selected: 0, scroll: 0)
    }

    static func handleDiagnosticsKey(_ key: Key, state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard case .diagnostics(let selected, let scroll)? = state.overlay else { return }
        let count = state.status.diagnostics.count
        let page = max(state.size.rows - 6, 1)
        var next = selected
        switch KeyTable.command(for: key, in: .diagnostics) {
        case .up?: next -= 1
        case .down?: next += 1
        case .pageUp?: next -= page
        case .pageDown?: next += page
        case .first?: next = 0
        case .last?: next = count - 1
        case .openInEditor?:
            let diagnostic = state.status.diagnostics[clamp(selected, 0, count - 1)]
            state.overlay = nil
            effects.append(.outside(.openInEditor(file: diagnostic.file, line: diagnostic.line)))
            return
        default:
            state.overlay = nil
            return
        }
        next = clamp(next, 0, count - 1)
        var top = scroll
        if next < top { top = next }
        if next >= top + page { top = next - page + 1 }
        state.overlay = .diagnostics(selected: next, scroll: top)
    }

    /// `E` in the variable tree: the selected variable's declaration, in the user's editor; on a
    /// node of a JSON data file, that node's line (a JSON Lines record's line).
    static func openDeclarationInEditor(state: inout InspectorState, effects: inout [InspectorEffect]) {
        guard let path = state.tree.selection, case .variable(let name)? = path.first else { return }
        guard let provenance = state.provenance[name], let file = provenance.file else {
            state.status.message = "$\(name) was not declared in a file"
            return
        }
        if provenance.kind == .dataFile, path.count > 1 {
            if let line = DataNodeLine.line(of: path, in: state.space) {
                effects.append(.outside(.openInEditor(file: file, line: line)))
                return
            }
            if DataFileSpec.isJSONLinesName(file), case .index(let record) = path[1] {
                effects.append(.outside(.openRecordInEditor(file: file, record: record)))
                return
            }
        }
        effects.append(.outside(.openInEditor(file: file, line: provenance.line)))
    }

    /// The lines `o` shows above a variable's value: how and where it was declared.
    static func provenanceLines(for path: NodePath, state: InspectorState) -> [String] {
        guard path.count == 1, case .variable(let name)? = path.first else { return [] }
        var lines: [String] = []
        if let provenance = state.provenance[name] {
            lines.append("kind: " + provenance.kind.label + (provenance.isReadOnly ? " (read-only)" : ""))
            if let expression = provenance.expression { lines.append("expression: " + expression) }
            if let site = provenance.site { lines.append("declared at: " + site + "   (E opens it in $EDITOR)") }
        }
        if let failure = state.space.failures[name] { lines.append("✗ " + failure) }
        if state.space.pending.contains(name) { lines.append("computing…") }
        return lines.isEmpty ? [] : lines + ["", "value:"]
    }
}
