import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What the terminal and locale allow, read from the environment before curses starts.
enum TerminalCapabilities {
    /// Why the terminal cannot show the inspector (`TERM` unset or `dumb`: no cursor movement),
    /// or nil when it can.
    static func unusableTerminalReason(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" {
            return
                "needs a terminal that can move the cursor (TERM is \(term.isEmpty ? "not set" : "dumb")); use `mbml eval` or `mbml vars` in scripts"
        }
        return nil
    }

    /// Whether the locale's character set (`nl_langinfo(nl_item(CODESET))` after `setlocale(LC_ALL, "")`) is
    /// UTF-8; when not, the screen draws ASCII stand-ins (see ``AsciiFallback``).
    static func localeIsUTF8() -> Bool {
        setlocale(LC_ALL, "")
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased().replacingOccurrences(of: "-", with: "")
        return name == "UTF8"
    }
}

/// ASCII stand-ins for what the views draw, for terminals whose locale is not UTF-8 (`LANG`
/// unset, `LANG=C`): box lines become `+ - |`, and any other non-ASCII character `?`, one cell for
/// each cell so that columns stay where the views put them.
///
/// A mark keeps its meaning: no two marks share a stand-in, and none stands in for a mark the
/// views draw in ASCII (``asciiMarks``): `▸` is `>`, `▾` `v`, `✓` `o`, `✗` `x`, `…` `_`, `≈` `%`,
/// `≠` `!`, `→` `)`, `›` `}` (see ``marks``).
enum AsciiFallback {
    /// Lines and quotes: several of them may share a stand-in (they mean the same: a line, a dash,
    /// a quote).
    static let lines: [Character: String] = [
        "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "▏": "|",
        "“": "\"", "”": "\"", "—": "-", "–": "-", "−": "-",
    ]

    /// Marks and arrows: each has a stand-in of its own.
    static let marks: [Character: String] = [
        "▸": ">", "▾": "v", "›": "}", "‹": "{", "✗": "x", "✓": "o", "…": "_", "·": ".",
        "↑": "^", "↓": "V", "←": "(", "→": ")", "⏎": "/", "ⓘ": "i", "×": "X", "÷": ":",
        "ƒ": "f", "≠": "!", "≈": "%", "⇥": "]", "↵": "\\",
    ]

    /// Marks the views draw in ASCII in every locale: the tree's `~` changed and `+` added, the
    /// tokens' `= value`, the pins' `*` changed by a reload. No stand-in may look like them.
    static let asciiMarks: Set<String> = ["~", "+", "=", "*"]

    static let replacements: [Character: String] = lines.merging(marks) { line, _ in line }

    /// `text` with every non-ASCII character replaced by as many ASCII characters as it takes cells.
    static func ascii(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var output = ""
        for character in text {
            if character.isASCII {
                output.append(character)
            } else if let replacement = replacements[character] {
                output += replacement
            } else {
                let width = TextWidth.of(character)
                output += String(repeating: "?", count: width)
            }
        }
        return output
    }
}
