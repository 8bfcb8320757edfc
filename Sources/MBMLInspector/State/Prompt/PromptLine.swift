/// The one line typed into a prompt: the `/` searches of the variable tree and of the full value,
/// the history search (Alt-R) and the file name after Ctrl-S. Each prompt keeps a `PromptLine` and
/// hands it its keys, so the same key does the same thing in every prompt (as gitui's
/// `TextInputComponent` does); the keys are the key table's ``KeyScope/prompt`` scope.
///
/// The cursor is always at the end of the text: no prompt moves it (in the history search ← and →
/// keep the match and move in the editor), so Ctrl-U deletes the whole text.
struct PromptLine: Equatable, Sendable {
    /// What a key did to the prompt; the prompt's owner acts on it.
    enum Outcome: Equatable, Sendable {
        /// The text changed.
        case edited
        /// A prompt key that had nothing to change (Ctrl-W on an empty prompt).
        case unchanged
        /// Enter: the text is done.
        case submitted
        /// Esc, Ctrl-G, or Backspace on an empty prompt: the prompt closes without its text.
        case cancelled
        /// Not a prompt key: the owner decides what it does (most prompts ignore it).
        case ignored
    }

    /// What has been typed.
    private(set) var text: String

    init(_ text: String = "") {
        self.text = text
    }

    var isEmpty: Bool { text.isEmpty }

    /// What `key` does (through ``KeyTable``): characters and pasted text are inserted (line breaks
    /// in pasted text become spaces, other control characters are dropped), the editing keys edit.
    mutating func handle(_ key: Key) -> Outcome {
        if case .paste(let pasted) = key { return insert(Reducer.pastedText(pasted)) }
        switch KeyTable.command(for: key, in: .prompt) {
        case .submitPrompt?:
            return .submitted
        case .cancelPrompt?:
            return .cancelled
        case .deleteBackward?:
            guard !text.isEmpty else { return .cancelled }
            text.removeLast()
            return .edited
        case .deleteWhitespaceWordBackward?:
            return deleteWordBackward()
        case .killToStart?:
            return deleteToStart()
        default:
            if case .character(let character) = key { return insert(String(character)) }
            return .ignored
        }
    }

    /// Adds `typed` at the cursor.
    @discardableResult
    mutating func insert(_ typed: String) -> Outcome {
        guard !typed.isEmpty else { return .unchanged }
        text += typed
        return .edited
    }

    /// Ctrl-W: deletes the word before the cursor, up to the last space (as in the editor).
    @discardableResult
    mutating func deleteWordBackward() -> Outcome {
        var kept = Substring(text)
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        while let last = kept.last, !last.isWhitespace { kept.removeLast() }
        guard kept.count < text.count else { return .unchanged }
        text = String(kept)
        return .edited
    }

    /// Ctrl-U: deletes from the start of the line to the cursor.
    @discardableResult
    mutating func deleteToStart() -> Outcome {
        guard !text.isEmpty else { return .unchanged }
        text = ""
        return .edited
    }
}
