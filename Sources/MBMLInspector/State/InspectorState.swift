import Foundation
import MBMLEngine

/// Everything the inspector shows, as a plain value. It changes only through
/// ``Reducer/reduce(_:_:)``; views draw it; the ``InspectorSession`` performs the effects the
/// reducer asks for (evaluation, reload, clipboard, history file).
struct InspectorState {
    var size: TerminalSize
    var focus: Pane = .editor
    var editor = EditorState()
    var tree = TreeState()
    var results = ResultsState()
    var tokens = TokensState()
    var log = LogState()
    var status = StatusState()
    var pins = PinsState()
    var lessons = LessonsState()
    var compare = CompareState()
    /// Step mode (F8), while on.
    var stepper: StepperState?
    /// The generation of the last step-mode request (answers for older ones are dropped).
    var stepperGeneration = 0
    /// A screen drawn over the panes (help, a full value).
    var overlay: Overlay?
    /// The variables of the space on show (the last one that loaded).
    var space = VariableSnapshot.empty
    /// The space before the last reload, for the change markers.
    var previousSpace = VariableSnapshot.empty
    /// What the last reload changed.
    var reloadDiff = ReloadDiff()
    /// How and where each variable of the space on show was declared.
    var provenance: [String: VariableProvenance] = [:]
    /// The generation of the load on show (answers for other loads are dropped).
    var loadGeneration = 0
    /// Declared functions, sorted by name.
    var functions: [FunctionInfo] = []
    /// The parse of the editor's text in every grammar (nil before the first): the one verdict on
    /// whether the text is valid in each context (see ``parseError(in:)``).
    var parse: PreparedExpression?
    /// What the token pane lists, worked out once per change (see ``refreshTokenRows()``).
    private(set) var tokenRows: [TokenRow] = []
    /// The files whose change reloads the spaces.
    var watchList = WatchList()
    var mouseEnabled = false
    /// Set by `y` in the variable tree: the next key chooses what to copy.
    var awaitingCopyChoice = false
    /// Set when the user asked to quit.
    var shouldQuit = false

    init(size: TerminalSize) {
        self.size = size
    }

    /// Works out ``tokenRows`` again from the parse, the evaluation on show and the pane's context.
    mutating func refreshTokenRows() {
        tokenRows = TokenPaneRows.rows(for: self)
    }

    /// The variable tree with the current expansion.
    var variableTree: VariableTree {
        VariableTree(snapshot: space, expansion: tree.expanded)
    }

    /// The layout of the panes for the current size.
    var layout: Layout {
        Layout(size: size, showsLog: log.isVisible, pinRows: watchPaneRows, focus: focus)
    }

    /// Rows the panes under the tokens ask for together: the lesson, the comparison and the pins.
    var watchPaneRows: Int {
        lessons.paneRows(width: watchPaneWidth) + compare.paneRows + pins.paneRows
    }

    /// The width of the panes under the tokens (that of the tokens pane, whatever their height).
    var watchPaneWidth: Int {
        Layout(size: size, showsLog: log.isVisible).tokens.width
    }
}

/// The variable tree pane.
struct TreeState: Equatable {
    var expanded = ExpansionSet()
    /// The selected node, kept by path so that it survives reloads.
    var selection: NodePath?
    /// The first visible row.
    var scrollTop = 0
    var search = SearchState()
}

/// `/` search in the variable tree.
struct SearchState: Equatable {
    /// Whether the query is being typed.
    var isEditing = false
    /// The `/` prompt: the query as typed.
    var prompt = PromptLine()
    var query: String { prompt.text }
    /// Matching paths of the last search, in tree order.
    var matches: [NodePath] = []
    var current: Int?
    /// The query the matches belong to.
    var searchedQuery = ""
    /// The background search, while it runs.
    var progress = SearchProgress()
}

/// The token pane.
struct TokensState: Equatable {
    /// The context whose grammar the pane shows.
    var context: ExpressionContext = .object
    var selected = 0
    var scrollTop = 0
}

/// The log pane.
struct LogState: Equatable {
    /// Lines written while loading (warnings, ^log in declarations).
    var loadLines: [LogEntry] = []
    /// Lines written by the latest evaluation.
    var evaluationLines: [LogEntry] = []
    var isVisible = true
    /// Lines scrolled up from the bottom.
    var scrollBack = 0
}

/// The status line.
struct StatusState: Equatable {
    var manifestPath: String?
    var fileCount = 0
    var lastReload: Date?
    /// `file:line:column: message` of a failed load, shown until the next good one.
    var loadError: String?
    /// A short-lived message ("Copied $cats[1]"); setting it makes its priority `.normal`.
    var message: String? {
        didSet { messagePriority = .normal }
    }
    /// How the message weighs against a reload summary that comes after it.
    var messagePriority = StatusPriority.normal
    /// A load is running in the background (the space on show is the previous one).
    var isLoading = false
    /// Every diagnostic of the last load (also of a failed one), in the order found.
    var diagnostics: [Diagnostic] = []
    /// Set after a reload: what it changed (`3 changed · 1 added · 0 removed`).
    var changeSummary: String?

    /// Shows `message` with `priority`.
    mutating func show(_ message: String, priority: StatusPriority) {
        self.message = message
        messagePriority = priority
    }

    /// `2 warnings · 1 error`, or nil when the last load had none.
    var diagnosticCounts: String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// A screen drawn over the panes.
enum Overlay: Equatable {
    case help(scroll: Int)
    /// The full-value viewer (a value as JSON, or a text).
    case viewer(ValueViewer)
    /// The diagnostics of the last load; `selected` is the one Enter opens in the editor.
    case diagnostics(selected: Int, scroll: Int)

    /// A viewer on lines of text.
    static func value(title: String, lines: [String], scroll: Int = 0) -> Overlay {
        .viewer(ValueViewer(title: title, text: lines.joined(separator: "\n")))
    }
}
