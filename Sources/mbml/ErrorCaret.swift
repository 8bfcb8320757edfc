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
