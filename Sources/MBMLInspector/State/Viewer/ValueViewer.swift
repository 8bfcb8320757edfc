import MBMLEngine

/// The full-value screen: a value as pretty JSON (the tagged encoding of `mbml eval`), or a text
/// (a string value, an error) whole, with line numbers, wrapping on or off (`w`), horizontal
/// scrolling when off, and `/` search. Lines are built only when shown (see ``ViewerLines``).
struct ValueViewer: Equatable {
    /// A place in the text: a line and, when wrapping, the row of that line.
    struct Position: Equatable, Comparable {
        var line: Int
        var piece: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.line, lhs.piece) < (rhs.line, rhs.piece)
        }
    }

    var title: String
    /// What the value is (`Array of 3`, `String · 10800 characters`), shown in the frame.
    var kind: String
    var lines: ViewerLines
    /// Bumped by each `G` that needs the lines counted (see ``ViewerCountRequest``).
    var countGeneration = 0
    let wrapCache = WrapCache()
    /// The first row on screen.
    var top = Position(line: 0, piece: 0)
    /// Cells scrolled to the right (when not wrapping).
    var column = 0
    var wraps = true
    var search = ViewerSearch()
    /// A short message in the frame (search results).
    var message: String?
    /// What `y` / `Y` copy (nil: the viewer shows a text, such as the help, with nothing to copy).
    var copy: ResultCopy?

    init(title: String, kind: String, lines: ViewerLines) {
        self.title = title
        self.kind = kind
        self.lines = lines
        // Counts a value of up to a few screens now (bounded work), so that its line count and the
        // width of the line numbers are known from the first frame.
        _ = lines.hasLine(Self.countedAtOpen)
    }

    /// How many lines are looked at when the viewer opens.
    static let countedAtOpen = 256

    /// The viewer for a value (nil: no value): top-level strings as text, everything else as JSON.
    init(title: String, value: Value?) {
        switch value {
        case nil:
            self.init(title: title, kind: "no value", lines: TextLines("(no value)"))
        case .string(let text)?:
            self.init(title: title, kind: "String · \(text.count) characters", lines: TextLines(text))
        case let value?:
            self.init(title: title, kind: ValueFormatter.typeDescription(of: value), lines: JSONLines(value))
        }
    }

    /// The viewer for a text (an error message).
    init(title: String, text: String, kind: String = "Text") {
        self.init(title: title, kind: kind, lines: TextLines(text))
    }

    static func == (lhs: ValueViewer, rhs: ValueViewer) -> Bool {
        lhs.lines === rhs.lines && lhs.title == rhs.title && lhs.kind == rhs.kind && lhs.top == rhs.top
            && lhs.column == rhs.column && lhs.wraps == rhs.wraps && lhs.search == rhs.search
            && lhs.message == rhs.message
    }

    /// The text of a line (nil past the end).
    func line(_ index: Int) -> String? {
        lines.line(index)
    }

    /// The number of lines, if known without counting them all.
    var knownLineCount: Int? { lines.knownLineCount }
}

/// `/` inside the viewer.
struct ViewerSearch: Equatable {
    var isEditing = false
    /// The `/` prompt: the query as typed.
    var prompt = PromptLine()
    var query: String { prompt.text }
    /// The query of the last search, highlighted on screen.
    var searched = ""
    /// The line of the last match.
    var matchLine: Int?
    /// Whether a search runs (in the background), and which one.
    var isRunning = false
    var generation = 0
}

/// Where the viewer draws, for a terminal size: a frame with the title on its top edge and keys on
/// its bottom edge, line numbers, then the text.
struct ViewerGeometry: Equatable {
    var frame: Rect
    /// The rows and columns inside the frame.
    var rows: Int
    var gutterWidth: Int
    var textWidth: Int

    init(size: TerminalSize, knownLineCount: Int?) {
        frame = Rect(row: 0, column: 0, height: max(size.rows - 1, 3), width: max(size.columns, 10))
        rows = max(frame.height - 2, 1)
        // Sized for the whole text when it is counted; for up to ten million lines otherwise, so that
        // it does not change while scrolling.
        let digits = String(max(knownLineCount ?? 9_999_999, 1)).count
        gutterWidth = max(digits, 3) + 1
        textWidth = max(frame.width - 2 - gutterWidth, 1)
    }
}
