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
        set {
            state.withLock { state in
                state.options = newValue
                nestingDepth.store(newValue.maximumNestingDepth, ordering: .relaxed)
            }
        }
    }
    /// ``EnvironmentOptions/maximumNestingDepth`` of ``options``, which every evaluation checks:
    /// read without the lock, which the workers of a parallel per-item scope would otherwise take
    /// (and copy the options under) for every item.
    private let nestingDepth: Atomic<Int>
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

    let cache: ExpressionCache
    /// The data files mapped into the environment, which ``checkMappedDataUnchanged()`` checks.
    let mappedDocuments = MappedDocuments()
    /// What changes after the environment is made: the settings above. (What an evaluation
    /// changes lives in its ``Evaluation``.)
    struct State {
        var options: EnvironmentOptions
        var functions: FunctionRegistry
    }
    let state: Mutex<State>

    public convenience init(
        options: EnvironmentOptions = EnvironmentOptions(), functions: FunctionRegistry = .builtIn,
        log: LogSink = LogSink()
    ) {
        self.init(options: options, functions: functions, log: log, cache: ExpressionCache())
    }

    /// An environment whose token trees are kept in `cache` (a copy shares its original's: the same
    /// functions parse the same trees).
    init(options: EnvironmentOptions, functions: FunctionRegistry, log: LogSink, cache: ExpressionCache) {
        self.cache = cache
        self.state = Mutex(State(options: options, functions: functions))
        self.nestingDepth = Atomic(options.maximumNestingDepth)
        self.log = log
        self.variables = VariableSpace()
        variables.dynamicResolver = { [unowned self] name, expression, context, evaluation in
            do {
                return try self.evaluate(expression, in: context, within: evaluation)
            } catch {
                // A stop ends the job; any other error reads as nil (logged).
                if evaluation.isStopped { throw error }
                evaluation.write("\(self.describeVariable(name)): \(Environment.logText(for: error))", to: self.log)
                return nil
            }
        }
        variables.makeEvaluation = { [unowned self] in self.makeEvaluation() }
        variables.reentryHandler = { [unowned self] name in
            self.log.write(
                "Evaluation error: dynamic variable \(self.describeVariable(name)) refers to itself; it reads as nil")
        }
        StandardVariables.declare(in: self)
    }

    /// A new environment with this one's options, functions, log, facts, variables and
    /// provenances: an incremental load (``ManifestTextLoad``) changes the copy, never an
    /// environment in use.
    /// With `sharingCache` false the copy parses into a cache of its own: one whose functions are
    /// about to change (``replaceFunctions(with:)``) must not give its trees to the original.
    func copy(sharingCache: Bool = true) -> Environment {
        let copy = Environment(
            options: options, functions: functions, log: log, cache: sharingCache ? cache : ExpressionCache())
        copy.variables.replaceContents(with: variables)
        copy.provenances.replaceRecords(with: provenances)
        copy.facts.replaceValues(with: facts)
        copy.mappedDocuments.record(contentsOf: mappedDocuments)
        return copy
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

    /// Records the provenance of plain declarations made in `file`
    /// (``ProvenanceTable/recordPlain(names:kinds:values:positions:file:)``).
    func recordPlainProvenances(
        names: ArraySlice<String>, kinds: ArraySlice<VariableProvenance.Kind>, values: ArraySlice<Value>,
        positions: ArraySlice<(line: Int32, column: Int32)>, file: String
    ) {
        provenances.recordPlain(names: names, kinds: kinds, values: values, positions: positions, file: file)
    }

    /// Moves the provenances that `shift` moves (an incremental load after an edit that added or
    /// removed lines).
    func moveProvenances(_ shift: LineShift) {
        provenances.apply(shift)
    }

    /// Makes room for `count` more provenance records (a manifest about to declare them).
    func reserveProvenances(forAdditional count: Int) {
        provenances.reserveCapacity(forAdditional: count)
    }

    /// Each variable whose provenance has an expression that passes `expressionTest` and satisfies
    /// `include`, with it (in no particular order).
    func provenancesWithExpression(
        passing expressionTest: (String) -> Bool, where include: (VariableProvenance) -> Bool
    ) -> [(name: String, provenance: VariableProvenance)] {
        provenances.latestWithExpression(passing: expressionTest, where: include)
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

    /// Makes `functions` the declared functions and clears the expression cache: an incremental
    /// load (``ManifestTextLoad``) declares an element again with the functions declared before it.
    func replaceFunctions(with functions: FunctionRegistry) {
        state.withLock { $0.functions = functions }
        cache.removeAll()
    }

    // MARK: Entry points

    /// A new job under the limits of this environment's options (its memory budget; no deadline, no
    /// cancellation): what the entry points use when they are not given an ``Evaluation``.
    public func makeEvaluation() -> Evaluation {
        Evaluation(options: options)
    }

    /// Evaluates `expression` in `context` (<doc:ContextsAndCoercions>), as one job under the
    /// limits of this environment's options.
    ///
    /// - Returns: the result, or nil for "no value" (empty input, an unset variable, ...). In the
    ///   boolean context the result is always a ``Value/boolean(_:)``.
    /// - Throws: ``ExpressionError`` for parse and evaluation errors; ranges point into `expression`.
    ///   ``MemoryBudgetExceeded``, ``DeadlineExceeded`` or ``CancellationFailure`` when a limit stops it.
    public func evaluate(_ expression: String, in context: ExpressionContext) throws -> Value? {
        try evaluate(expression, in: context, within: makeEvaluation())
    }

    /// Evaluates `expression` in `context` as one job under `limits`.
    public func evaluate(_ expression: String, in context: ExpressionContext, limits: EvaluationLimits) throws
        -> Value?
    {
        try evaluate(expression, in: context, within: Evaluation(limits: limits))
    }

    /// Evaluates `expression` in `context` as part of `evaluation` (a nil evaluation: a new job
    /// under this environment's limits). Called between the job's evaluations, it starts a
    /// top-level one, which ends with the job's stop if a limit was hit (<doc:RunningUntrustedMBML>);
    /// called while one runs (a function's parameter, a dynamic variable), it nests in it.
    public func evaluate(_ expression: String, in context: ExpressionContext, within evaluation: Evaluation?) throws
        -> Value?
    {
        try evaluate(expression, in: context, within: evaluation ?? makeEvaluation()) { try $0.evaluate(in: context) }
    }

    /// Evaluates `expression` one evaluation level deeper in `evaluation`: with `untraced`, unless a
    /// traced function is evaluating a parameter, which is then traced too. Empty text is nil.
    func evaluate(
        _ expression: String, in context: ExpressionContext, within evaluation: Evaluation,
        untraced: (Evaluator) throws -> Value?
    ) throws -> Value? {
        if expression.isEmpty { return nil }
        return try withDepth(expression, in: evaluation) { capture in
            var evaluator = Evaluator(environment: self, expression: expression, evaluation: evaluation)
            guard let recorder = capture?.recorder(for: expression, in: context) else {
                return try untraced(evaluator)
            }
            evaluator.recorder = recorder
            return try recorder.recordingResult(of: expression) { try evaluator.evaluate(in: context) }
        }
    }

    /// What ``evaluate(_:in:within:)`` returns for `expression` when nothing needs evaluating: empty
    /// text, or text the constant shortcut answers in a top-level evaluation of `evaluation` (not
    /// stopped, nothing traced, nesting allowed, no token tree cached for the text). Nil when the
    /// text must be evaluated. A manifest's `value="…"` and `if="…"` are mostly such text.
    func constantResult(of expression: String, in context: ExpressionContext, within evaluation: Evaluation)
        -> ConstantShortcut.Answer?
    {
        if expression.isEmpty { return ConstantShortcut.Answer(value: nil) }
        guard evaluation.depth == 0, evaluation.captures.isEmpty, maximumNestingDepth >= 1,
            ConstantShortcut.answers(expression, in: context), !evaluation.isStopped,
            cache.tokens(for: expression, grammar: context.grammar) == nil
        else { return nil }
        return ConstantShortcut.result(ofUnmarked: expression, in: context)
    }

    /// Evaluates `expression` for a preview: as ``evaluate(_:in:within:)``, except that in the object,
    /// string and number contexts at most `limit` characters of text are built (a long interpolation
    /// or the text form of a large collection stops there; a number is read from that prefix, which
    /// differs only for a numeral longer than `limit`). Every token is still evaluated, so errors and
    /// side effects are those of a full evaluation. The inspector uses it to draw its one-line rows
    /// without rendering megabytes of text on every keystroke.
    ///
    /// - Returns: the value (a prefix when `isTruncated`) and whether text was cut.
    public func evaluatePreview(
        _ expression: String, in context: ExpressionContext,
        limit: Int, within evaluation: Evaluation? = nil
    ) throws -> (value: Value?, isTruncated: Bool) {
        if expression.isEmpty { return (nil, false) }
        let evaluation = evaluation ?? makeEvaluation()
        return try withDepth(expression, in: evaluation) { _ in
            try Evaluator(environment: self, expression: expression, evaluation: evaluation)
                .evaluate(in: context, textLimit: limit)
        }
    }

    /// Evaluates `expression` as a boolean. Empty input is false.
    public func evaluateBoolean(_ expression: String, within evaluation: Evaluation? = nil) throws -> Bool {
        guard let value = try evaluate(expression, in: .boolean, within: evaluation) else { return false }
        return value.isTruthy
    }

    /// Evaluates `expression` in `context`, returning `default` on any error (the original's
    /// `asObject(expr, default)` with no error slot; the error is logged).
    public func evaluate(
        _ expression: String, in context: ExpressionContext, default fallback: Value?,
        within evaluation: Evaluation? = nil
    ) -> Value? {
        if expression.isEmpty { return fallback }
        do {
            return try evaluate(expression, in: context, within: evaluation)
                ?? (context == .boolean ? .boolean(false) : fallback)
        } catch {
            if let evaluation {
                evaluation.write(Environment.logText(for: error), to: log)
            } else {
                log.write(Environment.logText(for: error))
            }
            return fallback
        }
    }

    /// The top-level values of an object expression without interpolation (the original's `asArray`).
    public func evaluateAsArray(_ expression: String, within evaluation: Evaluation? = nil) throws -> [Value]? {
        if expression.isEmpty { return nil }
        let evaluation = evaluation ?? makeEvaluation()
        return try withDepth(expression, in: evaluation) { _ in
            try Evaluator(environment: self, expression: expression, evaluation: evaluation)
                .evaluateTopLevelValues()
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

    /// How deep a job's evaluations may nest (``EnvironmentOptions/maximumNestingDepth``).
    var maximumNestingDepth: Int { nestingDepth.load(ordering: .relaxed) }

    // MARK: Helpers

    /// The logged form of any error.
    public static func logText(for error: Error) -> String {
        if let error = error as? ExpressionError { return error.loggedDescription }
        return String(describing: error)
    }

    /// Runs `body` one evaluation level deeper in `evaluation`. While a traced function runs, `body`
    /// gets the capture that notes the evaluations at the new depth. At the top level, the job's
    /// stop wins over what `body` returned or threw (``Evaluation/run(_:)``).
    func withDepth<T>(
        _ expression: String, in evaluation: Evaluation, _ body: (EvaluationCapture?) throws -> T
    ) throws -> T {
        evaluation.depth += 1
        defer { evaluation.depth -= 1 }
        let depth = evaluation.depth
        let maximumDepth = nestingDepth.load(ordering: .relaxed)
        if depth > maximumDepth {
            throw ExpressionError(
                .evaluation, "Evaluation nested more than \(maximumDepth) levels deep",
                expression: expression)
        }
        // Every evaluation a job starts (a per-item test, a sort comparison, a dynamic variable) sees
        // its stop first: no loop that evaluates runs on past a limit.
        try evaluation.checkStop()
        let capture = evaluation.captures.isEmpty ? nil : evaluation.captures[depth]
        guard depth == 1 else { return try body(capture) }
        return try evaluation.run { try body(capture) }
    }
}
