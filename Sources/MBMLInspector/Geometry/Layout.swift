/// Where each pane goes for a terminal size. Every pane has a one-row title; the body is below it.
///
/// From ``fullSize`` up every pane is shown:
///
/// ```
/// Variables (left, full height) │ Expression (title, text, 2 info rows)
///                               │ Results (title, object/string/number/boolean)
///                               │ Tokens (title, tree, explanation)
///                               │ Log (title, lines; hidden with L)
/// status line
/// ```
///
/// Smaller terminals, down to ``minimumSize``, get the compact layout (see ``isCompact``): one
/// column, the editor on top and the focused pane under it (the results and tokens while the
/// editor or the pins have focus; the lesson alone, on every row, while it has focus), so that Tab
/// still reaches every pane.
///
/// The panes under the tokens (the lesson, the comparison, the pins: ``pins`` holds them all) are
/// carved from the bottom of the tokens pane, which keeps at least 4 rows, so its empty rows go
/// first; what the lesson still lacks then comes from an empty log, which keeps its title and one
/// row. A lesson longer than that scrolls (Tab to it).
struct Layout: Equatable {
    /// The smallest terminal the inspector draws panes in.
    static let minimumSize = TerminalSize(rows: 12, columns: 40)
    /// The smallest terminal that shows every pane at once.
    static let fullSize = TerminalSize(rows: 24, columns: 80)

    var size: TerminalSize
    var isTooSmall: Bool
    /// Whether the terminal is below ``fullSize``: one column, the editor and the focused pane.
    var isCompact = false
    var variables = Rect.zero
    var separatorColumn = 0
    var editor = Rect.zero
    var results = Rect.zero
    var tokens = Rect.zero
    var log = Rect.zero
    /// The panes under the tokens (the lesson, the comparison and the pins, see ``WatchPaneRects``),
    /// carved from the bottom of the tokens pane (empty without any).
    var pins = Rect.zero
    /// The lesson pane: the top of ``pins``.
    var lesson = Rect.zero
    var status = Rect.zero

    /// Whether the variables take the whole screen but the status line (`z`).
    var isZoomed = false

    /// - Parameters:
    ///   - pinRows: the rows the panes under the tokens ask for together, the lesson's included.
    ///   - lessonRows: the rows the lesson pane asks for (part of `pinRows`).
    ///   - logIsEmpty: whether the log has nothing to show (its rows may then go to the lesson).
    ///   - zoomsTree: whether the variables take the whole screen (`z`).
    init(
        size: TerminalSize, showsLog: Bool, pinRows: Int = 0, focus: Pane = .editor, lessonRows: Int = 0,
        logIsEmpty: Bool = false, zoomsTree: Bool = false
    ) {
        self.size = size
        defer {
            lesson =
                WatchPaneRects(
                    area: pins, lessonRows: lessonRows, compareRows: 0, pinRows: max(pinRows - lessonRows, 0)
                ).lesson
        }
        isTooSmall = size.rows < Self.minimumSize.rows || size.columns < Self.minimumSize.columns
        guard !isTooSmall else { return }
        status = Rect(row: size.rows - 1, column: 0, height: 1, width: size.columns)
        if zoomsTree {
            isZoomed = true
            variables = Rect(row: 0, column: 0, height: size.rows - 1, width: size.columns)
            return
        }
        if size.rows < Self.fullSize.rows || size.columns < Self.fullSize.columns {
            layOutCompact(showsLog: showsLog, pinRows: pinRows, focus: focus)
            return
        }
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
        var pinsHeight = max(min(pinRows, tokens.height - 4), 0)
        if showsLog, logIsEmpty, pinsHeight < pinRows {
            // An empty log gives the lesson what it still lacks, down to its title and one row.
            let given = max(min(pinRows - pinsHeight, lessonRows, log.height - 2), 0)
            log.row += given
            log.height -= given
            tokens.height += given
            pinsHeight += given
        }
        tokens.height -= pinsHeight
        pins = Rect(row: tokens.row + tokens.height, column: right, height: pinsHeight, width: rightWidth)
    }

    /// One column: the editor, then the focused pane (or the results and tokens), with the pins
    /// carved from the bottom as in the full layout.
    private mutating func layOutCompact(showsLog: Bool, pinRows: Int, focus: Pane) {
        isCompact = true
        let width = size.columns
        editor = Rect(row: 0, column: 0, height: 4, width: width)
        let top = editor.height
        var bodyHeight = size.rows - 1 - top
        if focus == .lesson {
            // The lesson alone, on every row of the body.
            pins = Rect(row: top, column: 0, height: bodyHeight, width: width)
            return
        }
        let pinsHeight = max(min(pinRows, bodyHeight - 4), 0)
        bodyHeight -= pinsHeight
        pins = Rect(row: top + bodyHeight, column: 0, height: pinsHeight, width: width)
        let body = Rect(row: top, column: 0, height: bodyHeight, width: width)
        switch focus {
        case .variables: variables = body
        case .tokens: tokens = body
        case .log where showsLog: log = body
        case .results: results = body
        case .editor, .pins, .log, .lesson:
            let resultsHeight = min(5, bodyHeight)
            results = Rect(row: top, column: 0, height: resultsHeight, width: width)
            if bodyHeight - resultsHeight >= 4 {
                tokens = Rect(row: top + resultsHeight, column: 0, height: bodyHeight - resultsHeight, width: width)
            } else {
                results.height = bodyHeight
            }
        }
    }

    /// The rectangle of a pane (title row included).
    func rect(of pane: Pane) -> Rect {
        switch pane {
        case .variables: return variables
        case .editor: return editor
        case .results: return results
        case .tokens: return tokens
        case .lesson: return lesson
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
