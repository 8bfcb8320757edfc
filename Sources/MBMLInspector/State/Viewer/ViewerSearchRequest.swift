/// A `/` search in the value viewer: the text looked for from a line on, forwards or backwards,
/// wrapping around once. It reads the lines one by one (building each), so on a big value it runs
/// in the background (``SearchEffect/searchViewer(_:)``) on a copy of the lines with its own caches.
struct ViewerSearchRequest: Equatable {
    let lines: ViewerLines
    var query: String
    var start: Int
    var forward: Bool
    /// Answers of older requests are dropped.
    var generation: Int

    static func == (lhs: ViewerSearchRequest, rhs: ViewerSearchRequest) -> Bool {
        lhs.lines === rhs.lines && lhs.query == rhs.query && lhs.start == rhs.start && lhs.forward == rhs.forward
            && lhs.generation == rhs.generation
    }

    /// The first line (from `start`) containing the query, on `lines` (these lines or a copy).
    /// `shouldContinue` is asked every few thousand lines; the search stops (nil) when it says no.
    func run(on lines: ViewerLines, shouldContinue: (Int) -> Bool = { _ in true }) -> ViewerSearchOutcome? {
        let matcher = SearchQuery(literal: query)
        if forward { return runForward(on: lines, matcher: matcher, shouldContinue: shouldContinue) }
        var index = start
        var wrapped = false
        var read = 0
        while true {
            guard index >= 0, let text = lines.uncachedLine(index) else {
                // Past the end (or the start): go round once.
                if wrapped { return ViewerSearchOutcome(line: nil, cell: 0, wrapped: true) }
                index = index < 0 ? max(lines.lineCount() - 1, 0) : 0
                wrapped = true
                continue
            }
            read += 1
            if read % 5_000 == 0, !shouldContinue(read) { return nil }
            if let cell = matcher.firstCell(in: text) {
                return ViewerSearchOutcome(line: index, cell: cell, wrapped: wrapped)
            }
            index += forward ? 1 : -1
            if wrapped, forward ? index >= start : index <= start {
                return ViewerSearchOutcome(line: nil, cell: 0, wrapped: true)
            }
        }
    }
}

extension ViewerSearchRequest {
    /// Forwards: one ordered pass from `start` to the end, then from the top to `start`.
    private func runForward(
        on lines: ViewerLines, matcher: SearchQuery,
        shouldContinue: (Int) -> Bool
    ) -> ViewerSearchOutcome? {
        var read = 0
        var stopped = false
        var found: ViewerSearchOutcome?
        func look(_ index: Int, _ text: String, wrapped: Bool) -> Bool {
            if wrapped, index >= start { return false }
            read += 1
            if read % 5_000 == 0, !shouldContinue(read) {
                stopped = true
                return false
            }
            if let cell = matcher.firstCell(in: text) {
                found = ViewerSearchOutcome(line: index, cell: cell, wrapped: wrapped)
                return false
            }
            return true
        }
        lines.forEachLine(from: start) { look($0, $1, wrapped: false) }
        if found == nil, !stopped { lines.forEachLine(from: 0) { look($0, $1, wrapped: true) } }
        if stopped { return nil }
        return found ?? ViewerSearchOutcome(line: nil, cell: 0, wrapped: true)
    }
}

/// Where a viewer search found the text (line nil: nowhere).
struct ViewerSearchOutcome: Equatable, Sendable {
    var line: Int?
    /// The cell where the match starts in its line.
    var cell: Int
    /// Whether it went past the end (or the start) to find it.
    var wrapped: Bool
}
