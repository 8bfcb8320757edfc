/// The log pane's rows: each entry split at its line breaks, tabs as spaces, wrapped at word
/// boundaries to the pane's width. Worked out from the end backwards and only as far as the pane
/// shows, so a frame costs the same with 400,000 entries as with 10, and with one entry of
/// 100,000 lines as with one of a line; the scroll position counts these rows, not entries.
enum LogWindow {
    /// The rows of one entry at `width` cells.
    static func rows(of entry: String, width: Int) -> [String] {
        entry.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .flatMap { TextWrap.words(TextWrap.expandingTabs(String($0)), width: width) }
    }

    /// The `count` rows that end `skip` rows before the last one, top to bottom, and whether rows
    /// exist above them. Fewer when the log is shorter. Only the rows returned are wrapped (a
    /// long entry counts its rows once a width, see ``LogEntryLayout``).
    static func rows(_ log: LogState, width: Int, skip: Int, count: Int) -> (rows: [String], moreAbove: Bool) {
        var pieces: [[String]] = [] // bottom to top
        var collected = 0
        var skip = max(skip, 0)
        var entry = log.entryCount - 1
        while entry >= 0, collected < count {
            let current = log.entry(entry)
            let total = current.rowCount(width: width)
            entry -= 1
            if skip >= total {
                skip -= total
                continue
            }
            let end = total - skip
            skip = 0
            let start = max(end - (count - collected), 0)
            let rows = current.rows(start..<end, width: width)
            pieces.append(rows)
            collected += rows.count
            if start > 0 { return (pieces.reversed().flatMap { $0 }, true) }
        }
        return (pieces.reversed().flatMap { $0 }, entry >= 0)
    }

    /// The number of rows, counting from the end and stopping at `limit`.
    static func rowCount(_ log: LogState, width: Int, limit: Int) -> Int {
        var total = 0
        var entry = log.entryCount - 1
        while entry >= 0, total < limit {
            total += log.entry(entry).rowCount(width: width)
            entry -= 1
        }
        return min(total, limit)
    }

    /// The furthest `scrollBack` can go so that the pane's top row is the log's first row, looking no
    /// further back than `wanted` needs.
    static func clampedScrollBack(_ wanted: Int, log: LogState, width: Int, visibleRows: Int) -> Int {
        let wanted = max(wanted, 0)
        let needed = wanted + visibleRows
        let available = rowCount(log, width: width, limit: needed)
        return available < needed ? max(available - visibleRows, 0) : wanted
    }
}

extension LogState {
    /// The number of entries (load lines, then evaluation lines).
    var entryCount: Int { loadLines.count + evaluationLines.count }

    /// Entry `index`: the load lines, then the evaluation lines.
    func entry(_ index: Int) -> LogEntry {
        index < loadLines.count ? loadLines[index] : evaluationLines[index - loadLines.count]
    }
}
