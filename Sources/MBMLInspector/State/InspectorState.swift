import Foundation
import MBMLEngine

/// Everything the inspector shows, as a plain value. It changes only through
/// ``Reducer/reduce(_:_:)``; views draw it; the ``InspectorSession`` performs the effects the
/// reducer asks for (evaluation, reload, clipboard, history file).
public struct InspectorState {
    public var size: TerminalSize
    public var focus: Pane = .editor
    public var editor = EditorState()
    public var tree = TreeState()
    public var results = ResultsState()
    public var tokens = TokensState()
    public var log = LogState()
    public var status = StatusState()
    public var pins = PinsState()
    public var lessons = LessonsState()
    public var compare = CompareState()
    /// A screen drawn over the panes (help, a full value).
    public var overlay: Overlay?
    /// The variables of the space on show (the last one that loaded).
    public var space = VariableSnapshot.empty
    /// The space before the last reload, for the change markers.
    public var previousSpace = VariableSnapshot.empty
    /// What the last reload changed.
    public var reloadDiff = ReloadDiff()
    /// How and where each variable of the space on show was declared.
    public var provenance: [String: VariableProvenance] = [:]
    /// The generation of the load on show (answers for other loads are dropped).
    public var loadGeneration = 0
    /// Declared functions, sorted by name.
    public var functions: [FunctionInfo] = []
    /// The token trees of the editor's text.
    public var parse = ParseOutcome.empty
    public var mouseEnabled = false
    /// Set by `y` in the variable tree: the next key chooses what to copy.
    public var awaitingCopyChoice = false
    /// Set when the user asked to quit.
    public var shouldQuit = false

    public init(size: TerminalSize) {
        self.size = size
    }

    /// The variable tree with the current expansion.
    public var variableTree: VariableTree {
        VariableTree(snapshot: space, expansion: tree.expanded)
    }

    /// The layout of the panes for the current size.
    public var layout: Layout {
        Layout(size: size, showsLog: log.isVisible, pinRows: watchPaneRows)
    }

    /// Rows the panes under the tokens ask for together: the lesson, the comparison and the pins.
    var watchPaneRows: Int {
        lessons.paneRows + compare.paneRows + pins.paneRows
    }
}

/// The variable tree pane.
public struct TreeState: Equatable {
    public var expanded = ExpansionSet()
    /// The selected node, kept by path so that it survives reloads.
    public var selection: NodePath?
    /// The first visible row.
    public var scrollTop = 0
    public var search = SearchState()
}

/// `/` search in the variable tree.
public struct SearchState: Equatable {
    /// Whether the query is being typed.
    public var isEditing = false
    public var query = ""
    /// Matching paths of the last search, in tree order.
    public var matches: [NodePath] = []
    public var current: Int?
    /// The query the matches belong to.
    public var searchedQuery = ""
    /// The background search, while it runs.
    public var progress = SearchProgress()
}

/// The token pane.
public struct TokensState: Equatable {
    /// The context whose grammar the pane shows.
    public var context: ExpressionContext = .object
    public var selected = 0
    public var scrollTop = 0
}

/// The log pane.
public struct LogState: Equatable {
    /// Lines written while loading (warnings, ^log in declarations).
    public var loadLines: [String] = []
    /// Lines written by the latest evaluation.
    public var evaluationLines: [String] = []
    public var isVisible = true
    /// Lines scrolled up from the bottom.
    public var scrollBack = 0

    public var lines: [String] { loadLines + evaluationLines }
}

/// The status line.
public struct StatusState: Equatable {
    public var manifestPath: String?
    public var fileCount = 0
    public var lastReload: Date?
    /// `file:line:column: message` of a failed load, shown until the next good one.
    public var loadError: String?
    /// A short-lived message ("Copied $cats[1]").
    public var message: String?
    /// A load is running in the background (the space on show is the previous one).
    public var isLoading = false
    /// Every diagnostic of the last load (also of a failed one), in the order found.
    public var diagnostics: [Diagnostic] = []
    /// Set after a reload: what it changed (`3 changed · 1 added · 0 removed`).
    public var changeSummary: String?

    /// `2 warnings · 1 error`, or nil when the last load had none.
    public var diagnosticCounts: String? {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// A screen drawn over the panes.
public enum Overlay: Equatable {
    case help(scroll: Int)
    /// The full-value viewer (a value as JSON, or a text).
    case viewer(ValueViewer)
    /// The diagnostics of the last load; `selected` is the one Enter opens in the editor.
    case diagnostics(selected: Int, scroll: Int)

    /// A viewer on lines of text.
    public static func value(title: String, lines: [String], scroll: Int = 0) -> Overlay {
        .viewer(ValueViewer(title: title, text: lines.joined(separator: "\n")))
    }
}
