import Foundation
import MBMLEngine

/// Holds the inspector's state and performs the effects the reducer asks for: parsing and
/// evaluating through the ``EngineController``, reloading, the clipboard, the history file.
///
/// The terminal loop (``Inspector``) feeds it keys; tests and the benchmark drive it directly and
/// render into a ``BufferScreen``.
public final class InspectorSession {
    /// How evaluations run.
    public enum EvaluationMode {
        /// On the calling thread, before ``send(_:)`` returns (tests, benchmark).
        case synchronous
        /// On a background queue; answers arrive through ``wakeFileDescriptor``.
        case background
    }

    public private(set) var state: InspectorState
    public let engine: EngineController
    public let mode: EvaluationMode
    /// Where the history is kept (nil: not saved).
    public var history: HistoryStore?
    /// Puts text on the clipboard (the terminal loop sends OSC 52).
    public var clipboard: (String) -> Void = { _ in }
    /// Turns mouse reporting on or off.
    public var mouseSwitch: (Bool) -> Void = { _ in }
    /// Where `y f` writes value files (the current directory by default).
    public var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    /// Called after every load attempt (the loop updates the watcher's file list).
    public var onLoad: () -> Void = {}
    private let evaluator: BackgroundEvaluator?
    private let searcher: BackgroundWorker?
    /// Time spent in synchronous evaluations since the last reset (for the benchmark), in seconds.
    var synchronousEvaluationTime: TimeInterval = 0

    public init(engine: EngineController, size: TerminalSize, mode: EvaluationMode = .synchronous,
                history: HistoryStore? = nil) {
        self.engine = engine
        self.mode = mode
        self.history = history
        state = InspectorState(size: size)
        evaluator = mode == .background ? BackgroundEvaluator() : nil
        searcher = mode == .background ? BackgroundWorker() : nil
    }

    /// Readable when background evaluations have finished (-1 in synchronous mode).
    public var wakeFileDescriptor: Int32 { evaluator?.wakeFileDescriptor ?? -1 }

    /// Readable when a background search has progress or an answer (-1 in synchronous mode).
    public var searchWakeFileDescriptor: Int32 { searcher?.wakeFileDescriptor ?? -1 }

    /// Hands background search progress and answers (and written-file notices) to the state.
    public func deliverSearchResults() {
        for action in searcher?.take() ?? [] { send(action) }
    }

    /// Waits for the background work queued (searches, file writes) and delivers its answers (tests).
    public func waitForSearch() {
        searcher?.waitUntilIdle()
        deliverSearchResults()
    }

    /// Reads the history and loads the space.
    public func start(now: Date = Date()) {
        if let history = history { send(.historyLoaded(history.load())) }
        send(engine.load(now: now))
        onLoad()
    }

    /// Applies an action and performs the effects it causes (which may cause more actions).
    public func send(_ action: InspectorAction) {
        var queue = [action]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            let (newState, effects) = Reducer.reduce(state, next)
            state = newState
            for effect in effects { queue += perform(effect) }
        }
    }

    /// Sends one key.
    public func press(_ key: Key) {
        send(.key(key))
    }

    /// Types text into whatever has focus, one key per character.
    public func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Hands finished background evaluations to the state.
    /// - Returns: whether anything arrived.
    @discardableResult
    public func deliverFinishedEvaluations() -> Bool {
        guard let evaluator = evaluator else { return false }
        let outcomes = evaluator.takeFinished()
        for outcome in outcomes { send(.evaluated(outcome)) }
        return !outcomes.isEmpty
    }

    /// Waits for queued background evaluations and delivers them (tests).
    public func waitForEvaluations() {
        evaluator?.waitUntilIdle()
        deliverFinishedEvaluations()
    }

    /// Draws the state on `screen`, adopting the screen's size first.
    public func render(on screen: Screen) {
        if screen.size != state.size { send(.resize(screen.size)) }
        InspectorRenderer.render(state, on: screen)
    }

    private func perform(_ effect: InspectorEffect) -> [InspectorAction] {
        switch effect {
        case .evaluate(let text, let generation):
            engine.request(generation)
            var actions: [InspectorAction] = [.parsed(engine.parse(text))]
            if let evaluator = evaluator {
                evaluator.submit(engine.evaluationJob(text, generation: generation))
            } else {
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = engine.evaluate(text, generation: generation)
                synchronousEvaluationTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if let outcome = outcome { actions.append(.evaluated(outcome)) }
            }
            return actions
        case .cancelEvaluation:
            engine.cancel()
            return []
        case .reload:
            let action = engine.load()
            onLoad()
            return [action]
        case .copyToClipboard(let text):
            clipboard(text)
            return []
        case .writeValueFile(let name, let value):
            if let searcher = searcher {
                searcher.write(value, suggestedName: name, in: directory)
                return []
            }
            return [.notice(ValueFile.write(Reducer.copyText(value), suggestedName: name, in: directory))]
        case .saveHistory(let entries):
            try? history?.save(entries)
            return []
        case .setMouse(let enabled):
            mouseSwitch(enabled)
            return []
        case .search(let text, let generation):
            guard let query = try? SearchQuery(text) else { return [] }
            if let searcher = searcher {
                searcher.start(query, in: state.space, generation: generation)
                return []
            }
            return [.searchFinished(generation: generation, outcome: TreeSearch.search(query, in: state.space))]
        case .cancelSearch:
            searcher?.cancel()
            return []
        case .searchViewer(let request):
            if let searcher = searcher {
                searcher.start(request)
                return []
            }
            guard let outcome = request.run(on: request.lines) else { return [] }
            return [.viewerSearchFinished(generation: request.generation, outcome: outcome)]
        case .cancelViewerSearch:
            searcher?.cancelViewerSearch()
            return []
        case .quit:
            return []
        }
    }
}
