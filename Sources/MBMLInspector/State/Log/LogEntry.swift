/// One entry of the log pane: what one `^log`, `^dump` or `^tokenize` wrote, or one load warning.
///
/// The text is stored once. A long entry (a `^dump` of thousands of records) carries a
/// ``LogEntryLayout`` that finds its lines once and wraps only the rows drawn, so that a frame
/// costs the same whatever the entry holds; a short one is wrapped when drawn.
struct LogEntry: Equatable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// What was written.
    let text: String
    /// The line index and row counts of a long entry (nil for a short one).
    private let layout: LogEntryLayout?

    /// Entries longer than this many bytes, or of several lines, get a ``LogEntryLayout``.
    static let directLimit = 512

    init(_ text: String) {
        self.text = text
        let isLong = text.utf8.count > Self.directLimit || text.utf8.contains(UInt8(ascii: "\n"))
        layout = isLong ? LogEntryLayout(text) : nil
    }

    init(stringLiteral value: String) {
        self.init(value)
    }

    var description: String { text }

    static func == (lhs: LogEntry, rhs: LogEntry) -> Bool {
        lhs.text == rhs.text
    }

    /// How many rows the entry takes at `width` cells.
    func rowCount(width: Int) -> Int {
        layout?.rowCount(width: width) ?? LogWindow.rows(of: text, width: width).count
    }

    /// The entry's rows `range` (counted from its first row) at `width` cells; fewer when the
    /// range goes past its end.
    func rows(_ range: Range<Int>, width: Int) -> [String] {
        if let layout = layout { return layout.rows(range, width: width) }
        let all = LogWindow.rows(of: text, width: width)
        let clamped = range.clamped(to: 0..<all.count)
        return Array(all[clamped])
    }
}
