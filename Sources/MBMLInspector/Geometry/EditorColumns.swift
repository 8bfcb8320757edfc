/// Maps the editor's characters to screen columns, with horizontal scrolling that keeps the
/// cursor in view (``CharacterOffsets`` maps the UTF-16 ranges tokens and errors carry to characters).
enum EditorColumns {
    /// The cells of text an editor pane `paneWidth` wide shows: less the prompt (where `‹` marks
    /// text scrolled off to the left) and the last column (where `›` marks more text to the right).
    static func textWidth(paneWidth: Int) -> Int {
        max(paneWidth - 3, 1)
    }

    /// The first character shown when the text area is `width` cells wide: the cursor stays in view,
    /// with up to a third of the area of the text after it.
    static func scroll(for editor: EditorState, width: Int) -> Int {
        guard width > 1 else { return editor.cursor }
        var after = 0
        var index = editor.cursor
        while index < editor.characters.count, after < width / 3 {
            after += TextWidth.of(editor.characters[index])
            index += 1
        }
        let budget = width - 1 - min(after, width / 3)
        var used = 0
        var start = editor.cursor
        // Walk left from the cursor until the area (less the context kept after the cursor) is full.
        while start > 0 {
            let w = TextWidth.of(editor.characters[start - 1])
            if used + w > budget { break }
            used += w
            start -= 1
        }
        // Prefer showing from the beginning when everything up to the cursor fits.
        return start == 0 ? 0 : start
    }

    /// The character index at a column of the text area.
    static func index(atColumn column: Int, in characters: [Character], scroll: Int) -> Int {
        var used = 0
        var index = scroll
        while index < characters.count {
            let w = TextWidth.of(characters[index])
            if used + w > column { return index }
            used += w
            index += 1
        }
        return characters.count
    }
}
