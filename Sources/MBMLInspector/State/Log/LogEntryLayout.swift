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
    /// Each line's byte offsets, without its line break (`\n` or `\r\n`); found on first use.
    private var lineRanges: [Range<Int>]?
    /// For the width last asked about: the row each line starts at, and the total at the end.
    private var firstRows: (width: Int, rows: [Int])?

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
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
            let lineRows = LogWindow.rows(of: lineText(lines[line]), width: width)
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
        let fitting = text.utf8.withContiguousStorageIfAvailable { bytes in
            lines.map { Self.fitsOneRow(bytes, offsets: $0, width: width) }
        }
        var starts: [Int] = []
        starts.reserveCapacity(lines.count + 1)
        var row = 0
        for (index, range) in lines.enumerated() {
            starts.append(row)
            row += fitting?[index] == true ? 1 : LogWindow.rows(of: lineText(range), width: width).count
        }
        starts.append(row)
        firstRows = (width, starts)
        return starts
    }

    /// Whether bytes `offsets` are printable ASCII that fits in `width` cells (one row, unwrapped).
    private static func fitsOneRow(_ bytes: UnsafeBufferPointer<UInt8>, offsets: Range<Int>, width: Int) -> Bool {
        guard offsets.count <= width else { return false }
        for offset in offsets where bytes[offset] < 0x20 || bytes[offset] >= 0x7F { return false }
        return true
    }

    /// The text of the line at byte `offsets` (line breaks are ASCII: the offsets fall between
    /// characters).
    private func lineText(_ offsets: Range<Int>) -> String {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offsets.lowerBound)
        let end = utf8.index(start, offsetBy: offsets.count)
        return String(text[start..<end])
    }

    private func lines() -> [Range<Int>] {
        if let lines = lineRanges { return lines }
        let lines: [Range<Int>] =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var found: [Range<Int>] = []
                var start = 0
                for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                    let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                    found.append(start..<end)
                    start = index + 1
                }
                found.append(start..<bytes.count)
                return found
            } ?? [0..<text.utf8.count]
        lineRanges = lines
        return lines
    }
}
