/// How many terminal columns text takes: the one rule the CLI's caret lines and the inspector's
/// panes both measure by.
///
/// A character (grapheme cluster) is as wide as its widest scalar: combining marks and format
/// characters take none, East Asian wide and emoji-presentation characters two, everything else one;
/// an emoji sequence (with a variation selector or joiners) takes two. A character that holds a
/// scalar ``TerminalSafeText`` escapes (a control, a bidirectional override, ...) is as wide as
/// what is shown in its place: its escapes (`\e`, `\u{202E}`) and its other scalars.
public enum DisplayWidth {
    /// Columns `text` occupies.
    /// - Parameters:
    ///   - text: the text, as it will be shown.
    ///   - scalarWidth: the width of one scalar (the inspector asks the terminal's C library first
    ///     and falls back on ``width(of:)``).
    public static func of(_ text: String, scalarWidth: (Unicode.Scalar) -> Int = width(of:)) -> Int {
        text.reduce(0) { $0 + of($1, scalarWidth: scalarWidth) }
    }

    /// Columns one character occupies.
    public static func of(_ character: Character, scalarWidth: (Unicode.Scalar) -> Int = width(of:)) -> Int {
        let scalars = character.unicodeScalars
        if scalars.contains(where: TerminalSafeText.isUnsafe) {
            return scalars.reduce(0) {
                $0 + (TerminalSafeText.isUnsafe($1) ? TerminalSafeText.visibleForm(of: $1).utf8.count : scalarWidth($1))
            }
        }
        var widest = 0
        for scalar in scalars {
            widest = max(widest, scalarWidth(scalar))
        }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }) {
            widest = max(widest, 2)
        }
        return widest
    }

    /// Columns one scalar occupies, by Unicode properties (UAX #11 wide blocks).
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 } // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// East Asian Wide and Fullwidth blocks.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
