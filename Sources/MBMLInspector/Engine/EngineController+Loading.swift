import Foundation
import MBMLEngine

/// Loading: the space (again), off the UI thread, and its dynamic variables one by one.
extension EngineController {
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
            showing(prepared.generation)
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
            showing(prepared.generation)
            return .spaceLoaded(space)
        }
        environment = load.environment
        hasLoaded = true
        showing(prepared.generation)
        return .spaceLoaded(prepared.space)
    }

    /// The space of load `generation` is on show from now on: the dynamic values kept are of an
    /// older one.
    private func showing(_ generation: Int) {
        shownLoadGeneration = generation
        dynamicValues.reset(generation: generation)
    }

    /// Forgets the dynamic values the tree computed (a refresh computes them again: time moved on).
    func forgetDynamicValues() {
        dynamicValues.reset(generation: shownLoadGeneration)
    }

    /// Stops the running load and the dynamic variables still being computed.
    func cancelLoad() {
        loading.cancel()
    }

    /// Computes the dynamic variable `name` of the environment on show for the load `generation`.
    /// - Returns: nil when that load is no longer current or was cancelled.
    /// The value is kept in ``dynamicValues``, for the evaluations of the editor's text (which wait
    /// for it while it is being computed, instead of computing it a second time); a value an
    /// evaluation of the editor's text computed first (or is computing) is taken from there too,
    /// and so are the dynamic variables the expression reads.
    func dynamicVariableJob(_ name: String, generation: Int) -> @Sendable () -> InspectorAction? {
        let environment = self.environment
        let loading = self.loading
        let store = dynamicValues
        return {
            let isCancelled: @Sendable () -> Bool = { !loading.isCurrent(generation) }
            guard !isCancelled(),
                case .dynamic(let expression, let context)? = environment.variables.declaration(of: name)
            else {
                return nil
            }
            let claim = store.answer(for: name, generation: generation, mayWait: true, shouldStop: isCancelled)
            if case .known(let value) = claim {
                return .dynamicComputed(name: name, value: value, failure: nil, generation: generation)
            }
            let job = Evaluation(
                limits: EvaluationLimits(options: environment.options, isCancelled: isCancelled),
                sharing: SharedDynamicValues(
                    for: environment.variables, exchange: store.exchange(generation: generation)))
            let outcome: (Value?, String?)
            do {
                outcome = (
                    try environment.computeDynamicVariable(name, expression: expression, context: context, within: job),
                    nil
                )
            } catch {
                outcome = (nil, Environment.logText(for: error))
            }
            // A cancelled computation may have stopped half way: its answer is neither kept nor shown.
            let kept = !isCancelled() && outcome.1 == nil
            if claim == .claimed {
                store.finish(name, value: kept ? outcome.0 : nil, keeps: kept, generation: generation)
            }
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

}

/// A load that ran (possibly off the UI thread), waiting for ``EngineController/finishLoad(_:)``.
struct PreparedLoad {
    var generation: Int
    /// The build, or nil for a controller around a ready-made environment.
    var build: EnvironmentLoad?
    var space: SpaceLoad
}
