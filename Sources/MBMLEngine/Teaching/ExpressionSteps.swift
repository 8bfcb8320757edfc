import Foundation

/// One evaluation of an expression as numbered steps in the order they happened (see
/// `Environment.steps(_:context:limit:within:)`): each sub-expression with its value, each function call with
/// its arguments, each iteration of a function over a collection with its `$item` (and `$key`, ...),
/// then each call's result. A step debugger walks them; `mbml explain --steps` prints them.
public struct ExpressionSteps: Sendable, Equatable {
    /// How many events a step log keeps by default; later ones are dropped and ``isCut`` is set.
    public static let defaultLimit = 10_000

    /// The trace of the same evaluation (the token tree each step's ``EvaluationStep/range`` points into).
    public let trace: ExpressionTrace
    /// The steps, in evaluation order.
    public let steps: [EvaluationStep]
    /// The most events the log kept.
    public let limit: Int
    /// Whether the evaluation went on past ``limit`` events: the steps after it are not listed.
    public let isCut: Bool
}

/// One step of an evaluation.
public struct EvaluationStep: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A sub-expression produced ``EvaluationStep/outcome``.
        case value
        /// A parameter that a function evaluated itself produced ``EvaluationStep/outcome``.
        case parameter
        /// A function starts running; `arguments` are its evaluated parameters (nil when it evaluates
        /// them itself, as `^filter` does).
        case call(name: String, arguments: [Value]?)
        /// The function named starts iteration `number` (from 1) with these per-item variables bound.
        case iteration(function: String, number: Int, bindings: [Binding])
        /// The whole expression's result.
        case result
    }

    /// A per-item variable bound for an iteration (`item`, `key`, `currentValue`, ...); nil hides it.
    public struct Binding: Sendable, Equatable {
        public let name: String
        public let value: Value?

        public init(name: String, value: Value?) {
            self.name = name
            self.value = value
        }
    }

    public let kind: Kind
    /// The source text of the step (`$item.length`, `$item.length > 5`, `^filter(…)`).
    public let text: String
    /// The kind of the token the step is about, if it is about one.
    public let tokenKind: Token.Kind?
    /// Where the step is in the top-level expression (UTF-16), when it maps there; a chain's
    /// subreference spans from the chain's start.
    public let range: SourceRange?
    /// The range of the step's own node in the trace tree (with ``tokenKind``, how a token pane finds it).
    public let nodeRange: SourceRange?
    /// The value or error, for ``Kind/value``, ``Kind/parameter`` and ``Kind/result`` steps.
    public let outcome: TraceOutcome?
    /// How deep in calls and iterations the step is (0: the top level).
    public let depth: Int
    /// For a call: the index of the step with its result; for an iteration: the index of the first
    /// step after it (the next iteration, or the call's result). Any other step: its own index + 1.
    public let end: Int
    /// The index of the innermost call step this step is inside of, if any.
    public let enclosingCall: Int?
    /// The index of the innermost iteration step this step is inside of, if any.
    public let enclosingIteration: Int?

    /// A one-line form: `text = value`, `call ^name(args)`, `^name iteration N: $item = …`.
    public func line(previewLimit: Int) -> String {
        switch kind {
        case .value, .parameter, .result:
            let value = outcome?.preview(limit: previewLimit) ?? ""
            let prefix = kind == .result ? "result: " : ""
            return prefix + text + " = " + value
        case .call(let name, let arguments):
            guard let arguments else { return "call " + text }
            let shown = arguments.map { TraceOutcome.preview(of: $0, limit: previewLimit) }
            return "call ^" + name + "(" + shown.joined(separator: " | ") + ")"
        case .iteration(let function, let number, let bindings):
            let shown = bindings.map { binding in
                "$" + binding.name + " = "
                    + (binding.value.map { TraceOutcome.preview(of: $0, limit: previewLimit) } ?? "(no value)")
            }
            return "^\(function) iteration \(number): " + shown.joined(separator: ", ")
        }
    }
}
