import Foundation
import MBMLEngine

/// The inspector's only door to the engine: loads the space, parses and evaluates the editor's
/// text, and turns the answers into ``InspectorAction`` values, so that the reducer stays pure.
///
/// Loads replace the environment only when they succeed; a failed reload keeps the last good one.
public final class EngineController {
    public let source: SpaceSource
    public let dataFiles: [DataFileSpec]
    public let options: EnvironmentOptions
    /// The environment expressions are evaluated in (the last one that loaded).
    public private(set) var environment: Environment
    /// Every file whose change should trigger a reload.
    public private(set) var watchedFiles: [URL] = []
    private let ticket = EvaluationTicket()
    private var hasLoaded = false

    public init(source: SpaceSource, dataFiles: [DataFileSpec] = [], options: EnvironmentOptions = EnvironmentOptions()) {
        self.source = source
        self.dataFiles = dataFiles
        self.options = options
        environment = Environment(options: options)
        attachCancellation(to: environment)
    }

    /// A controller around an environment built elsewhere (tests, the benchmark). ``load(now:)``
    /// then only takes a new snapshot of it.
    public init(environment: Environment) {
        source = .empty
        dataFiles = []
        options = environment.options
        self.environment = environment
        hasLoaded = true
        preloaded = true
        attachCancellation(to: environment)
    }

    private var preloaded = false

    /// The manifest's name as shown in the status line.
    public var manifestDisplayName: String? {
        switch source {
        case .manifest(let url): return url.relativePath
        case .text(_, let name): return name + " (built in)"
        case .empty: return preloaded ? environment.manifestPath : nil
        }
    }

    // MARK: Loading

    /// Loads the space (again). On failure the previous environment stays; on the very first load
    /// an empty space is shown with the error.
    public func load(now: Date = Date()) -> InspectorAction {
        if preloaded { return .spaceLoaded(spaceLoad(for: environment, fileCount: environment.loadedFiles.count, error: nil, now: now)) }
        let log = LogSink()
        do {
            let loaded = try SpaceLoader.load(source, dataFiles: dataFiles, options: options, log: log)
            if hasLoaded, let firstError = loaded.errors.first {
                watchedFiles = merge(watchedFiles, loaded.files)
                return .loadFailed(message: firstError, at: now)
            }
            environment = loaded.environment
            attachCancellation(to: environment)
            watchedFiles = loaded.files
            hasLoaded = true
            return .spaceLoaded(spaceLoad(for: environment, fileCount: loaded.files.count,
                                          error: loaded.errors.first, now: now))
        } catch let error as SpaceLoadError {
            watchedFiles = merge(watchedFiles, error.files + dataFiles.map { $0.url() })
            if hasLoaded { return .loadFailed(message: error.message, at: now) }
            hasLoaded = true
            environment = Environment(options: options, log: log)
            attachCancellation(to: environment)
            return .spaceLoaded(spaceLoad(for: environment, fileCount: 0, error: error.message, now: now))
        } catch {
            return .loadFailed(message: String(describing: error), at: now)
        }
    }

    private func spaceLoad(for environment: Environment, fileCount: Int, error: String?, now: Date) -> SpaceLoad {
        let variables = environment.variables
        let snapshot = VariableSnapshot(variables: variables.names.map { ($0, variables[$0]) })
        let functions = environment.functions.all.map {
            FunctionInfo(name: $0.name, signature: $0.signature, summary: $0.summary)
        }
        let lines = environment.log.lines
        environment.log.clear()
        return SpaceLoad(snapshot: snapshot, functions: functions, manifestPath: manifestDisplayName,
                         fileCount: fileCount, logLines: lines, error: error, date: now)
    }

    private func merge(_ a: [URL], _ b: [URL]) -> [URL] {
        var seen = Set<String>()
        return (a + b).filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    private func attachCancellation(to environment: Environment) {
        let ticket = self.ticket
        environment.isCancelled = { ticket.isCancelled }
    }

    // MARK: Parsing and evaluating

    /// The token trees of `text` in the object, math and boolean grammars, parsed once: the same
    /// ``PreparedExpression`` is evaluated, traced and checked for hints.
    public func parse(_ text: String) -> ParseOutcome {
        let prepared = environment.prepare(text)
        var trees: [Grammar: ParseOutcome.Tree] = [:]
        for context in [ExpressionContext.object, .number, .boolean] {
            switch prepared.parse(in: context) {
            case .success(let tokens)?: trees[context.grammar] = .tokens(tokens)
            case .failure(let error)?: trees[context.grammar] = .failure(error)
            case nil: break
            }
        }
        return ParseOutcome(text: text, trees: trees, prepared: prepared)
    }

    /// Marks `generation` as the wanted evaluation: any older one still running is cancelled.
    public func request(_ generation: Int) {
        ticket.request(generation)
    }

    /// Cancels whatever is running.
    public func cancel() {
        ticket.cancelAll()
    }

    /// Evaluates `text` in the four contexts, on the calling thread.
    /// - Returns: nil when the evaluation was cancelled (its answer is no longer wanted).
    public func evaluate(_ text: String, generation: Int) -> EvaluationOutcome? {
        evaluate(environment.prepare(text), generation: generation)
    }

    /// Evaluates (traces) a prepared text in the four contexts, on the calling thread.
    public func evaluate(_ prepared: PreparedExpression, generation: Int) -> EvaluationOutcome? {
        Self.evaluate(prepared, generation: generation, in: environment, ticket: ticket)
    }

    /// The environment and ticket an evaluation started now would use (for the background queue).
    func evaluationJob(_ prepared: PreparedExpression, generation: Int) -> () -> EvaluationOutcome? {
        let environment = self.environment
        let ticket = self.ticket
        return { Self.evaluate(prepared, generation: generation, in: environment, ticket: ticket) }
    }

    /// How much interpolated text a result row keeps. Rows show one line; a longer interpolation (a
    /// whole collection turned into text while an expression is half typed) ends with "…".
    static let displayTextLimit = 4096

    private static func evaluate(_ prepared: PreparedExpression, generation: Int, in environment: Environment,
                                 ticket: EvaluationTicket) -> EvaluationOutcome? {
        guard ticket.isCurrent(generation) else { return nil }
        ticket.begin(generation)
        let text = prepared.text
        var results: [ExpressionContext: ContextResult] = [:]
        var failures: [ExpressionContext: ExpressionError] = [:]
        var traces: [ExpressionContext: ExpressionTrace] = [:]
        var logs: [(contexts: [ExpressionContext], lines: [String])] = []
        for context in ExpressionContext.allCases {
            if ticket.isCancelled { return nil }
            // The string context is the object context's result as text (`expressions.md` §2.1, §6.2):
            // reuse it, so a large collection is evaluated once and rendered only as far as a row shows.
            if context == .string, let objectResult = results[.object] {
                results[.string] = objectResult
                traces[.string] = traces[.object]
                if let last = logs.last, last.contexts.contains(.object) { logs[logs.count - 1].contexts.append(.string) }
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
            let trace = environment.trace(prepared, context: context, textLimit: displayTextLimit)
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
                results[context] = .error(error)
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
            guard let trace = traces[context] else { continue }
            if ticket.isCancelled { return nil }
            hints[context] = environment.hints(for: prepared, context: context, trace: trace)
        }
        // The string context shares the object context's trace, and so its hints.
        if traces[.string] != nil { hints[.string] = hints[.object] }
        environment.log.clear()
        if ticket.isCancelled { return nil }
        // Contexts that logged the same lines share them: `[object, string] hello`.
        let logLines = logs.flatMap { group in
            group.lines.map { "[\(group.contexts.map(\.rawValue).joined(separator: ", "))] \($0)" }
        }
        var outcome = EvaluationOutcome(text: text, generation: generation, results: results, parseFailures: failures,
                                        logLines: logLines)
        outcome.traces = traces
        outcome.hints = hints
        return outcome
    }
}
