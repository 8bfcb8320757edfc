/// The one rule for text that mbml shows to a person on a terminal: data, manifests, templates and
/// expectation files come from anyone, so nothing from them may reach the terminal as a control
/// sequence or silently reorder what is shown.
///
/// The rule shows every *unsafe* scalar as a visible, plain-ASCII escape:
///
/// | scalars | shown as |
/// | --- | --- |
/// | ESC, tab, line feed, carriage return, NUL | `\e`, `\t`, `\n`, `\r`, `\0` |
/// | other C0 controls, DEL, C1 controls (U+0080–U+009F) | `\u{1B}`-style: `\u{7F}`, `\u{9B}` |
/// | bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) | `\u{202E}` |
/// | other invisible format characters (general category Cf, such as U+200B, U+2060, U+FEFF, U+00AD), line and paragraph separators (U+2028, U+2029) | `\u{200B}` |
///
/// Two format characters are kept because emoji need them and they move nothing: the zero-width
/// joiner and non-joiner (U+200C, U+200D); so are the tag characters (U+E0020–U+E007F) of
/// subdivision flags. Everything else — letters, marks, emoji, wide characters — passes unchanged.
/// The escapes are ASCII, so they read the same in any locale. A backslash in the text is left as
/// it is: the rule makes text harmless, not reversible (machine outputs such as JSON keep their
/// own escaping).
///
/// Every human-facing output asks this type: the CLI's standard error and its reports, the caret
/// lines under errors, and every pane of the inspector (whose widths ``DisplayWidth`` measures
/// with the same visible forms).
public enum TerminalSafeText {
    /// What happens to line feeds and tabs.
    public enum Layout: Sendable {
        /// One line: line feeds and tabs are escaped too (names, values on one row, caret lines).
        case singleLine
        /// Several lines: line feeds and tabs are kept, everything else unsafe is escaped
        /// (diagnostics, log entries, reports).
        case multiLine
    }

    /// `text` with every unsafe scalar shown by its visible form.
    public static func escaping(_ text: String, layout: Layout = .singleLine) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, layout: layout) }) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, layout: layout) {
                output.append(contentsOf: visibleForm(of: scalar).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// How many scalars of `text` the rule escapes in `layout`.
    public static func unsafeCount(in text: String, layout: Layout = .singleLine) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (needsEscape($1, layout: layout) ? 1 : 0) }
    }

    /// True when `text` holds nothing the rule would change in `layout`.
    public static func isSafe(_ text: String, layout: Layout = .singleLine) -> Bool {
        !text.unicodeScalars.contains { needsEscape($0, layout: layout) }
    }

    /// True when `scalar` must not reach a terminal as it is (line feed and tab included).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0xAD { return false }
        switch value {
        case 0x200C, 0x200D, 0xE0020...0xE007F: return false
        case 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .format
        }
    }

    /// The escape that shows `scalar`: `\e`, `\n`, `\u{9B}`, `\u{202E}`, ...
    public static func visibleForm(of scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x00: return "\\0"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, layout: Layout) -> Bool {
        if layout == .multiLine, scalar == "\n" || scalar == "\t" { return false }
        return isUnsafe(scalar)
    }
}
