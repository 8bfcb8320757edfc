extension Reducer {
    /// Pasted text: typed into whatever takes text (an open prompt, else the editor, which gets
    /// focus), verbatim except that line breaks become spaces and other control characters are
    /// dropped; never read as keys.
    static func paste(_ text: String, state: inout InspectorState, effects: inout [InspectorEffect]) {
        if case .viewer(let viewer)? = state.overlay {
            if viewer.search.isEditing {
                state.overlay = viewerKey(.paste(text), viewer: viewer, size: state.size, effects: &effects)
                    .map(Overlay.viewer)
            }
            return
        }
        guard state.overlay == nil else { return }
        if state.pins.savePrompt != nil {
            handleSavePromptKey(.paste(text), state: &state, effects: &effects)
            return
        }
        if state.focus == .variables, state.tree.search.isEditing {
            handleSearchKey(.paste(text), state: &state, effects: &effects)
            return
        }
        if state.focus == .editor, state.editor.historySearch != nil {
            handleHistorySearchKey(.paste(text), state: &state, effects: &effects)
            return
        }
        let clean = pastedText(text)
        guard !clean.isEmpty else { return }
        state.focus = .editor
        state.editor.insert(clean)
        state.editor.completion = nil
        editorTextChanged(&state, effects: &effects)
    }

    /// Line breaks as spaces, tabs kept, other control characters dropped.
    static func pastedText(_ text: String) -> String {
        var output = ""
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                output.append(" ")
            } else if character == "\t" {
                output.append(character)
            } else if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.value < 0x20 || scalar.value == 0x7F
            {
                continue
            } else {
                output.append(character)
            }
        }
        return output
    }
}
