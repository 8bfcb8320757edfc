import Foundation
import Synchronization

/// Notes, during one evaluation, what every token of one expression produced: the first few outcomes
/// and how often it was evaluated. The evaluator calls it only while tracing.
///
/// Tokens are told apart by kind and range in the expression they were parsed from; one recorder
/// serves one expression text in one context (a function's parameter evaluated once per item shares
/// one recorder across those evaluations).
final class TraceRecorder {
    struct Key: Hashable {
        let location: Int
        let length: Int
        let kind: Token.Kind

        init(_ token: Token) {
            location = token.absoluteRange.location
            length = token.absoluteRange.length
            kind = token.kind
        }
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

    func record(_ token: Token, _ outcome: TraceOutcome) {
        Self.add(outcome, to: &entries[Key(token), default: Entry()])
    }

    /// Runs `body` and notes its value or error for `token`.
    func recording(_ token: Token, _ body: () throws -> Value?) rethrows -> Value? {
        do {
            let value = try body()
            record(token, .value(value))
            return value
        } catch {
            if let failure = error as? ExpressionError { record(token, .error(failure)) }
            throw error
        }
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
            return value
        } catch {
            Self.add(.error(TraceOutcome.expressionError(error, in: expression)), to: &results)
            throw error
        }
    }

    /// The capture for the call `token` (one per call token, shared by its repeated evaluations).
    func capture(for token: Token) -> EvaluationCapture {
        let key = Key(token)
        if let existing = captures[key] { return existing }
        let capture = EvaluationCapture()
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

    var evaluated: [Evaluated] { storage.withLock { $0 } }

    func recorder(for expression: String, in context: ExpressionContext) -> TraceRecorder? {
        storage.withLock { evaluated in
            if let found = evaluated.first(where: { $0.expression == expression && $0.context == context }) {
                return found.recorder
            }
            guard evaluated.count < Self.capacity else { return nil }
            let recorder = TraceRecorder()
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
