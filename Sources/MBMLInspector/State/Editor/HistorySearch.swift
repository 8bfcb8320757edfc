/// A reverse search through the saved expression history (Alt-R in the editor, like readline's
/// Ctrl-R, which the inspector uses for "evaluate again"): the query typed so far, the entry it
/// found, and the text to put back when the search is cancelled.
struct HistorySearch: Equatable {
    /// What was typed after Alt-R.
    var query = ""
    /// The index in the history of the entry on show, nil when nothing matches.
    var match: Int?
    /// The editor's text and cursor before the search, restored by Esc.
    var originalText: [Character]
    var originalCursor: Int

    init(originalText: [Character], originalCursor: Int) {
        self.originalText = originalText
        self.originalCursor = originalCursor
    }

    /// The newest entry at or before `start` containing `query` (smart case: a query with an
    /// upper-case letter matches case, else case is ignored); an empty query matches any entry.
    static func find(_ query: String, in history: [String], from start: Int) -> Int? {
        guard !history.isEmpty, start >= 0 else { return nil }
        let ignoresCase = !query.contains(where: \.isUppercase)
        let needle = ignoresCase ? query.lowercased() : query
        var index = min(start, history.count - 1)
        while index >= 0 {
            let entry = ignoresCase ? history[index].lowercased() : history[index]
            if needle.isEmpty || entry.contains(needle) { return index }
            index -= 1
        }
        return nil
    }

    /// The line the status bar shows while searching.
    func prompt(historyCount: Int) -> String {
        let found: String
        if let match = match {
            found = "\(historyCount - match)/\(historyCount)"
        } else {
            found = historyCount == 0 ? "no history yet" : "no match"
        }
        return "History search: " + query + "  (" + found + " · Alt-R older · Enter keeps · Esc cancels)"
    }
}
