import Foundation
import Synchronization

/// Notes, during one evaluation, what every token of one expression produced: the first few outcomes
/// and how often it was evaluated. The evaluator calls it only while tracing.
///
/// Tokens are told apart by kind and range in the expression they were parsed from; one recorder
/// serves one expression text in one context (a function's parameter evaluated once per item shares
/// one recorder across those evaluations).
final class TraceRecorder {
    struct Key: Hashable, Sendable {
        let location: Int
        let length: Int
        let kind: Token.Kind

        init(_ token: Token) {
            location = token.absoluteRange.location
            length = token.absoluteRange.length
            kind = token.kind
        }

        private init(location: Int, length: Int, kind: Token.Kind) {
            self.location = location
            self.length = length
            self.kind = kind
        }

        /// The key of no token: the whole expression of a recorder.
        static let whole = Key(location: -1, length: 0, kind: .parameterGroup)
    }

    /// What one token produced over all its evaluations.
    struct Entry {
        var outcomes: [TraceOutcome] = []
        var count = 0
    }

    /// How many outcomes are kept per token; later ones are only counted.
    static let keptOutcomes = 8

    private(set) var entries: [Key: Entry] = [:]
    /// The value each subreference was applied to (its first evaluation).
    private(set) var receivers: [Key: Value] = [:]
    /// Whole-expression results, bounded like a token's.
    private(set) var results = Entry()
    /// Whether the constant shortcut answered without tokenizing (<doc:ContextsAndCoercions>).
    private(set) var usedConstantShortcut = false
    /// The captures of the functions that evaluate their own parameters, by call token.
    private(set) var captures: [Key: EvaluationCapture] = [:]
    /// Set when the evaluation is traced step by step: the ordered log every recorder of it shares.
    let steps: StepLog?

    init(steps: StepLog? = nil) {
        self.steps = steps
    }

    func record(_ token: Token, _ outcome: TraceOutcome) {
        Self.add(outcome, to: &entries[Key(token), default: Entry()])
    }

    /// Runs `body` and notes its value or error for `token`. In the step log the token shows as
    /// `label` (its text when nil), its span starting at `anchor` when there is one.
    func recording(_ token: Token, label: String? = nil, anchor: Token? = nil, _ body: () throws -> Value?) rethrows
        -> Value?
    {
        do {
            let value = try body()
            record(token, .value(value))
            noteStep(token, label: label, anchor: anchor, .value(value))
            return value
        } catch {
            if let failure = error as? ExpressionError {
                record(token, .error(failure))
                noteStep(token, label: label, anchor: anchor, .error(failure))
            }
            throw error
        }
    }

    /// The site of `token` in this recorder, for the step log.
    func site(of token: Token) -> StepLog.Site {
        StepLog.Site(recorder: ObjectIdentifier(self), key: Key(token))
    }

    private func noteStep(_ token: Token, label: String?, anchor: Token?, _ outcome: TraceOutcome) {
        guard let steps else { return }
        steps.append(
            .token(
                site(of: token), anchor: anchor.map(site(of:)), kind: token.kind, label: label ?? token.text,
                outcome: outcome))
    }

    /// Notes that the call `token` starts running with `input` (the step log's call step).
    func noteCallStarted(_ token: Token, name: String, input: FunctionInput) {
        guard let steps else { return }
        let arguments: [Value]?
        switch input {
        case .absent: arguments = []
        case .text(let text): arguments = [.string(text)]
        case .value(let value): arguments = [value]
        case .values(let values): arguments = values
        case .expressions: arguments = nil
        }
        steps.append(.callStarted(site(of: token), name: name, arguments: arguments))
    }

    func noteReceiver(_ receiver: Value, of subreference: Token) {
        let key = Key(subreference)
        if receivers[key] == nil { receivers[key] = receiver }
    }

    /// Notes the evaluated parameters of a call whose input type evaluates them before the call.
    func noteInput(_ input: FunctionInput, of groups: [Token]) {
        switch input {
        case .text(let text):
            if let group = groups.first, group.children.first?.payload != .rawText(text) {
                record(group, .value(.string(text)))
            }
        case .value(let value):
            if let group = groups.first { record(group, .value(value)) }
        case .values(let values):
            for (group, value) in zip(groups, values) { record(group, .value(value)) }
        case .absent, .expressions:
            break
        }
    }

    func noteConstantShortcut() {
        usedConstantShortcut = true
    }

    /// Runs the evaluation of `expression` and notes its result or error.
    func recordingResult(of expression: String, _ body: () throws -> Value?) rethrows -> Value? {
        do {
            let value = try body()
            Self.add(.value(value), to: &results)
            steps?.append(.expressionResult(wholeSite, label: expression, outcome: .value(value)))
            return value
        } catch {
            let failure = TraceOutcome.expressionError(error, in: expression)
            Self.add(.error(failure), to: &results)
            steps?.append(.expressionResult(wholeSite, label: expression, outcome: .error(failure)))
            throw error
        }
    }

    /// The site standing for the whole expression this recorder traces (a parameter's result).
    var wholeSite: StepLog.Site {
        StepLog.Site(recorder: ObjectIdentifier(self), key: Key.whole)
    }

    /// The capture for the call `token` (one per call token, shared by its repeated evaluations).
    func capture(for token: Token) -> EvaluationCapture {
        let key = Key(token)
        if let existing = captures[key] { return existing }
        let capture = EvaluationCapture(steps: steps)
        captures[key] = capture
        return capture
    }

    func entry(for token: Token) -> Entry? {
        entries[Key(token)]
    }

    func receiver(of token: Token) -> Value? {
        receivers[Key(token)]
    }

    private static func add(_ outcome: TraceOutcome, to entry: inout Entry) {
        entry.count += 1
        if entry.outcomes.count < keptOutcomes { entry.outcomes.append(outcome) }
    }
}

/// The evaluations a function (input type `pipedExpressions`) made of expressions while it ran, one
/// recorder per distinct (expression text, context), in the order first seen. Bounded: a function
/// that evaluates many distinct texts (e.g. `^eval` of generated text) keeps only the first ones.
///
/// The thread that traces the function is the only one that uses a capture; it is `Sendable`, its
/// list behind a lock, so that the environment's lock-protected state can hold it.
final class EvaluationCapture: Sendable {
    struct Evaluated {
        let expression: String
        let context: ExpressionContext
        let recorder: TraceRecorder
    }

    static let capacity = 64
    private let storage = Mutex<[Evaluated]>([])
    /// The step log the recorders it makes note into, when tracing step by step.
    let steps: StepLog?

    init(steps: StepLog? = nil) {
        self.steps = steps
    }

    var evaluated: [Evaluated] { storage.withLock { $0 } }

    func recorder(for expression: String, in context: ExpressionContext) -> TraceRecorder? {
        storage.withLock { evaluated in
            if let found = evaluated.first(where: { $0.expression == expression && $0.context == context }) {
                return found.recorder
            }
            guard evaluated.count < Self.capacity else { return nil }
            let recorder = TraceRecorder(steps: steps)
            evaluated.append(Evaluated(expression: expression, context: context, recorder: recorder))
            return recorder
        }
    }
}

extension Evaluation {
    /// Runs `body` (a traced function's implementation) so that the expressions it evaluates one
    /// level deeper in this job are noted in `capture`.
    func capturingEvaluations<T>(into capture: EvaluationCapture, _ body: () throws -> T) rethrows -> T {
        let depth = self.depth + 1
        let previous = captures[depth]
        captures[depth] = capture
        defer { captures[depth] = previous }
        return try body()
    }
}
