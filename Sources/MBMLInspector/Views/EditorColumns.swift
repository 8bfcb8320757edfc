/// Maps the editor's characters to screen columns, with horizontal scrolling that keeps the
/// cursor in view, and UTF-16 ranges (what tokens and errors carry) to character indexes.
public enum EditorColumns {
    /// The first character shown when the text area is `width` cells wide.
    public static func scroll(for editor: EditorState, width: Int) -> Int {
        guard width > 1 else { return editor.cursor }
        var used = 0
        var start = editor.cursor
        // Walk left from the cursor until the area (less one cell for the cursor) is full.
        while start > 0 {
            let w = TextWidth.of(editor.characters[start - 1])
            if used + w > width - 1 { break }
            used += w
            start -= 1
        }
        // Prefer showing from the beginning when everything up to the cursor fits.
        return start == 0 ? 0 : start
    }

    /// The character index at a column of the text area.
    public static func index(atColumn column: Int, in characters: [Character], scroll: Int) -> Int {
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

    /// The UTF-16 offset where each character starts, plus the end offset.
    public static func utf16Offsets(of characters: [Character]) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(characters.count + 1)
        var offset = 0
        for character in characters {
            offsets.append(offset)
            offset += character.utf16.count
        }
        offsets.append(offset)
        return offsets
    }

    /// The characters covered by a UTF-16 range.
    public static func characterRange(location: Int, length: Int, offsets: [Int]) -> Range<Int> {
        let count = offsets.count - 1
        var lower = count
        for index in 0..<count where offsets[index + 1] > location {
            lower = index
            break
        }
        var upper = lower
        while upper < count, offsets[upper] < location + length { upper += 1 }
        return lower..<max(upper, lower)
    }
}
