import Foundation
import MBMLEngine

/// Holds the inspector's state and performs the effects the reducer asks for: parsing and
/// evaluating through the ``EngineController``, reloading, watching files, the clipboard, the
/// history file.
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
    private(set) var engine: EngineController
    let mode: EvaluationMode
    /// Where the history is kept (nil: not saved).
    var history: HistoryStore?
    /// Puts text on the clipboard (the terminal loop sends OSC 52).
    var clipboard: (String) -> Void = { _ in }
    /// Turns mouse reporting on or off.
    var mouseSwitch: (Bool) -> Void = { _ in }
    /// Where `y f` writes value files (the current directory by default).
    var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    /// Watches the files the spaces read (``InspectorEffect/watch(_:)``); nil: nothing is watched.
    var watcher: FileWatcher?
    /// Suspends the terminal, runs the user's editor on `file` at `line`, and resumes (the
    /// terminal loop provides it; nil means no editor can be opened).
    var openEditor: ((_ file: String, _ line: Int) -> String?)?
    /// The second space of `--compare`, reloaded with the first; start comparing with
    /// ``compare(with:label:)``.
    private(set) var comparison: EngineController?
    /// Evaluations, loads and searches off the UI thread (nil in the synchronous mode).
    private let background: BackgroundLanes<BackgroundAnswer>?
    /// The tree search wanted now, and the value viewer's.
    private let searches = Generation()
    private let viewerSearches = Generation()
    /// How often a running tree search reports progress.
    private static let searchProgressInterval = 50_000
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
    private enum BackgroundAnswer {
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
    private static func comparisonLoaded(_ action: InspectorAction) -> InspectorAction {
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

    /// Loads the space (and the comparison space) again: in the background mode off the UI
    /// thread (answering `.loadStarted` now, the load when it is done), otherwise at once.
    private func reload(now: Date) -> [InspectorAction] {
        let job = engine.prepareLoad(now: now)
        let comparisonJob = comparison?.prepareLoad(now: now)
        // A ready-made environment only needs a snapshot: take it at once.
        guard let background, !engine.isPreloaded else {
            var actions: [InspectorAction] = []
            if let comparisonJob, let comparison {
                actions.append(Self.comparisonLoaded(comparison.finishLoad(comparisonJob())))
            }
            return actions + [engine.finishLoad(job())]
        }
        // A reload is compared with the space on show now, on the loading queue.
        let base = state.loadGeneration > 0 ? (snapshot: state.space, generation: state.loadGeneration) : nil
        background.submit(on: .loading) {
            var prepared = job()
            if let base = base {
                prepared.space.reloadDiff = PrecomputedReloadDiff(
                    old: base.snapshot, baseGeneration: base.generation,
                    new: prepared.space.snapshot)
            }
            return .load(prepared, comparison: comparisonJob?())
        }
        return [.loadStarted]
    }

    /// Runs `job` on `lane` and answers later (the background mode), or runs it now and answers at once.
    private func answer(
        on lane: BackgroundLanes<BackgroundAnswer>.Lane, _ job: @escaping @Sendable () -> InspectorAction?
    )
        -> [InspectorAction]
    {
        guard let background else { return job().map { [$0] } ?? [] }
        background.submit(on: lane) { job().map(BackgroundAnswer.action) }
        return []
    }

    private func perform(_ effect: InspectorEffect) -> [InspectorAction] {
        switch effect {
        case .evaluate(let text, let generation):
            engine.request(generation)
            let prepared = engine.parse(text)
            var actions: [InspectorAction] = [.parsed(prepared)]
            if let background {
                let job = engine.evaluationJob(prepared, generation: generation)
                background.submit(on: .evaluation) { job().map { .action(.evaluated($0)) } }
            } else {
                let start = DispatchTime.now().uptimeNanoseconds
                let outcome = engine.evaluate(prepared, generation: generation)
                synchronousEvaluationTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if let outcome = outcome { actions.append(.evaluated(outcome)) }
            }
            return actions
        case .cancelEvaluation:
            engine.cancel()
            return []
        case .reload:
            return reload(now: Date())
        case .cancelLoad:
            engine.cancelLoad()
            return []
        case .computeDynamicVariables(let names, let generation):
            return names.flatMap { answer(on: .loading, engine.dynamicVariableJob($0, generation: generation)) }
        case .openInEditor(let file, let line):
            guard let openEditor = openEditor else { return [] }
            if let problem = openEditor(file, line) { return [.editorFailed(problem)] }
            return [.filesChanged]
        case .evaluatePins(let expectations, let generation, let afterReload):
            let environment = engine.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    let checker = ExpectationChecker(environment: environment, isCancelled: limits.isCancelled)
                    return .pinsEvaluated(
                        expectations.map(checker.check), generation: generation, afterReload: afterReload)
                })
        case .refreshSpace:
            let environment = engine.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in .spaceRefreshed(VariableSnapshot(of: environment, limits: limits))
                })
        case .switchSpaces:
            guard let other = comparison else { return [] }
            comparison = engine
            engine = other
            let label = comparison?.manifestDisplayName ?? "first"
            return [.startComparison(label: label), engine.load()]
        case .compare(let text, let pins, let generation):
            guard let comparison = comparison else { return [] }
            let first = engine.environment, second = comparison.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    .compared(
                        SpaceComparison.rows(text: text, pins: pins, first: first, second: second, limits: limits),
                        generation: generation)
                })
        case .computeSteps(let text, let context, let generation):
            let environment = engine.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    .stepsComputed(
                        environment.steps(text, context: context, within: Evaluation(limits: limits)),
                        generation: generation)
                })
        case .savePins(let path, let text, let overwrites):
            if !overwrites, FileManager.default.fileExists(atPath: path) { return [.pinsFileExists(path: path)] }
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                return [.pinsSaved(path: path, error: nil)]
            } catch {
                return [.pinsSaved(path: path, error: error.localizedDescription)]
            }
        case .saveLessonProgress(let progress, let store):
            try? store.save(progress)
            return []
        case .copyToClipboard(let text):
            clipboard(text)
            return []
        case .writeValueFile(let name, let value):
            let directory = self.directory
            let options = engine.environment.options
            return answer(on: .search) {
                // Written under the memory budget: a value huge as text is refused, not encoded whole.
                do {
                    let text = try Reducer.copyText(value, within: Evaluation(options: options))
                    return .notice(ValueFile.write(text, suggestedName: name, in: directory))
                } catch {
                    return .notice("Not written: " + Environment.logText(for: error))
                }
            }
        case .saveHistory(let entries):
            try? history?.save(entries)
            return []
        case .setMouse(let enabled):
            mouseSwitch(enabled)
            return []
        case .watch(let files):
            watcher?.watch(paths: files)
            return []
        case .search(let text, let generation):
            guard let query = try? SearchQuery(text) else { return [] }
            return search(query, in: state.space, generation: generation)
        case .cancelSearch:
            searches.cancel()
            return []
        case .searchViewer(let request):
            viewerSearches.start(request.generation)
            let searches = viewerSearches
            // In the background the search reads a copy of the lines, with caches of its own: only
            // the job touches that copy (and the request, which it alone reads from then on).
            nonisolated(unsafe) let lines = background == nil ? request.lines : request.lines.detached()
            nonisolated(unsafe) let request = request
            return answer(on: .search) {
                guard
                    let outcome = request.run(
                        on: lines, shouldContinue: { _ in searches.isCurrent(request.generation) }),
                    searches.isCurrent(request.generation)
                else { return nil }
                return .viewerSearchFinished(generation: request.generation, outcome: outcome)
            }
        case .countViewerLines(let request):
            // As for a search: the job alone reads its copy of the lines and the request.
            nonisolated(unsafe) let lines = background == nil ? request.lines : request.lines.detached()
            nonisolated(unsafe) let request = request
            return answer(on: .search) {
                .viewerLinesCounted(generation: request.generation, lines: request.run(on: lines))
            }
        case .cancelViewerSearch:
            viewerSearches.cancel()
            return []
        case .quit:
            return []
        }
    }

    /// Searches the tree (in the background, reporting progress) until a newer search or Esc.
    private func search(_ query: SearchQuery, in snapshot: VariableSnapshot, generation: Int) -> [InspectorAction] {
        searches.start(generation)
        guard let background else {
            return [.searchFinished(generation: generation, outcome: TreeSearch.search(query, in: snapshot))]
        }
        let searches = self.searches
        background.run(on: .search) { mailbox in
            guard searches.isCurrent(generation) else { return }
            let outcome = TreeSearch.search(query, in: snapshot, progressInterval: Self.searchProgressInterval) {
                visited in
                guard searches.isCurrent(generation) else { return false }
                mailbox.post(.action(.searchProgress(generation: generation, visited: visited))) {
                    if case .action(.searchProgress) = $0 { return true }
                    return false
                }
                return true
            }
            guard outcome.isComplete, searches.isCurrent(generation) else { return }
            mailbox.post(.action(.searchFinished(generation: generation, outcome: outcome)))
        }
        return []
    }
}
