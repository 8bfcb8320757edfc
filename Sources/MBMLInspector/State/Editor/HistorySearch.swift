/// A reverse search through the saved expression history (Alt-R in the editor, like readline's
/// Ctrl-R, which the inspector uses for "evaluate again"): the query typed so far, the entry it
/// found, and the text to put back when the search is cancelled.
struct HistorySearch: Equatable {
    /// What was typed after Alt-R.
    var prompt = PromptLine()
    var query: String { prompt.text }
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
        let matcher = SearchQuery(literal: query)
        var index = min(start, history.count - 1)
        while index >= 0 {
            if matcher.isEmpty || matcher.matches(history[index]) { return index }
            index -= 1
        }
        return nil
    }

    /// What the status bar shows after the query while searching.
    func note(historyCount: Int) -> String {
        let found: String
        if let match = match {
            found = "\(historyCount - match)/\(historyCount)"
        } else {
            found = historyCount == 0 ? "no history yet" : "no match"
        }
        return "  (" + found + " · Alt-R older · Enter keeps · Esc cancels)"
    }
}
