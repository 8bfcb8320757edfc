import Foundation
import MBMLEngine

/// Something that happened: a key, a resize, or an answer from the engine.
public enum InspectorAction {
    case key(Key)
    case resize(TerminalSize)
    /// A space loaded (at start, on reload).
    case spaceLoaded(SpaceLoad)
    /// A load failed; the last good space stays.
    case loadFailed(message: String, at: Date)
    /// The editor's text was parsed.
    case parsed(ParseOutcome)
    /// An evaluation finished.
    case evaluated(EvaluationOutcome)
    /// The history file was read.
    case historyLoaded([String])
    /// A reload was asked for (the watcher saw a change).
    case filesChanged
    /// A message for the status line (the outcome of an effect).
    case notice(String)
    /// A background tree search has looked at `visited` nodes.
    case searchProgress(generation: Int, visited: Int)
    /// A tree search ended.
    case searchFinished(generation: Int, outcome: TreeSearch.Outcome)
    /// A search in the value viewer ended.
    case viewerSearchFinished(generation: Int, outcome: ViewerSearchOutcome)
}

/// What a successful load hands to the state.
public struct SpaceLoad {
    public var snapshot: VariableSnapshot
    public var functions: [FunctionInfo]
    public var manifestPath: String?
    public var fileCount: Int
    public var logLines: [String]
    /// Set when the load was a fallback (the manifest failed and an empty space is shown).
    public var error: String?
    public var date: Date

    public init(snapshot: VariableSnapshot, functions: [FunctionInfo], manifestPath: String?, fileCount: Int,
                logLines: [String], error: String? = nil, date: Date) {
        self.snapshot = snapshot
        self.functions = functions
        self.manifestPath = manifestPath
        self.fileCount = fileCount
        self.logLines = logLines
        self.error = error
        self.date = date
    }
}

/// What the reducer asks the outside world to do.
public enum InspectorEffect: Equatable {
    /// Parse and evaluate the editor's text (answer with `.parsed` and `.evaluated`).
    case evaluate(text: String, generation: Int)
    /// Abandon the running evaluation.
    case cancelEvaluation
    /// Load the manifest again.
    case reload
    /// Put text on the clipboard (OSC 52).
    case copyToClipboard(String)
    /// Write a value as JSON (a string as its text) to a new file in the current directory named
    /// like `name` (never over an existing file), in the background; answer with `.notice`.
    case writeValueFile(name: String, value: Value)
    /// Write the history file.
    case saveHistory([String])
    /// Turn mouse reporting on or off.
    case setMouse(Bool)
    /// Search the variable tree (answer with `.searchProgress` and `.searchFinished`).
    case search(query: String, generation: Int)
    /// Stop the running tree search.
    case cancelSearch
    /// Search the value viewer's lines (answer with `.viewerSearchFinished`).
    case searchViewer(ViewerSearchRequest)
    /// Stop the running viewer search.
    case cancelViewerSearch
    /// Leave the inspector.
    case quit
}
