import Foundation
import MBMLEngine

/// Holds the inspector's state and performs the effects the reducer asks for: parsing and
/// evaluating through the ``EngineController``, reloading, watching files, the clipboard, the
/// history file. Each feature's effects are performed beside each other in `Session/Effects/`
/// (``perform(_:)`` routes them).
///
/// The terminal loop (``EventLoop``) feeds it keys and background answers; tests and the benchmark
/// drive it directly and render into a ``BufferScreen``.
final class InspectorSession {
    /// How evaluations run.
    enum EvaluationMode {
        /// On the calling thread, before ``send(_:)`` returns (tests, benchmark).
        case synchronous
        /// On background lanes; answers arrive through ``wakeFileDescriptor``.
        case background
    }

    private(set) var state: InspectorState
    /// The space on show (``switchSpaces`` swaps it with ``comparison``).
    var engine: EngineController
    let mode: EvaluationMode
    /// Where the history is kept (nil: not saved).
    var history: HistoryStore?
    /// Puts text on the clipboard (the terminal loop sends OSC 52).
    var clipboard: (String) -> Void = { _ in }
    /// Turns mouse reporting on or off.
    var mouseSwitch: (Bool) -> Void = { _ in }
    /// Where `y f` writes value files (the current directory by default).
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    /// Watches the files the spaces read (``LoadingEffect/watch(_:)``); nil: nothing is watched.
    var watcher: FileWatcher?
    /// Suspends the terminal, runs the user's editor on `file` at `line`, and resumes (the
    /// terminal loop provides it; nil means no editor can be opened).
    var openEditor: ((_ file: String, _ line: Int) -> String?)?
    /// The second space of `--compare`, reloaded with the first; start comparing with
    /// ``compare(with:label:)``.
    var comparison: EngineController?
    /// Evaluations, loads and searches off the UI thread (nil in the synchronous mode).
    let background: BackgroundLanes<BackgroundAnswer>?
    /// The tree search wanted now, and the value viewer's.
    let searches = Generation()
    let viewerSearches = Generation()
    /// How often a running tree search reports progress.
    static let searchProgressInterval = 50_000
    /// Time spent in synchronous evaluations since the last reset (for the benchmark), in seconds.
    var synchronousEvaluationTime: TimeInterval = 0

    init(
        engine: EngineController, size: TerminalSize, mode: EvaluationMode = .synchronous,
        history: HistoryStore? = nil
    ) {
        self.engine = engine
        self.mode = mode
        self.history = history
        state = InspectorState(size: size)
        background = mode == .background ? BackgroundLanes(label: "mbml.inspector") : nil
    }

    /// What the background lanes hand back to the UI thread.
    enum BackgroundAnswer {
        /// An action for the state.
        case action(InspectorAction)
        /// The space on show's load, and the comparison space's when there is one (the
        /// controllers take them on the UI thread).
        case load(PreparedLoad, comparison: PreparedLoad?)
        /// The first load of the space compared with (``compare(with:label:)``).
        case comparison(PreparedLoad, label: String)
    }

    /// Readable when background answers are waiting (-1 in the synchronous mode): evaluations,
    /// loads, dynamic variables, search progress and results, written-file notices.
    var wakeFileDescriptor: Int32 { background?.mailbox.fileDescriptor ?? -1 }

    /// Hands the waiting background answers to the state.
    /// - Returns: whether anything arrived.
    @discardableResult
    func deliverBackgroundAnswers() -> Bool {
        guard let background else { return false }
        let answers = background.mailbox.take()
        for answer in answers {
            switch answer {
            case .action(let action):
                send(action)
            case .load(let prepared, let comparisonLoad):
                if let comparisonLoad, let comparison {
                    send(Self.comparisonLoaded(comparison.finishLoad(comparisonLoad)))
                }
                send(engine.finishLoad(prepared))
            case .comparison(let prepared, let label):
                if let comparison { send(Self.comparisonLoaded(comparison.finishLoad(prepared))) }
                send(.startComparison(label: label))
            }
        }
        return !answers.isEmpty
    }

    /// Waits until the background work is done and its answers (and the work they cause) are
    /// delivered (tests).
    func waitForBackgroundWork() {
        guard let background else { return }
        repeat { background.waitUntilIdle() } while deliverBackgroundAnswers()
    }

    /// Reads the history and loads the space (in the background mode, off the UI thread: the
    /// screen shows `loading…` until it arrives).
    func start(now: Date = Date()) {
        if let history = history { send(.historyLoaded(history.load())) }
        if engine.source.isBuiltInSample { send(.inviteToTutorial) }
        for action in reload(now: now) { send(action) }
    }

    /// Loads `engine` as a second space (on the loading lane, when there is one) and then shows
    /// every value in both spaces.
    func compare(with engine: EngineController, label: String) {
        comparison = engine
        guard let background else {
            send(Self.comparisonLoaded(engine.load()))
            send(.startComparison(label: label))
            return
        }
        let job = engine.prepareLoad()
        background.submit(on: .loading) { .comparison(job(), label: label) }
    }

    /// What the space compared with read, from the action its controller answered a load with.
    static func comparisonLoaded(_ action: InspectorAction) -> InspectorAction {
        switch action {
        case .spaceLoaded(let load): return .comparisonLoaded(files: load.files, failed: false)
        case .loadFailed(_, _, _, let files): return .comparisonLoaded(files: files, failed: true)
        default: return .comparisonLoaded(files: [], failed: true)
        }
    }

    /// Applies an action and performs the effects it causes (which may cause more actions).
    func send(_ action: InspectorAction) {
        var queue = [action]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let (newState, effects) = Reducer.reduce(state, next)
            state = newState
            for effect in effects { queue += perform(effect) }
        }
    }

    /// Sends one key.
    func press(_ key: Key) {
        send(.key(key))
    }

    /// Types text into whatever has focus, one key per character.
    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Draws the state on `screen`, adopting the screen's size first.
    func render(on screen: Screen) {
        if screen.size != state.size { send(.resize(screen.size)) }
        InspectorRenderer.render(state, on: screen)
    }
}
