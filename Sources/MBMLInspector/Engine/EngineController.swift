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

    /// The token trees of `text` in the object, math and boolean grammars.
    public func parse(_ text: String) -> ParseOutcome {
        var trees: [Grammar: ParseOutcome.Tree] = [:]
        for grammar in [Grammar.object, .math, .boolean] {
            do {
                trees[grammar] = .tokens(try environment.parse(text, grammar: grammar, caching: false))
            } catch let error as ExpressionError {
                trees[grammar] = .failure(error)
            } catch {
                trees[grammar] = .failure(ExpressionError(.generic, String(describing: error), expression: text))
            }
        }
        return ParseOutcome(text: text, trees: trees)
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
        Self.evaluate(text, generation: generation, in: environment, ticket: ticket)
    }

    /// The environment and ticket an evaluation started now would use (for the background queue).
    func evaluationJob(_ text: String, generation: Int) -> () -> EvaluationOutcome? {
        let environment = self.environment
        let ticket = self.ticket
        return { Self.evaluate(text, generation: generation, in: environment, ticket: ticket) }
    }

    /// How much interpolated text a result row keeps. Rows show one line; a longer interpolation (a
    /// whole collection turned into text while an expression is half typed) ends with "…".
    static let displayTextLimit = 4096

    /// The value to show for `context`: object results whose interpolated text would be longer than
    /// ``displayTextLimit`` are cut there, so that a keystroke never renders megabytes of text.
    private static func evaluateForDisplay(_ text: String, in context: ExpressionContext,
                                           environment: Environment) throws -> Value? {
        let (value, isTruncated) = try environment.evaluatePreview(text, in: context, limit: displayTextLimit)
        if isTruncated, case .string(let prefix)? = value { return .string(prefix + "…") }
        return value
    }

    private static func evaluate(_ text: String, generation: Int, in environment: Environment,
                                 ticket: EvaluationTicket) -> EvaluationOutcome? {
        guard ticket.isCurrent(generation) else { return nil }
        ticket.begin(generation)
        var results: [ExpressionContext: ContextResult] = [:]
        var failures: [ExpressionContext: ExpressionError] = [:]
        var logs: [(contexts: [ExpressionContext], lines: [String])] = []
        for context in ExpressionContext.allCases {
            if ticket.isCancelled { return nil }
            // The string context is the object context's result as text (the ContextsAndCoercions article of MBMLEngine):
            // reuse it, so a large collection is evaluated once and rendered only as far as a row shows.
            if context == .string, let objectResult = results[.object] {
                results[.string] = objectResult
                if let last = logs.last, last.contexts.contains(.object) { logs[logs.count - 1].contexts.append(.string) }
                continue
            }
            if context == .string, let objectFailure = failures[.object] {
                failures[.string] = objectFailure
                continue
            }
            environment.log.clear()
            do {
                _ = try environment.parse(text, in: context, caching: false)
            } catch let error as ExpressionError {
                failures[context] = error
                continue
            } catch {
                failures[context] = ExpressionError(.generic, String(describing: error), expression: text)
                continue
            }
            do {
                if let value = try Self.evaluateForDisplay(text, in: context, environment: environment) {
                    results[context] = .value(value)
                } else {
                    results[context] = context == .boolean ? .value(.boolean(false)) : .noValue
                }
            } catch let error as ExpressionError {
                results[context] = .error(error)
            } catch {
                results[context] = .error(ExpressionError(.generic, String(describing: error), expression: text))
            }
            let lines = environment.log.lines
            if let last = logs.last, last.lines == lines {
                logs[logs.count - 1].contexts.append(context)
            } else {
                logs.append(([context], lines))
            }
        }
        environment.log.clear()
        if ticket.isCancelled { return nil }
        // Contexts that logged the same lines share them: `[object, string] hello`.
        let logLines = logs.flatMap { group in
            group.lines.map { "[\(group.contexts.map(\.rawValue).joined(separator: ", "))] \($0)" }
        }
        return EvaluationOutcome(text: text, generation: generation, results: results, parseFailures: failures,
                                 logLines: logLines)
    }
}
