import MBMLEngine

/// F1 on a function: its signature and full description in an overlay, for the function chosen in
/// the completion menu, the one whose name the cursor is on, or the call the cursor is in.
enum FunctionHelp {
    /// The function F1 explains in the editor, if any.
    static func function(for state: InspectorState) -> FunctionInfo? {
        let editor = state.editor
        var name: String?
        if let menu = editor.completion, let selected = menu.selected ?? (menu.candidates.count == 1 ? 0 : nil),
            selected < menu.candidates.count, menu.candidates[selected].insertion.hasPrefix("^")
        {
            name = String(menu.candidates[selected].insertion.dropFirst().prefix(while: { $0 != "(" }))
        }
        let syntax = MBMLSyntax(characters: editor.characters)
        // The name under the cursor when it is a function; a partial name (`^co`) falls back to the call.
        if name == nil, let word = syntax.functionName(at: editor.cursor)?.name,
            state.functions.contains(where: { $0.name == word })
        {
            name = word
        }
        if name == nil { name = syntax.call(at: editor.cursor)?.name }
        guard let wanted = name else { return nil }
        return state.functions.first { $0.name == wanted }
    }

    /// `Variables:`, each variable with its meaning wrapped beside its aligned name, then the example.
    static func variableLines(_ iteration: IterationVariables, width: Int) -> [String] {
        var lines = ["Variables:"]
        let nameWidth = iteration.names.map(\.count).max() ?? 0
        for variable in iteration.variables {
            let lead = "  " + variable.name + String(repeating: " ", count: nameWidth - variable.name.count) + "  "
            let pieces = TextWrap.atSpaces(variable.meaning, width: max(width - lead.count, 10))
            for (index, piece) in pieces.enumerated() {
                lines.append((index == 0 ? lead : String(repeating: " ", count: lead.count)) + piece)
            }
        }
        return lines + TextWrap.atSpaces("Example: \(iteration.example) → \(iteration.exampleResult)", width: width)
    }

    /// The overlay for F1 in the editor: the function's description, or nil (the key list instead).
    static func overlay(for state: InspectorState) -> Overlay? {
        guard state.focus == .editor, let function = function(for: state) else { return nil }
        let width = min(state.size.columns - 4, 100) - 3
        var lines = [function.signature, ""]
        lines += TextWrap.atSpaces(function.summary, width: width)
        if let iteration = function.iteration {
            lines += [""] + variableLines(iteration, width: width)
        }
        lines += ["", "mbml functions \(function.name) prints this; F1 outside a call lists the keys."]
        return .value(title: "^" + function.name, lines: lines, scroll: 0)
    }
}
