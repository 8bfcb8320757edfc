import Foundation

/// Everything an implementation gets when it is called: its input, the environment to evaluate
/// expressions in, bind per-item variables and log, and the ``Evaluation`` it is part of — the job
/// whose limits its loops check (``checkCancellation()``) and whose budget it charges.
public struct FunctionCall {
    /// The function's name (without `^`).
    public let name: String
    public let input: FunctionInput
    /// The environment the call runs in.
    public let environment: Environment
    /// The job the call is part of: its limits, memory meter and depth. Expressions the function
    /// evaluates nest in it.
    public let evaluation: Evaluation
    /// The job's memory meter.
    var meter: EvaluationMeter? { evaluation.meter }
    /// Set while the call is traced step by step: where its iterations are noted.
    var steps: StepLog? = nil

    /// A call of `name` with `input`, as part of `evaluation` (nil: a job of its own under the
    /// environment's limits).
    public init(name: String, input: FunctionInput, environment: Environment, evaluation: Evaluation? = nil) {
        self.init(
            name: name, input: input, environment: environment,
            evaluation: evaluation ?? environment.makeEvaluation())
    }

    init(name: String, input: FunctionInput, environment: Environment, evaluation: Evaluation) {
        self.name = name
        self.input = input
        self.environment = environment
        self.evaluation = evaluation
    }

    /// The variable space of the environment.
    public var variables: VariableSpace { environment.variables }

    /// Evaluates `expression` in `context`, nested in the call's job; errors propagate.
    public func evaluate(_ expression: String, as context: ExpressionContext) throws -> Value? {
        try environment.evaluate(expression, in: context, within: evaluation)
    }

    /// Evaluates `expression` as a boolean, nested in the call's job; errors propagate. Empty text is false.
    public func evaluateBoolean(_ expression: String) throws -> Bool {
        try environment.evaluateBoolean(expression, within: evaluation)
    }

    /// Evaluates `expression`, logging and swallowing any error (the failure reads as nil) but the
    /// job's stop, which it throws. Used by the functions whose per-item errors are swallowed
    /// (<doc:FunctionCalls>).
    public func evaluateQuietly(_ expression: String, as context: ExpressionContext) throws -> Value? {
        do {
            return try environment.evaluate(expression, in: context, within: evaluation)
        } catch {
            try evaluation.checkStop()
            evaluation.write(describing(error), to: environment.log)
            return nil
        }
    }

    /// Evaluates `expression` as a boolean, logging and swallowing any error (the failure reads as
    /// false) but the job's stop, which it throws.
    public func evaluateBooleanQuietly(_ expression: String) throws -> Bool {
        do {
            return try environment.evaluateBoolean(expression, within: evaluation)
        } catch {
            try evaluation.checkStop()
            evaluation.write(describing(error), to: environment.log)
            return false
        }
    }

    /// Runs `body` with `bindings` in force for this call's job (``Evaluation/withBindings(_:_:)``),
    /// removed afterwards even if `body` throws. A nil binding value hides the variable for the duration.
    public func withBindings<T>(_ bindings: [(String, Value?)], _ body: () throws -> T) rethrows -> T {
        noteIteration(bindings)
        return try evaluation.withItemBindings(bindings, body)
    }

    /// Runs `body` with `$item` bound to `item` (and `$key` to `key` when there is one), as
    /// ``Evaluation/withItem(_:key:_:)`` does: one iteration of the function over a collection.
    public func withItem<T>(_ item: Value, key: String?, _ body: () throws -> T) rethrows -> T {
        if steps != nil { noteIteration(CollectionSupport.itemBindings(.init(key: key, item: item))) }
        return try evaluation.withItem(item, key: key, body)
    }

    /// Writes a line to the environment's log sink (the CLI prints it on stderr, the inspector in a pane).
    public func log(_ message: String) {
        evaluation.write(message, to: environment.log)
    }

    /// Throws the job's stop, if it must stop (``Evaluation/checkStop()``): ``MemoryBudgetExceeded``
    /// once its memory budget is spent, ``DeadlineExceeded`` past its deadline,
    /// ``CancellationFailure`` when the host cancelled it. Every loop calls it per item.
    public func checkCancellation() throws {
        try evaluation.checkStop()
    }

    /// Charges `bytes` that the function is about to build or read to the evaluation's memory budget.
    /// - Throws: ``MemoryBudgetExceeded`` when that passes the budget.
    public func chargeMemory(_ bytes: Int) throws {
        try meter?.charge(bytes)
    }

    /// Checks, without charging, that a collection of `count` elements being built still fits in what
    /// is left of the job's memory budget (its result is charged when the function returns).
    /// - Throws: ``MemoryBudgetExceeded`` when it does not.
    public func checkRoom(forElements count: Int) throws {
        guard let meter else { return }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: EvaluationMeter.elementBytes)
        if overflow || bytes > meter.remaining { try meter.charge(overflow ? .max : bytes) }
    }

    func describing(_ error: Error) -> String {
        if let error = error as? ExpressionError { return error.loggedDescription }
        return String(describing: error)
    }
}

extension FunctionCall {
    /// A stop check for a loop that evaluates nothing per step (a search, a copy, a comparison):
    /// ``LoopStopCheck/step()`` asks the job's limits every 1,024 steps.
    public func loopCheck() -> LoopStopCheck {
        LoopStopCheck(evaluation: evaluation)
    }
}

/// Counts the steps of a loop and checks its job's stop every 1,024 of them (a check reads the
/// clock, so not on every step). See ``FunctionCall/loopCheck()``.
public struct LoopStopCheck {
    let evaluation: Evaluation
    private var steps = 0

    init(evaluation: Evaluation) {
        self.evaluation = evaluation
    }

    /// Counts one step.
    /// - Throws: the job's stop (``Evaluation/checkStop()``), checked every 1,024 steps.
    public mutating func step() throws {
        steps &+= 1
        if steps & 1023 == 0 { try evaluation.checkStop() }
    }
}
