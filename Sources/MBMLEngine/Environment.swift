import Foundation
import Synchronization

/// The front door of the engine: a variable space, the functions, the expression cache and a log,
/// with the entry points that evaluate and parse expressions (<doc:ContextsAndCoercions>).
///
/// An environment is what a manifest loads into (see ``ManifestLoader``). Hosts that reload build a
/// new environment and swap it in only when the load succeeded.
public final class Environment: Sendable {
    /// The variables.
    public let variables: VariableSpace
    /// The declared functions. Changing them clears the expression cache.
    public var functions: FunctionRegistry { state.withLock { $0.functions } }
    /// Where logging functions and swallowed errors write.
    public let log: LogSink
    public var options: EnvironmentOptions {
        get { state.withLock { $0.options } }
        set { state.withLock { $0.options = newValue } }
    }
    /// Checked by long-running functions; return true to make them stop with an error.
    public var isCancelled: @Sendable () -> Bool {
        get { state.withLock { $0.isCancelled } }
        set { state.withLock { $0.isCancelled = newValue } }
    }
    /// What `$Environment` answers from (it keeps this, not the environment itself: a weak
    /// reference to the environment would slow down every retain of it).
    let facts = EnvironmentFacts()
    /// The attributes of the manifest's `<MBML>` element (`$Environment.<name>`).
    public var attributes: [String: String] {
        get { facts.attributes }
        set { facts.attributes = newValue }
    }
    /// Every MBML file loaded, manifest first, as absolute paths.
    public var loadedFiles: [String] {
        get { facts.loadedFiles }
        set { facts.loadedFiles = newValue }
    }
    /// The manifest's path, if one was loaded.
    public var manifestPath: String? {
        get { facts.manifestPath }
        set { facts.manifestPath = newValue }
    }

    /// Where each variable a load declared came from (see ``provenance(of:)``).
    private let provenances = ProvenanceTable([
        "Environment": VariableProvenance(kind: .builtIn, isReadOnly: true),
        "Platform": VariableProvenance(kind: .builtIn, isReadOnly: true),
    ])

    let cache = ExpressionCache()
    /// What changes after the environment is made: the settings above and the evaluations under way.
    struct State {
        var options: EnvironmentOptions
        var functions: FunctionRegistry
        var isCancelled: @Sendable () -> Bool = { false }
        /// Evaluation re-entry depth per thread, so that one thread's deep evaluation never fails another's.
        var evaluationDepths = ThreadDepths()
        /// While tracing: per thread, the captures that note the evaluations a function makes, by depth.
        var traceCaptures: [ThreadKey: [Int: EvaluationCapture]] = [:]
    }
    let state: Mutex<State>

    public init(
        options: EnvironmentOptions = EnvironmentOptions(), functions: FunctionRegistry = .builtIn,
        log: LogSink = LogSink()
    ) {
        self.state = Mutex(State(options: options, functions: functions))
        self.log = log
        self.variables = VariableSpace()
        variables.dynamicResolver = { [unowned self] name, expression, context in
            do {
                return try self.evaluate(expression, in: context)
            } catch {
                self.log.write("\(self.describeVariable(name)): \(Environment.logText(for: error))")
                return nil
            }
        }
        variables.reentryHandler = { [unowned self] name in
            self.log.write(
                "Evaluation error: dynamic variable \(self.describeVariable(name)) refers to itself; it reads as nil")
        }
        StandardVariables.declare(in: self)
    }

    // MARK: Provenance

    /// How `name` was declared and where, if a load declared it (nil for variables set at run time).
    public func provenance(of name: String) -> VariableProvenance? {
        provenances[name]
    }

    /// Records where `name` came from (the loader does, for each declaration).
    func recordProvenance(_ provenance: VariableProvenance, of name: String) {
        provenances.record(provenance, of: name)
    }

    /// Makes room for `count` more provenance records (a manifest about to declare them).
    func reserveProvenances(forAdditional count: Int) {
        provenances.reserveCapacity(forAdditional: count)
    }

    /// Each variable whose provenance satisfies `include`, with it (in no particular order).
    func provenances(where include: (VariableProvenance) -> Bool) -> [(name: String, provenance: VariableProvenance)] {
        provenances.latest(where: include)
    }

    /// `$name` with its declaration site when known (`$total (manifest.xml:12:5)`): how log lines
    /// about a variable name it.
    public func describeVariable(_ name: String) -> String {
        guard let site = provenances[name]?.site else { return "$" + name }
        return "$\(name) (\(site))"
    }

    // MARK: Functions

    /// Declares a function (last declaration of a name wins) and clears the expression cache, whose
    /// trees froze parameter input types at parse time (<doc:ContextsAndCoercions>).
    public func declare(_ function: FunctionDefinition) {
        state.withLock { $0.functions.declare(function) }
        cache.removeAll()
    }

    // MARK: Entry points

    /// Evaluates `expression` in `context` (<doc:ContextsAndCoercions>).
    ///
    /// - Returns: the result, or nil for "no value" (empty input, an unset variable, ...). In the
    ///   boolean context the result is always a ``Value/boolean(_:)``.
    /// - Throws: ``ExpressionError`` for parse and evaluation errors; ranges point into `expression`.
    public func evaluate(_ expression: String, in context: ExpressionContext) throws -> Value? {
        try evaluate(expression, in: context) { try $0.evaluate(in: context) }
    }

    /// Evaluates `expression` one evaluation level deeper: with `untraced`, unless a traced
    /// function is evaluating a parameter, which is then traced too. Empty text is nil.
    func evaluate(
        _ expression: String, in context: ExpressionContext, untraced: (Evaluator) throws -> Value?
    ) throws -> Value? {
        if expression.isEmpty { return nil }
        return try withDepth(expression) { capture in
            var evaluator = Evaluator(environment: self, expression: expression)
            guard let recorder = capture?.recorder(for: expression, in: context) else {
                return try untraced(evaluator)
            }
            evaluator.recorder = recorder
            return try recorder.recordingResult(of: expression) { try evaluator.evaluate(in: context) }
        }
    }

    /// Evaluates `expression` for a preview: as ``evaluate(_:in:)``, except that in the object, string
    /// and number contexts at most `limit` characters of text are built (a long interpolation or the
    /// text form of a large collection stops there; a number is read from that prefix, which differs
    /// only for a numeral longer than `limit`). Every token is still evaluated, so errors and side
    /// effects are those of a full evaluation. The inspector uses it to draw its one-line rows without
    /// rendering megabytes of text on every keystroke.
    ///
    /// - Returns: the value (a prefix when `isTruncated`) and whether text was cut.
    public func evaluatePreview(
        _ expression: String, in context: ExpressionContext,
        limit: Int
    ) throws -> (value: Value?, isTruncated: Bool) {
        if expression.isEmpty { return (nil, false) }
        return try withDepth(expression) { _ in
            try Evaluator(environment: self, expression: expression).evaluate(in: context, textLimit: limit)
        }
    }

    /// Evaluates `expression` as a boolean. Empty input is false.
    public func evaluateBoolean(_ expression: String) throws -> Bool {
        guard let value = try evaluate(expression, in: .boolean) else { return false }
        return value.isTruthy
    }

    /// Evaluates `expression` in `context`, returning `default` on any error (the original's
    /// `asObject(expr, default)` with no error slot; the error is logged).
    public func evaluate(_ expression: String, in context: ExpressionContext, default fallback: Value?) -> Value? {
        if expression.isEmpty { return fallback }
        do {
            return try evaluate(expression, in: context) ?? (context == .boolean ? .boolean(false) : fallback)
        } catch {
            log.write(Environment.logText(for: error))
            return fallback
        }
    }

    /// The top-level values of an object expression without interpolation (the original's `asArray`).
    public func evaluateAsArray(_ expression: String) throws -> [Value]? {
        if expression.isEmpty { return nil }
        return try withDepth(expression) { _ in
            try Evaluator(environment: self, expression: expression).evaluateTopLevelValues()
        }
    }

    /// Parses `expression` with `grammar` into its token tree (no constant shortcut: what `^tokenize`
    /// and the inspector's token pane show). Uses and fills the cache.
    ///
    /// - Parameters:
    ///   - expression: the expression text.
    ///   - grammar: the grammar to read it with.
    ///   - caching: pass false to look at a tree without storing it (the inspector does, so that
    ///     showing a parse never changes a later result: a cached tree bypasses the constant shortcut).
    public func parse(_ expression: String, grammar: Grammar, caching: Bool = true) throws -> [Token] {
        if let cached = cache.tokens(for: expression, grammar: grammar) { return cached }
        let (functions, maximumDepth) = state.withLock { ($0.functions, $0.options.maximumNestingDepth) }
        let tokens = try Parser(
            expression: expression, grammar: grammar, functions: functions, maximumDepth: maximumDepth
        ).parse()
        if caching { cache.store(tokens, for: expression, grammar: grammar) }
        return tokens
    }

    /// Parses `expression` as `context` would.
    public func parse(_ expression: String, in context: ExpressionContext, caching: Bool = true) throws -> [Token] {
        try parse(expression, grammar: context.grammar, caching: caching)
    }

    /// Forgets every cached token tree.
    public func clearCache() {
        cache.removeAll()
    }

    // MARK: Helpers

    /// The logged form of any error.
    public static func logText(for error: Error) -> String {
        if let error = error as? ExpressionError { return error.loggedDescription }
        return String(describing: error)
    }

    /// Runs `body` with the evaluation re-entry depth of this thread raised by one. While a traced
    /// function runs, `body` gets the capture that notes the evaluations at the new depth.
    func withDepth<T>(_ expression: String, _ body: (EvaluationCapture?) throws -> T) throws -> T {
        let thread = currentThreadKey()
        let (depth, maximumDepth, capture, meter) = state.withLock { state in
            let depth = (state.evaluationDepths[thread] ?? 0) + 1
            state.evaluationDepths[thread] = depth
            let capture = state.traceCaptures.isEmpty ? nil : state.traceCaptures[thread]?[depth]
            let meter: EvaluationMeter?
            if depth == 1 {
                let budget = state.options.maximumEvaluationBytes
                meter = budget > 0 ? EvaluationMeter(limit: budget) : nil
                state.evaluationDepths.setMeter(meter, of: thread)
            } else {
                meter = nil
            }
            return (depth, state.options.maximumNestingDepth, capture, meter)
        }
        defer {
            state.withLock { state in
                state.evaluationDepths[thread] = depth > 1 ? depth - 1 : nil
                if depth == 1 { state.evaluationDepths.setMeter(nil, of: thread) }
            }
        }
        if depth > maximumDepth {
            throw ExpressionError(
                .evaluation, "Evaluation nested more than \(maximumDepth) levels deep",
                expression: expression)
        }
        guard let meter else { return try body(capture) }
        // The top level: a spent memory budget ends the evaluation, even where a function swallowed
        // the error (its result may be wrong, so it is dropped).
        do {
            let result = try body(capture)
            if let exceeded = meter.exceeded { throw exceeded }
            return result
        } catch {
            if let exceeded = meter.exceeded { throw exceeded }
            throw error
        }
    }

    /// The memory meter of the evaluation the calling thread is in, if any.
    func currentMeter() -> EvaluationMeter? {
        let thread = currentThreadKey()
        return state.withLock { $0.evaluationDepths.meter(of: thread) }
    }
}
