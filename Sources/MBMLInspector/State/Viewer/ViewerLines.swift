/// The lines a ``ValueViewer`` shows, produced on demand: only the lines on screen (and those a
/// search passes) are ever built. A class, so that what was worked out survives between frames;
/// it lives as long as the viewer that holds it.
protocol ViewerLines: AnyObject {
    /// The number of lines when it is known without counting (nil: not counted yet).
    var knownLineCount: Int? { get }
    /// The number of lines, counting them if needed.
    func lineCount() -> Int
    /// Whether line `line` (0-based) exists, counting no further than it.
    func hasLine(_ line: Int) -> Bool
    /// The text of a line (kept in a small cache for redraws), nil past the end.
    func line(_ line: Int) -> String?
    /// The text of a line without caching it (searches pass many lines once).
    func uncachedLine(_ line: Int) -> String?
    /// Lines with the same text and caches of their own, for another thread.
    func detached() -> ViewerLines
    /// Calls `body` with each line from `start` to the end, in order, until it returns false.
    func forEachLine(from start: Int, _ body: (Int, String) -> Bool)
}

extension ViewerLines {
    func forEachLine(from start: Int, _ body: (Int, String) -> Bool) {
        var index = max(start, 0)
        while let text = uncachedLine(index), body(index, text) { index += 1 }
    }
}

/// Plain text (a string value, an error message) split at line breaks; tabs become spaces.
final class TextLines: ViewerLines {
    private let lines: [Substring]

    init(_ text: String) {
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    var knownLineCount: Int? { lines.count }

    func lineCount() -> Int { lines.count }

    func hasLine(_ line: Int) -> Bool { line >= 0 && line < lines.count }

    func line(_ line: Int) -> String? { uncachedLine(line) }

    /// Immutable: the same lines serve every thread.
    func detached() -> ViewerLines { self }

    func uncachedLine(_ line: Int) -> String? {
        guard hasLine(line) else { return nil }
        return TextWrap.expandingTabs(String(lines[line]))
    }
}
