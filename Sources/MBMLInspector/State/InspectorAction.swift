import Foundation
import MBMLEngine

/// Something that happened: a key, a resize, or an answer from the engine.
enum InspectorAction {
    case key(Key)
    case resize(TerminalSize)
    /// A load began in the background (the previous space stays on screen meanwhile).
    case loadStarted
    /// A space loaded (at start, on reload).
    case spaceLoaded(SpaceLoad)
    /// A load failed; the last good space stays. `diagnostics` are all that load found; `files`
    /// are those it read (watched too, so that a fix is noticed).
    case loadFailed(message: String, diagnostics: [Diagnostic], at: Date, files: [URL] = [])
    /// The space compared with (`--compare`) loaded, reading `files` (a failed load adds them to
    /// the files watched, a good one replaces its files).
    case comparisonLoaded(files: [URL], failed: Bool)
    /// A dynamic variable of the space on show was computed in the background (`generation` is
    /// the load's, so that answers for a replaced space are dropped).
    case dynamicComputed(name: String, value: Value?, failure: String?, generation: Int)
    /// The editor's text was parsed (in every grammar).
    case parsed(PreparedExpression)
    /// An evaluation handed over rows (``EvaluationOutcome/isComplete`` false), or finished its rows.
    case evaluated(EvaluationOutcome)
    /// The evaluation whose rows are on show traced its text: the outcome again, with the traces
    /// and hints.
    case traced(EvaluationOutcome)
    /// The history file was read.
    case historyLoaded([String])
    /// A reload was asked for (the watcher saw a change, or the inspector started).
    case filesChanged
    /// The user's editor could not be opened; the message says why.
    case editorFailed(String)
    /// Evaluate the expression and the pins again without reloading (`--refresh`, Ctrl-R), so that
    /// time-dependent values move on.
    case refresh
    /// A new snapshot of the variables after a refresh (dynamic variables evaluated again).
    case spaceRefreshed(VariableSnapshot)
    /// Lessons to show (`mbml tutorial`, `--lessons FILE.jsonl`, a manifest's lesson file):
    /// expectations grouped by `from`, the progress made in earlier runs, and where to keep it.
    case showLessons([Expectation], progress: LessonProgress = LessonProgress(), store: LessonProgressStore? = nil)
    /// The lesson items' expressions, parsed by the engine (keyed by item id): what an item asks
    /// is read from its token tree (see ``LessonsState``).
    case lessonItemsParsed([String: PreparedExpression])
    /// The space on show is the built-in sample, which has no lessons: the lesson pane says how
    /// to open the tutorial with them.
    case inviteToTutorial
    /// A second space is compared with the first (`--compare`), called `label`.
    case startComparison(label: String)
    /// The expression and the pins were evaluated in both spaces.
    case compared([CompareRow], generation: Int)
    /// Pins to add (from `--check FILE.jsonl`).
    case addPins([Expectation])
    /// The pins were evaluated (`afterReload`: because the space reloaded).
    case pinsEvaluated([ExpectationResult], generation: Int, afterReload: Bool)
    /// The pins were written to `path` (or not: `error`).
    case pinsSaved(path: String, error: String?)
    /// The pins were not written: `path` exists (the user is asked before it is replaced).
    case pinsFileExists(path: String)
    /// A message for the status line (the outcome of an effect).
    case notice(String)
    /// Start with this expression in the editor (`--expr EXPRESSION`), evaluated as if typed.
    case setExpression(String)
    /// A background tree search has looked at `visited` nodes.
    case searchProgress(generation: Int, visited: Int)
    /// A tree search ended.
    case searchFinished(generation: Int, outcome: TreeSearch.Outcome)
    /// A search in the value viewer ended.
    case viewerSearchFinished(generation: Int, outcome: ViewerSearchOutcome)
    /// The steps of step mode's evaluation (`generation`: the request they answer).
    case stepsComputed(ExpressionSteps, generation: Int)
    /// The viewer's lines were counted (for `G`): the counted lines, for the viewer to keep.
    case viewerLinesCounted(generation: Int, lines: ViewerLines)
}

/// What a successful load hands to the state.
struct SpaceLoad {
    var snapshot: VariableSnapshot
    var functions: [FunctionInfo]
    var manifestPath: String?
    var fileCount: Int
    var logLines: [String]
    /// Set when the load was a fallback (the manifest failed and an empty space is shown).
    var error: String?
    var date: Date
    /// Every diagnostic of the load, in the order found.
    var diagnostics: [Diagnostic]
    /// How and where each variable was declared.
    var provenance: [String: VariableProvenance]
    /// The load's generation (see ``InspectorAction/dynamicComputed(name:value:failure:generation:)``).
    var generation: Int
    /// What changed since the space shown when the reload started, worked out on the loading queue
    /// (comparing two large spaces takes too long for the UI thread), or nil.
    var reloadDiff: PrecomputedReloadDiff?
    /// The files the load read: a change to any of them reloads the space.
    var files: [URL] = []

    init(
        snapshot: VariableSnapshot, functions: [FunctionInfo], manifestPath: String?, fileCount: Int,
        logLines: [String], error: String? = nil, date: Date, diagnostics: [Diagnostic] = [],
        provenance: [String: VariableProvenance] = [:], generation: Int = 0
    ) {
        self.snapshot = snapshot
        self.functions = functions
        self.manifestPath = manifestPath
        self.fileCount = fileCount
        self.logLines = logLines
        self.error = error
        self.date = date
        self.diagnostics = diagnostics
        self.provenance = provenance
        self.generation = generation
    }
}

/// A ``ReloadDiff`` computed in the background against the space on show when the reload began.
struct PrecomputedReloadDiff {
    /// The generation of the space it was compared with.
    var baseGeneration: Int
    /// The dynamic variables still pending in that space (a value that arrives later makes the diff stale).
    var basePending: Set<String>
    var diff: ReloadDiff

    /// Compares `old` (the space on show, of generation `baseGeneration`) with `new`.
    init(old: VariableSnapshot, baseGeneration: Int, new: VariableSnapshot) {
        self.baseGeneration = baseGeneration
        basePending = old.pending
        diff = ReloadDiff(old: old, new: new)
    }
}
