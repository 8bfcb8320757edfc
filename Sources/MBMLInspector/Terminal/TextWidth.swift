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
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks (Unicode UAX #11), for when `wcwidth` cannot tell.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

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
