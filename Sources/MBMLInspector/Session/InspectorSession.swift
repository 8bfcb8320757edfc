import Foundation
import MBMLEngine

/// Holds the inspector's state and performs the effects the reducer asks for: parsing and
/// evaluating through the ``EngineController``, reloading, the clipboard, the history file.
///
/// The terminal loop (``Inspector``) feeds it keys; tests and the benchmark drive it directly and
/// render into a ``BufferScreen``.
final class InspectorSession {
    /// How evaluations run.
    enum EvaluationMode {
        /// On the calling thread, before ``send(_:)`` returns (tests, benchmark).
        case synchronous
        /// On a background queue; answers arrive through ``wakeFileDescriptor``.
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
    /// Called after every load attempt (the loop updates the watcher's file list).
    var onLoad: () -> Void = {}
    /// Suspends the terminal, runs the user's editor on `file` at `line`, and resumes (the
    /// terminal loop provides it; nil means no editor can be opened).
    var openEditor: ((_ file: String, _ line: Int) -> String?)?
    /// The second space of `--compare`, reloaded with the first; start comparing with
    /// ``compare(with:label:)``.
    private(set) var comparison: EngineController?
    private let evaluator: BackgroundWorker<InspectorAction>?
    /// Loads and dynamic variables, on their own queue so that evaluating the editor's text in the
    /// space on show never waits for a load.
    private let loader: BackgroundWorker<LoaderOutput>?
    private let searcher: BackgroundTasks?
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
        evaluator = mode == .background ? BackgroundWorker(label: "mbml.inspector.evaluation") : nil
        loader = mode == .background ? BackgroundWorker(label: "mbml.inspector.loading") : nil
        searcher = mode == .background ? BackgroundTasks() : nil
    }

    /// Readable when background evaluations have finished (-1 in synchronous mode).
    var wakeFileDescriptor: Int32 { evaluator?.wakeFileDescriptor ?? -1 }

    /// Readable when a background search has progress or an answer (-1 in synchronous mode).
    var searchWakeFileDescriptor: Int32 { searcher?.wakeFileDescriptor ?? -1 }

    /// Hands background search progress and answers (and written-file notices) to the state.
    func deliverSearchResults() {
        for action in searcher?.take() ?? [] { send(action) }
    }

    /// Waits for the background work queued (searches, file writes) and delivers its answers (tests).
    func waitForSearch() {
        searcher?.waitUntilIdle()
        deliverSearchResults()
    }

    /// Readable when a background load or dynamic variable has finished (-1 in synchronous mode).
    var loadWakeFileDescriptor: Int32 { loader?.wakeFileDescriptor ?? -1 }

    /// Reads the history and loads the space (in the background mode, off the UI thread: the
    /// screen shows `loading…` until it arrives).
    func start(now: Date = Date()) {
        if let history = history { send(.historyLoaded(history.load())) }
        for action in reload(now: now) { send(action) }
    }

    /// Loads `engine` as a second space (on the loading queue, when there is one) and then shows
    /// every value in both spaces.
    func compare(with engine: EngineController, label: String) {
        comparison = engine
        guard let loader = loader else {
            _ = engine.load()
            onLoad()
            send(.startComparison(label: label))
            return
        }
        let job = engine.prepareLoad()
        loader.submit { .comparison(job(), label: label) }
    }

    /// What the loading queue hands back.
    private enum LoaderOutput {
        /// The space on show's load, and the comparison space's when there is one.
        case load(PreparedLoad, comparison: PreparedLoad?)
        /// The first load of the space compared with (``compare(with:label:)``).
        case comparison(PreparedLoad, label: String)
        case action(InspectorAction)
    }

    /// Hands finished loads and dynamic variables to the state.
    /// - Returns: whether anything arrived.
    @discardableResult
    func deliverFinishedLoads() -> Bool {
        guard let loader = loader else { return false }
        let outputs = loader.takeFinished()
        for output in outputs {
            switch output {
            case .load(let prepared, let comparisonLoad):
                if let comparisonLoad = comparisonLoad { _ = comparison?.finishLoad(comparisonLoad) }
                send(engine.finishLoad(prepared))
                onLoad()
            case .comparison(let prepared, let label):
                _ = comparison?.finishLoad(prepared)
                onLoad()
                send(.startComparison(label: label))
            case .action(let action):
                send(action)
            }
        }
        return !outputs.isEmpty
    }

    /// Waits for queued background loads and delivers them (tests).
    func waitForLoads() {
        loader?.waitUntilIdle()
        deliverFinishedLoads()
        loader?.waitUntilIdle()
        deliverFinishedLoads()
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

    /// Hands finished background evaluations to the state.
    /// - Returns: whether anything arrived.
    @discardableResult
    func deliverFinishedEvaluations() -> Bool {
        guard let evaluator = evaluator else { return false }
        let answers = evaluator.takeFinished()
        for answer in answers { send(answer) }
        return !answers.isEmpty
    }

    /// Waits for queued background evaluations and delivers them (tests).
    func waitForEvaluations() {
        evaluator?.waitUntilIdle()
        deliverFinishedEvaluations()
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
        guard let loader = loader, !engine.isPreloaded else {
            if let comparisonJob = comparisonJob { _ = comparison?.finishLoad(comparisonJob()) }
            let action = engine.finishLoad(job())
            onLoad()
            return [action]
        }
        // A reload is compared with the space on show now, on the loading queue.
        let base = state.loadGeneration > 0 ? (snapshot: state.space, generation: state.loadGeneration) : nil
        loader.submit {
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

    private func perform(_ effect: InspectorEffect) -> [InspectorAction] {
        switch effect {
        case .evaluate(let text, let generation):
            engine.request(generation)
            let parsed = engine.parse(text)
            let prepared = parsed.prepared ?? engine.environment.prepare(text)
            var actions: [InspectorAction] = [.parsed(parsed)]
            if let evaluator = evaluator {
                let job = engine.evaluationJob(prepared, generation: generation)
                evaluator.submit { job().map(InspectorAction.evaluated) }
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
            let jobs = names.map { engine.dynamicVariableJob($0, generation: generation) }
            guard let loader = loader else { return jobs.compactMap { $0() } }
            for job in jobs { loader.submit { job().map(LoaderOutput.action) } }
            return []
        case .openInEditor(let file, let line):
            guard let openEditor = openEditor else { return [] }
            if let problem = openEditor(file, line) { return [.editorFailed(problem)] }
            return [.filesChanged]
        case .evaluatePins(let expectations, let generation, let afterReload):
            let checker = ExpectationChecker(environment: engine.environment)
            let job: () -> InspectorAction = {
                .pinsEvaluated(expectations.map(checker.check), generation: generation, afterReload: afterReload)
            }
            if let evaluator = evaluator {
                evaluator.submit(job)
                return []
            }
            return [job()]
        case .refreshSpace:
            let environment = engine.environment
            let job: () -> InspectorAction = { .spaceRefreshed(VariableSnapshot(of: environment)) }
            if let evaluator = evaluator {
                evaluator.submit(job)
                return []
            }
            return [job()]
        case .switchSpaces:
            guard let other = comparison else { return [] }
            comparison = engine
            engine = other
            let label = comparison?.manifestDisplayName ?? "first"
            return [.startComparison(label: label), engine.load()]
        case .compare(let text, let pins, let generation):
            guard let comparison = comparison else { return [] }
            let first = engine.environment, second = comparison.environment
            let job: () -> InspectorAction = {
                .compared(
                    SpaceComparison.rows(text: text, pins: pins, first: first, second: second), generation: generation)
            }
            if let evaluator = evaluator {
                evaluator.submit(job)
                return []
            }
            return [job()]
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
        case .countViewerLines(let request):
            if let searcher = searcher {
                searcher.count(request)
                return []
            }
            return [.viewerLinesCounted(generation: request.generation, lines: request.run(on: request.lines))]
        case .cancelViewerSearch:
            searcher?.cancelViewerSearch()
            return []
        case .quit:
            return []
        }
    }
}
