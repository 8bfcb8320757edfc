/// Cutting text into rows of a given width in cells (see ``TextWidth``): hard (at any character,
/// for JSON and values) or at word boundaries (for prose such as log lines), and the other
/// column arithmetic views need (tabs, horizontal scrolling).
enum TextWrap {
    /// Replaces tabs by spaces up to the next multiple of `tabWidth` columns.
    static func expandingTabs(_ text: String, tabWidth: Int = 4) -> String {
        guard text.contains("\t") else { return text }
        var output = ""
        var column = 0
        for character in text {
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                output += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                output.append(character)
                column += TextWidth.of(character)
            }
        }
        return output
    }

    /// Cuts `line` into pieces of at most `width` cells, at any character. Always at least one piece.
    static func hard(_ line: String, width: Int) -> [String] {
        let printable = TextWidth.printable(line)
        guard width > 0, printable.utf8.count > width || TextWidth.of(printable) > width else { return [printable] }
        var pieces: [String] = []
        var current = ""
        var used = 0
        for character in printable {
            let w = TextWidth.of(character)
            if used + w > width, !current.isEmpty {
                pieces.append(current)
                current = ""
                used = 0
            }
            current.append(character)
            used += w
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Cuts `line` into pieces of at most `width` cells, breaking after a space where one is in the
    /// row (a word longer than a row is cut where it must be). Always at least one piece.
    static func words(_ line: String, width: Int) -> [String] {
        let printable = TextWidth.printable(line)
        guard width > 0, printable.utf8.count > width || TextWidth.of(printable) > width else { return [printable] }
        var pieces: [String] = []
        var current: [Character] = []
        var widths: [Int] = []
        var used = 0
        var lastSpace: Int?
        for character in printable {
            let w = TextWidth.of(character)
            if used + w > width, !current.isEmpty {
                let cut = lastSpace.map { $0 + 1 } ?? current.count
                pieces.append(String(current[..<cut]))
                current.removeFirst(cut)
                widths.removeFirst(cut)
                used = widths.reduce(0, +)
                lastSpace = current.lastIndex(of: " ")
            }
            current.append(character)
            widths.append(w)
            used += w
            if character == " " { lastSpace = current.count - 1 }
        }
        if !current.isEmpty || pieces.isEmpty { pieces.append(String(current)) }
        return pieces
    }

    /// `text` without its first `cells` cells (a wide character cut in half is dropped whole).
    static func dropping(cells: Int, of text: String) -> String {
        guard cells > 0 else { return text }
        return String(text[index(afterCells: cells, in: text)...])
    }

    /// The first `cells` cells of `text` (a wide character that does not fit is left out).
    static func prefix(cells: Int, of text: String) -> String {
        String(text[..<index(afterCells: cells, in: text, fitting: true)])
    }

    /// Where the characters filling `cells` cells end.
    private static func index(afterCells cells: Int, in text: String, fitting: Bool = false) -> String.Index {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex, used < cells {
            let width = TextWidth.of(text[index])
            if fitting, used + width > cells { break }
            used += width
            index = text.index(after: index)
        }
        return index
    }

    /// Splits text at spaces into lines of at most `width` cells.
    static func atSpaces(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if TextWidth.of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
