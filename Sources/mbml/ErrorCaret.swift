import Foundation
import MBMLEngine

/// Draws the line of an expression an error is in and a caret line (`^~~~`) under the error's range.
///
/// Ranges count UTF-16 code units; the caret is placed by terminal display columns (wide characters
/// take two, combining marks none), and tabs and other control characters show as one space.
enum ErrorCaret {
    /// The two lines (expression, caret), each prefixed with `indent`; nil when there is no range.
    static func lines(expression: String, range: SourceRange?, indent: String = "  ") -> [String]? {
        guard let range = range else { return nil }
        let units = Array(expression.utf16)
        let start = min(max(0, range.location), units.count)
        let end = min(max(start, range.upperBound), units.count)

        // The line containing the start of the range.
        var lineStart = start
        while lineStart > 0, units[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = start
        while lineEnd < units.count, units[lineEnd] != 0x0A { lineEnd += 1 }

        let before = text(units[lineStart..<start])
        let inside = text(units[start..<min(end, lineEnd)])
        let line = text(units[lineStart..<lineEnd])
        let padding = String(repeating: " ", count: DisplayWidth.of(before))
        let width = max(1, DisplayWidth.of(inside))
        let caret = "^" + String(repeating: "~", count: width - 1)
        return [indent + DisplayWidth.printable(line), indent + padding + caret]
    }

    private static func text(_ units: ArraySlice<UInt16>) -> String {
        String(decoding: units, as: UTF16.self)
    }
}

/// Terminal display width of text.
enum DisplayWidth {
    /// Columns `text` occupies once ``printable(_:)`` has replaced its control characters.
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` with control characters (C0 such as tabs, line breaks and ESC, DEL, and C1) shown as
    /// single spaces: the one filter for user text the CLI prints outside results (caret lines, error
    /// messages, names in `vars`, token text in `tokens`), so such text can neither break lines nor
    /// send terminal escape sequences.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    /// C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Columns one scalar occupies: 0 for combining marks and format characters, 2 for East Asian
    /// wide and emoji-presentation characters, 1 otherwise (control characters count as a space).
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if isControl(scalar) { return 1 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 } // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
