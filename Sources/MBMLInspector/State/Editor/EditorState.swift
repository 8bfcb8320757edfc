import Foundation

/// The expression editor: one line of text, a cursor, a kill buffer and the history.
///
/// Text is kept as grapheme clusters so that the cursor never lands inside a character; the
/// editing operations (readline's) are plain mutating methods, used by the reducer.
struct EditorState: Equatable {
    var characters: [Character] = []
    /// The cursor, as an index into ``characters`` (0 ... count).
    var cursor = 0
    /// What Ctrl-W, Ctrl-U, Ctrl-K and Alt-D removed last, for Ctrl-Y.
    var killBuffer = ""
    /// Earlier expressions, oldest first.
    var history: [String] = []
    /// The history entry being shown, or nil while editing new text.
    var historyIndex: Int?
    /// The text being edited before the user went into the history.
    var draft: [Character] = []
    /// The open completion menu, if any.
    var completion: CompletionMenu?
    /// The reverse history search (Alt-R), while it is open.
    var historySearch: HistorySearch?
    /// How many history entries are kept.
    static let historyLimit = 500

    init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    // MARK: Inserting and deleting

    mutating func insert(_ text: String) {
        let inserted = Array(text.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" ? " " : $0 })
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }

    mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Ctrl-W: deletes back to the previous whitespace.
    mutating func deleteWhitespaceWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        kill(start..<cursor)
    }

    /// Alt-Backspace: deletes back to the start of the word.
    mutating func deleteWordBackward() {
        kill(wordStart(before: cursor)..<cursor)
    }

    /// Alt-D: deletes to the end of the word.
    mutating func deleteWordForward() {
        kill(cursor..<wordEnd(after: cursor))
    }

    /// Ctrl-U: deletes from the start of the line to the cursor.
    mutating func killToStart() {
        kill(0..<cursor)
    }

    /// Ctrl-K: deletes from the cursor to the end of the line.
    mutating func killToEnd() {
        kill(cursor..<characters.count)
    }

    /// Ctrl-Y: inserts the text deleted last.
    mutating func yank() {
        insert(killBuffer)
    }

    /// Ctrl-T: swaps the two characters before the cursor (or around it).
    mutating func transpose() {
        guard characters.count >= 2, cursor > 0 else { return }
        let right = min(cursor, characters.count - 1)
        characters.swapAt(right - 1, right)
        cursor = right + 1
    }

    private mutating func kill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        killBuffer = String(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    // MARK: Moving

    mutating func moveLeft() { cursor = max(cursor - 1, 0) }
    mutating func moveRight() { cursor = min(cursor + 1, characters.count) }
    mutating func moveToStart() { cursor = 0 }
    mutating func moveToEnd() { cursor = characters.count }
    mutating func moveWordLeft() { cursor = wordStart(before: cursor) }
    mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    private func wordEnd(after index: Int) -> Int {
        var i = index
        while i < characters.count, !isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count, isWordCharacter(characters[i]) { i += 1 }
        return i
    }

    // MARK: History

    /// Adds the current text to the history (not if empty or equal to the newest entry).
    /// - Returns: whether the history changed.
    @discardableResult
    mutating func commitToHistory() -> Bool {
        historyIndex = nil
        let entry = text.trimmingCharacters(in: .whitespaces)
        guard !entry.isEmpty, history.last != text else { return false }
        history.append(text)
        if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
        return true
    }

    /// ↑: shows the previous (older) history entry.
    mutating func historyBack() {
        guard !history.isEmpty else { return }
        if let index = historyIndex {
            guard index > 0 else { return }
            historyIndex = index - 1
        } else {
            draft = characters
            historyIndex = history.count - 1
        }
        if let index = historyIndex { setText(history[index]) }
    }

    /// ↓: shows the next (newer) history entry, then the text that was being edited.
    mutating func historyForward() {
        guard let index = historyIndex else { return }
        if index + 1 < history.count {
            historyIndex = index + 1
            setText(history[index + 1])
        } else {
            historyIndex = nil
            characters = draft
            cursor = characters.count
        }
    }
}
