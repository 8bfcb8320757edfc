import Foundation

/// Everything an implementation gets when it is called: its input, and the environment to evaluate
/// expressions in, bind per-item variables, log, and check for cancellation.
public struct FunctionCall {
    /// The function's name (without `^`).
    public let name: String
    public let input: FunctionInput
    /// The environment the call runs in.
    public let environment: Environment
    /// The memory meter of the evaluation the call is part of, looked up once: loops that check
    /// for cancellation on every item read it without a lock.
    let meter: EvaluationMeter?
    /// Whether the function reads lazily decoded JSON itself (``FunctionDefinition/readsLazyJSON``):
    /// when false, what it evaluates comes back fully decoded.
    let readsLazyJSON: Bool
    /// Set while the call is traced step by step: where its iterations are noted.
    var steps: StepLog? = nil

    public init(name: String, input: FunctionInput, environment: Environment) {
        self.init(name: name, input: input, environment: environment, readsLazyJSON: false)
    }

    init(name: String, input: FunctionInput, environment: Environment, readsLazyJSON: Bool) {
        self.name = name
        self.input = input
        self.environment = environment
        self.meter = environment.currentMeter()
        self.readsLazyJSON = readsLazyJSON
    }

    /// `value` as the function may see it: decoded unless it reads lazily decoded JSON itself.
    func presented(_ value: Value?) throws -> Value? {
        readsLazyJSON ? value : try value?.materialized(chargingTo: meter)
    }

    /// The variable space of the environment.
    public var variables: VariableSpace { environment.variables }

    /// Evaluates `expression` in `context`; errors propagate.
    public func evaluate(_ expression: String, as context: ExpressionContext) throws -> Value? {
        try presented(try environment.evaluate(expression, in: context))
    }

    /// Evaluates `expression` as a boolean; errors propagate. Empty text is false.
    public func evaluateBoolean(_ expression: String) throws -> Bool {
        try environment.evaluateBoolean(expression)
    }

    /// Evaluates `expression`, logging and swallowing any error (the failure reads as nil). Used by the
    /// functions whose per-item errors are swallowed (<doc:FunctionCalls>).
    public func evaluateQuietly(_ expression: String, as context: ExpressionContext) -> Value? {
        do {
            return try presented(try environment.evaluate(expression, in: context))
        } catch {
            environment.log.write(describing(error))
            return nil
        }
    }

    /// Evaluates `expression` as a boolean, logging and swallowing any error (the failure reads as false).
    public func evaluateBooleanQuietly(_ expression: String) -> Bool {
        do {
            return try environment.evaluateBoolean(expression)
        } catch {
            environment.log.write(describing(error))
            return false
        }
    }

    /// Runs `body` with `bindings` pushed onto the variable space; restores previous values afterwards,
    /// even if `body` throws. A nil binding value hides the variable for the duration.
    public func withBindings<T>(_ bindings: [(String, Value?)], _ body: () throws -> T) rethrows -> T {
        noteIteration(bindings)
        return try environment.variables.withBindings(bindings, body)
    }

    /// Runs `body` with `$item` bound to `item` (and `$key` to `key` when there is one), as
    /// ``VariableSpace/withItem(_:key:_:)`` does: one iteration of the function over a collection.
    public func withItem<T>(_ item: Value, key: String?, _ body: () throws -> T) rethrows -> T {
        if steps != nil { noteIteration(CollectionSupport.itemBindings(.init(key: key, item: item))) }
        return try environment.variables.withItem(item, key: key, body)
    }

    /// Writes a line to the environment's log sink (the CLI prints it on stderr, the inspector in a pane).
    public func log(_ message: String) {
        environment.log.write(message)
    }

    /// Throws ``CancellationFailure`` when the host asked to stop (long `^repeat`/`^bench` loops call
    /// this), and ``MemoryBudgetExceeded`` once the evaluation's memory budget is spent.
    public func checkCancellation() throws {
        if environment.isCancelled() { throw CancellationFailure() }
        if let exceeded = meter?.exceeded { throw exceeded }
    }

    /// Charges `bytes` that the function is about to build or read to the evaluation's memory budget.
    /// - Throws: ``MemoryBudgetExceeded`` when that passes the budget.
    public func chargeMemory(_ bytes: Int) throws {
        try meter?.charge(bytes)
    }

    func describing(_ error: Error) -> String {
        if let error = error as? ExpressionError { return error.loggedDescription }
        return String(describing: error)
    }
}

/// Thrown when a long evaluation is cancelled by its host (e.g. the inspector after a keystroke).
public struct CancellationFailure: Error, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "evaluation cancelled" }
}
