/// Where each pane goes for a terminal size. Every pane has a one-row title; the body is below it.
///
/// ```
/// Variables (left, full height) │ Expression (title, text, 2 info rows)
///                               │ Results (title, object/string/number/boolean)
///                               │ Tokens (title, tree, explanation)
///                               │ Log (title, lines; hidden with L)
/// status line
/// ```
struct Layout: Equatable {
    /// The smallest terminal the inspector draws panes in.
    static let minimumSize = TerminalSize(rows: 24, columns: 80)

    var size: TerminalSize
    var isTooSmall: Bool
    var variables = Rect.zero
    var separatorColumn = 0
    var editor = Rect.zero
    var results = Rect.zero
    var tokens = Rect.zero
    var log = Rect.zero
    /// The pins pane, carved from the bottom of the tokens pane (empty without pins).
    var pins = Rect.zero
    var status = Rect.zero

    init(size: TerminalSize, showsLog: Bool, pinRows: Int = 0) {
        self.size = size
        isTooSmall = size.rows < Self.minimumSize.rows || size.columns < Self.minimumSize.columns
        guard !isTooSmall else { return }
        let height = size.rows - 1
        let leftWidth = max(30, size.columns * 2 / 5)
        separatorColumn = leftWidth
        let right = leftWidth + 1
        let rightWidth = size.columns - right
        variables = Rect(row: 0, column: 0, height: height, width: leftWidth)
        editor = Rect(row: 0, column: right, height: 4, width: rightWidth)
        results = Rect(row: 4, column: right, height: 5, width: rightWidth)
        let remaining = height - 9
        let logHeight = showsLog ? max(4, remaining / 3) : 0
        tokens = Rect(row: 9, column: right, height: remaining - logHeight, width: rightWidth)
        log = Rect(row: 9 + remaining - logHeight, column: right, height: logHeight, width: rightWidth)
        let pinsHeight = max(min(pinRows, tokens.height - 4), 0)
        tokens.height -= pinsHeight
        pins = Rect(row: tokens.row + tokens.height, column: right, height: pinsHeight, width: rightWidth)
        status = Rect(row: size.rows - 1, column: 0, height: 1, width: size.columns)
    }

    /// The rectangle of a pane (title row included).
    func rect(of pane: Pane) -> Rect {
        switch pane {
        case .variables: return variables
        case .editor: return editor
        case .results: return results
        case .tokens: return tokens
        case .pins: return pins
        case .log: return log
        }
    }

    /// Rows available for tree rows in the variables pane (one is kept for the search prompt).
    var treeRows: Int { max(variables.height - 2, 1) }
    /// Rows for token lines (two are kept for the explanation).
    var tokenRows: Int { max(tokens.height - 3, 1) }
    /// Rows for log lines.
    var logRows: Int { max(log.height - 1, 0) }

    /// The pane under a screen position.
    func pane(atRow row: Int, column: Int) -> Pane? {
        Pane.allCases.first { rect(of: $0).contains(row: row, column: column) }
    }
}
