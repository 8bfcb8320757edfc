import CNcurses

/// Display widths of text in terminal cells, by `wcwidth(3)`: CJK and emoji take two cells,
/// combining marks none, control characters are shown as one replacement cell.
public enum TextWidth {
    /// The width of one grapheme cluster: the widest of its scalars (so an emoji with a variation
    /// selector, or a letter with combining accents, is measured by its base).
    public static func of(_ character: Character) -> Int {
        var widest = 0
        for scalar in character.unicodeScalars {
            let width = scalarWidth(scalar)
            if width > widest { widest = width }
        }
        if character.unicodeScalars.count > 1,
           character.unicodeScalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation })
        {
            widest = max(widest, 2)
        }
        return widest
    }

    /// The width of a string.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 1 }
        if value < 0x7F { return 1 }
        let width = Int(mbml_wcwidth(value))
        if width >= 0 { return width }
        // Unknown to the C library (or no UTF-8 locale): fall back on Unicode properties.
        if scalar.properties.generalCategory == .nonspacingMark { return 0 }
        return scalar.properties.isEmojiPresentation ? 2 : 1
    }

    /// Replaces control characters (which would move the terminal cursor) by visible stand-ins.
    public static func printable(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "\n", "\r\n": output.append("⏎")
            case "\t": output.append("⇥")
            default:
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                   scalar.value < 0x20 || scalar.value == 0x7F
                {
                    output.append("�")
                } else {
                    output.append(character)
                }
            }
        }
        return output
    }

    /// The longest prefix of `text` that fits in `width` cells, with `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var output = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            output.append(character)
            used += w
        }
        return output + "…"
    }
}
