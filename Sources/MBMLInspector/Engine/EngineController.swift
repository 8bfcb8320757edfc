import Foundation
import MBMLEngine

/// The inspector's only door to the engine: loads the space, parses and evaluates the editor's
/// text, and turns the answers into ``InspectorAction`` values, so that the reducer stays pure.
///
/// A load that is never blocked by warnings replaces the environment; a load whose manifest cannot
/// be loaded keeps the last good one.
final class EngineController {
    let source: SpaceSource
    let dataFiles: [DataFileSpec]
    let options: EnvironmentOptions
    /// The environment expressions are evaluated in (the last one that loaded).
    private(set) var environment: Environment
    /// The evaluation wanted now (its number is the reducer's evaluation generation).
    private let evaluation = Generation()
    /// The newest load: a load, and the dynamic variables it leaves to compute, stop when a newer
    /// load starts or the user cancels.
    private let loading = Generation()
    /// The cancellation check of each thread working in the environment (evaluating, computing
    /// dynamic variables).
    private var hasLoaded = false

    /// Whether `$ENV` (the process environment) loads before everything else.
    let includesProcessEnvironment: Bool
    /// The project whose inputs load first (nil: none), read again before each load: the project
    /// file is watched with the inputs. One that no longer reads keeps the last good project.
    private(set) var project: ProjectFile?
    /// How long one evaluation of the editor's text may run, in seconds (`--timeout`; 0: no limit):
    /// past it the contexts left show an error.
    var evaluationTimeout: Double = 0

    init(
        source: SpaceSource, dataFiles: [DataFileSpec] = [], options: EnvironmentOptions = EnvironmentOptions(),
        includesProcessEnvironment: Bool = false, project: ProjectFile? = nil
    ) {
        self.source = source
        self.dataFiles = dataFiles
        self.options = options
        self.includesProcessEnvironment = includesProcessEnvironment
        self.project = project
        environment = Environment(options: options)
    }

    /// A controller around an environment built elsewhere (tests, the benchmark). ``load(now:)``
    /// then only takes a new snapshot of it.
    init(environment: Environment) {
        source = .empty
        dataFiles = []
        options = environment.options
        includesProcessEnvironment = false
        project = nil
        self.environment = environment
        hasLoaded = true
        preloaded = true
    }

    private var preloaded = false

    /// Whether this controller wraps an environment built elsewhere (loads only take a snapshot).
    var isPreloaded: Bool { preloaded }

    /// The manifest's name as shown in the status line.
    var manifestDisplayName: String? {
        switch source {
        case .manifest(let url): return url.relativePath
        case .text(_, let name): return name + " (built in)"
        case .empty: return preloaded ? environment.manifestPath : project?.path ?? dataFiles.first?.path
        }
    }

    // MARK: Loading

    /// What the space is built from, in load order: `$ENV` (if asked for), the project's inputs,
    /// the manifest, the data files.
    var inputs: [EnvironmentInput] {
        let environment: EnvironmentInput? =
            includesProcessEnvironment ? project?.processEnvironmentInput() ?? .currentProcessEnvironment : nil
        if let project { return project.environmentInputs(environment: environment, then: ownInputs) }
        return (environment.map { [$0] } ?? []) + ownInputs
    }

    /// The manifest and the data files.
    private var ownInputs: [EnvironmentInput] {
        var inputs: [EnvironmentInput] = []
        switch source {
        case .manifest(let url): inputs.append(.manifest(url))
        case .text(let text, let name):
            let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            inputs.append(.manifestText(text, name: name, directory: directory))
        case .empty: break
        }
        return inputs + dataFiles.map(EnvironmentInput.data)
    }

    /// Reads the project file again (it may have changed); nil, or the error of one that no longer
    /// reads (the last good project stays).
    private func rereadProject() -> Diagnostic? {
        guard let path = project?.path else { return nil }
        do {
            project = try ProjectFile(contentsOf: path)
            return nil
        } catch {
            return error.diagnostic
        }
    }

    /// Loads the space (again) on the calling thread: ``prepareLoad(now:)`` then ``finishLoad(_:)``.
    func load(now: Date = Date()) -> InspectorAction {
        finishLoad(prepareLoad(now: now)())
    }

    /// A load that may run on any thread; hand its result to ``finishLoad(_:)`` on the UI thread.
    /// Starting it makes every older load (and its dynamic variables) stale.
    func prepareLoad(now: Date = Date()) -> @Sendable () -> PreparedLoad {
        let generation = loading.advance()
        if preloaded {
            let environment = self.environment
            let name = manifestDisplayName
            return {
                PreparedLoad(
                    generation: generation, build: nil,
                    space: Self.spaceLoad(
                        for: environment, load: nil, manifestPath: name,
                        fileCount: environment.loadedFiles.count, error: nil,
                        now: now, generation: generation))
            }
        }
        let builder = EnvironmentBuilder(options: options, log: LogSink())
        let loading = self.loading
        // The load is one job, stopped when a newer load starts or the user cancels it.
        let limits = EvaluationLimits(options: options) { !loading.isCurrent(generation) }
        let problem = rereadProject()
        let projectFile = project.map { URL(fileURLWithPath: $0.path) }
        let inputs = self.inputs
        let isText: Bool
        if case .text = source { isText = true } else { isText = false }
        let name = manifestDisplayName
        let prepared = builder
        return {
            var load = prepared.build(inputs, limits: limits)
            if let problem {
                load = EnvironmentLoad(
                    environment: load.environment, diagnostics: [problem] + load.diagnostics, files: load.files,
                    failedInputs: load.failedInputs)
            }
            var files = isText ? load.files.filter { FileManager.default.fileExists(atPath: $0.path) } : load.files
            if let projectFile { files.append(projectFile) }
            var space = Self.spaceLoad(
                for: load.environment, load: load, manifestPath: name, fileCount: files.count,
                error: nil, now: now, generation: generation)
            space.files = files
            return PreparedLoad(generation: generation, build: load, space: space)
        }
    }

    /// Takes a finished load: a load whose manifest could not be loaded keeps the previous
    /// environment (on the very first load an empty space is shown with the error); any other load
    /// replaces it, whatever warnings or errors it reported (a missing data file is one error, not
    /// a reason to keep stale values).
    func finishLoad(_ prepared: PreparedLoad) -> InspectorAction {
        guard let load = prepared.build else {
            return .spaceLoaded(prepared.space)
        }
        let manifestFailed = load.failedInputs.contains { input in
            if case .data = input { return false }
            return true
        }
        if manifestFailed || !loading.isCurrent(prepared.generation) {
            let message = load.errors.last?.description ?? "the space could not be loaded"
            if hasLoaded {
                return .loadFailed(
                    message: message, diagnostics: load.diagnostics, at: prepared.space.date,
                    files: prepared.space.files)
            }
            hasLoaded = true
            environment = Environment(options: options, log: LogSink())
            var space = Self.spaceLoad(
                for: environment, load: nil, manifestPath: manifestDisplayName, fileCount: 0,
                error: message, now: prepared.space.date, generation: prepared.generation)
            space.diagnostics = load.diagnostics
            space.files = prepared.space.files
            return .spaceLoaded(space)
        }
        environment = load.environment
        hasLoaded = true
        return .spaceLoaded(prepared.space)
    }

    /// Stops the running load and the dynamic variables still being computed.
    func cancelLoad() {
        loading.cancel()
    }

    /// Computes the dynamic variable `name` of the environment on show for the load `generation`.
    /// - Returns: nil when that load is no longer current or was cancelled.
    func dynamicVariableJob(_ name: String, generation: Int) -> @Sendable () -> InspectorAction? {
        let environment = self.environment
        let loading = self.loading
        return {
            let isCancelled: @Sendable () -> Bool = { !loading.isCurrent(generation) }
            guard !isCancelled(),
                case .dynamic(let expression, let context)? = environment.variables.declaration(of: name)
            else {
                return nil
            }
            let limits = EvaluationLimits(options: environment.options, isCancelled: isCancelled)
            let outcome: (Value?, String?)
            do {
                outcome = (try environment.evaluate(expression, in: context, limits: limits), nil)
            } catch {
                outcome = (nil, Environment.logText(for: error))
            }
            // A cancelled computation may have stopped half way: its answer is not shown.
            guard !isCancelled() else { return nil }
            return .dynamicComputed(name: name, value: outcome.0, failure: outcome.1, generation: generation)
        }
    }

    /// The snapshot and facts of a built environment, read without evaluating dynamic variables
    /// (they are listed as pending and computed later, off the UI thread).
    private static func spaceLoad(
        for environment: Environment, load: EnvironmentLoad?, manifestPath: String?,
        fileCount: Int, error: String?, now: Date, generation: Int
    ) -> SpaceLoad {
        let variables = environment.variables
        var pending: Set<String> = []
        var pairs: [(String, Value?)] = []
        var provenance: [String: VariableProvenance] = [:]
        let names = variables.names
        for name in names {
            if let origin = environment.provenance(of: name) { provenance[name] = origin }
        }
        // The tree shows the variables in the order they were declared (`s` sorts them by name).
        for name in DeclarationOrder.names(names, provenance: provenance, files: load?.files ?? []) {
            if case .dynamic? = variables.declaration(of: name) {
                pending.insert(name)
                pairs.append((name, nil))
            } else {
                pairs.append((name, variables[name]))
            }
        }
        let functions = environment.functions.all.map {
            FunctionInfo(name: $0.name, signature: $0.signature, summary: $0.summary, iteration: $0.iteration)
        }
        let lines = environment.log.lines
        environment.log.clear()
        return SpaceLoad(
            snapshot: VariableSnapshot(variables: pairs, pending: pending, declared: true), functions: functions,
            manifestPath: manifestPath, fileCount: fileCount, logLines: lines, error: error, date: now,
            diagnostics: load?.diagnostics ?? [], provenance: provenance, generation: generation)
    }

    // MARK: Parsing and evaluating

    /// The token trees of `text` in every grammar, parsed once: the same ``PreparedExpression``
    /// is shown in the token pane, evaluated, traced and checked for hints.
    func parse(_ text: String) -> PreparedExpression {
        environment.prepare(text)
    }

    /// Marks `generation` as the wanted evaluation: any older one still running is cancelled.
    func request(_ generation: Int) {
        evaluation.start(generation)
    }

    /// Cancels the running evaluation (and the pins, comparison or snapshot work on its lane).
    func cancel() {
        evaluation.cancel()
    }

    /// `work` as a job for the evaluation lane (pins, a comparison, a refreshed snapshot): `work`
    /// gets the limits its evaluations run under, which stop them when the evaluation wanted now is
    /// superseded or cancelled, as the evaluation itself stops.
    func evaluationLaneJob<Answer>(
        _ work: @escaping @Sendable (EvaluationLimits) -> Answer
    ) -> @Sendable () -> Answer {
        let evaluation = self.evaluation
        let wanted = evaluation.currentNumber
        let limits = EvaluationLimits(options: environment.options) { !evaluation.isCurrent(wanted) }
        return { work(limits) }
    }

    /// Evaluates `text` in the four contexts, on the calling thread.
    /// - Returns: nil when the evaluation was cancelled (its answer is no longer wanted).
    func evaluate(_ text: String, generation: Int) -> EvaluationOutcome? {
        evaluate(environment.prepare(text), generation: generation)
    }

    /// Evaluates (traces) a prepared text in the four contexts, on the calling thread.
    func evaluate(_ prepared: PreparedExpression, generation: Int) -> EvaluationOutcome? {
        evaluationJob(prepared, generation: generation)()
    }

    /// The evaluation of `prepared` in the environment on show now, to run on any thread.
    func evaluationJob(_ prepared: PreparedExpression, generation: Int) -> @Sendable () -> EvaluationOutcome? {
        let environment = self.environment
        let evaluation = self.evaluation
        let isCancelled: @Sendable () -> Bool = { !evaluation.isCurrent(generation) }
        let timeout = evaluationTimeout
        return {
            // One time budget (`--timeout`) for the four contexts together.
            let deadline = Deadline(secondsFromNow: timeout)
            return Self.evaluate(
                prepared, generation: generation, in: environment, isCancelled: isCancelled, deadline: deadline)
        }
    }

    /// How much interpolated text a result row keeps. Rows show one line; a longer interpolation (a
    /// whole collection turned into text while an expression is half typed) ends with "…".
    static let displayTextLimit = 4096

    private static func evaluate(
        _ prepared: PreparedExpression, generation: Int, in environment: Environment,
        isCancelled: @escaping @Sendable () -> Bool, deadline: Deadline?
    ) -> EvaluationOutcome? {
        // The contexts read each dynamic variable once between them, as `mbml eval` reads it once.
        environment.variables.sharingDynamicValues {
            evaluateInEveryContext(
                prepared, generation: generation, in: environment, isCancelled: isCancelled, deadline: deadline)
        }
    }

    private static func evaluateInEveryContext(
        _ prepared: PreparedExpression, generation: Int, in environment: Environment,
        isCancelled: @escaping @Sendable () -> Bool, deadline: Deadline?
    ) -> EvaluationOutcome? {
        guard !isCancelled() else { return nil }
        let text = prepared.text
        var results: [ExpressionContext: ContextResult] = [:]
        var failures: [ExpressionContext: ExpressionError] = [:]
        var traces: [ExpressionContext: ExpressionTrace] = [:]
        var logs: [(contexts: [ExpressionContext], lines: [String])] = []
        for context in ExpressionContext.allCases {
            if isCancelled() { return nil }
            // Past the time budget (`--timeout`) the contexts left are not evaluated.
            if let deadline, deadline.hasPassed {
                results[context] = .error(deadline.expressionError(expression: text))
                continue
            }
            // The string context is the object context's result as text (the ContextsAndCoercions article of MBMLEngine):
            // reuse it, so a large collection is evaluated once and rendered only as far as a row shows.
            if context == .string, let objectResult = results[.object] {
                results[.string] = objectResult
                traces[.string] = traces[.object]
                if let last = logs.last, last.contexts.contains(.object) {
                    logs[logs.count - 1].contexts.append(.string)
                }
                continue
            }
            if context == .string, let objectFailure = failures[.object] {
                failures[.string] = objectFailure
                continue
            }
            environment.log.clear()
            if let error = prepared.parseError(in: context) {
                failures[context] = error
                continue
            }
            // One traced evaluation gives the row's value and what each token produced. Object
            // results whose interpolated text would pass ``displayTextLimit`` are cut there, so that
            // a keystroke never renders megabytes of text.
            // Each context is one job, stopped when the text changes or the user cancels.
            let job = Evaluation(
                limits: EvaluationLimits(
                    deadline: deadline, maximumBytes: environment.options.maximumEvaluationBytes,
                    isCancelled: isCancelled))
            let trace = environment.trace(prepared, context: context, textLimit: displayTextLimit, within: job)
            traces[context] = trace
            switch trace.result {
            case .value(let value?):
                if trace.isTruncated, case .string(let prefix) = value {
                    results[context] = .value(.string(prefix + "…"))
                } else {
                    results[context] = .value(value)
                }
            case .value(nil), .notEvaluated:
                results[context] = context == .boolean ? .value(.boolean(false)) : .noValue
            case .error(let error):
                results[context] = .error(
                    deadline.map { $0.hasPassed ? $0.expressionError(expression: text) : error } ?? error)
            }
            let lines = environment.log.lines
            if let last = logs.last, last.lines == lines {
                logs[logs.count - 1].contexts.append(context)
            } else {
                logs.append(([context], lines))
            }
        }
        var hints: [ExpressionContext: [Hint]] = [:]
        for context in [ExpressionContext.object, .number, .boolean] {
            guard let trace = traces[context], deadline?.hasPassed != true else { continue }
            if isCancelled() { return nil }
            hints[context] = environment.hints(for: prepared, context: context, trace: trace)
        }
        // The string context shares the object context's trace, and so its hints.
        if traces[.string] != nil { hints[.string] = hints[.object] }
        environment.log.clear()
        if isCancelled() { return nil }
        // Contexts that logged the same lines share them: `[object, string] hello`.
        let logLines = logs.flatMap { group in
            group.lines.map { "[\(group.contexts.map(\.rawValue).joined(separator: ", "))] \($0)" }
        }
        var outcome = EvaluationOutcome(text: text, generation: generation, results: results, logLines: logLines)
        outcome.traces = traces
        outcome.hints = hints
        return outcome
    }
}

/// A load that ran (possibly off the UI thread), waiting for ``EngineController/finishLoad(_:)``.
struct PreparedLoad {
    var generation: Int
    /// The build, or nil for a controller around a ready-made environment.
    var build: EnvironmentLoad?
    var space: SpaceLoad
}
