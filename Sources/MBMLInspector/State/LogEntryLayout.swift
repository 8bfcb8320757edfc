/// The rows of one long log entry, worked out as they are needed: the entry's lines are found once
/// (a scan of its bytes), each line's row count at a width once (a line of printable ASCII that
/// fits takes one row without being wrapped), and only the lines of the rows asked for are
/// wrapped. A key that redraws the log pane then costs a binary search and the visible rows,
/// never a pass over the entry.
///
/// A reference type so that the work done for one frame is kept by every copy of the state; it
/// is used from the thread that draws (the inspector's main thread) only.
final class LogEntryLayout {
    private let text: String
    /// Each line's bytes, without its line break (`\n` or `\r\n`); found on first use.
    private var lineRanges: [Range<String.Index>]?
    /// For the width last asked about: the row each line starts at, and the total at the end.
    private var firstRows: (width: Int, rows: [Int])?

    init(_ text: String) {
        self.text = text
    }

    /// How many rows the entry takes at `width` cells.
    func rowCount(width: Int) -> Int {
        firstRows(width: width).last ?? 0
    }

    /// Rows `range` of the entry at `width` cells (fewer past its end).
    func rows(_ range: Range<Int>, width: Int) -> [String] {
        let starts = firstRows(width: width)
        let lines = lineRanges ?? []
        let total = starts.last ?? 0
        let wanted = range.clamped(to: 0..<total)
        guard !wanted.isEmpty else { return [] }
        // The last line starting at or before the first row wanted.
        var low = 0
        var high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= wanted.lowerBound { low = middle } else { high = middle - 1 }
        }
        var collected: [String] = []
        var line = low
        while line < lines.count, starts[line] < wanted.upperBound {
            let lineRows = LogWindow.rows(of: String(text[lines[line]]), width: width)
            for (offset, row) in lineRows.enumerated() where wanted.contains(starts[line] + offset) {
                collected.append(row)
            }
            line += 1
        }
        return collected
    }

    private func firstRows(width: Int) -> [Int] {
        if let cached = firstRows, cached.width == width { return cached.rows }
        let lines = self.lines()
        var starts: [Int] = []
        starts.reserveCapacity(lines.count + 1)
        var row = 0
        for range in lines {
            starts.append(row)
            row += rowCount(ofLine: range, width: width)
        }
        starts.append(row)
        firstRows = (width, starts)
        return starts
    }

    private func rowCount(ofLine range: Range<String.Index>, width: Int) -> Int {
        let bytes = text.utf8[range]
        if bytes.count <= width, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return 1 }
        return LogWindow.rows(of: String(text[range]), width: width).count
    }

    private func lines() -> [Range<String.Index>] {
        if let lines = lineRanges { return lines }
        var lines: [Range<String.Index>] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "\n") {
                var end = index
                if end > start, bytes[bytes.index(before: end)] == UInt8(ascii: "\r") { end = bytes.index(before: end) }
                lines.append(start..<end)
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        lines.append(start..<bytes.endIndex)
        lineRanges = lines
        return lines
    }
}
