import Foundation

/// What one evaluation of an expression did, node by node: the token tree of the context with what
/// each token produced (see `Environment.trace(_:context:textLimit:within:)`).
public struct ExpressionTrace: Sendable, Equatable {
    /// The traced expression.
    public let expression: String
    /// The context it was evaluated in.
    public let context: ExpressionContext
    /// The top-level nodes, mirroring the token tree of `context`; empty when the text does not parse.
    public let nodes: [TraceNode]
    /// The result of the whole evaluation (a parse error is a failure too).
    public let result: TraceOutcome
    /// Whether the result's text was cut at the trace's text limit.
    public let isTruncated: Bool
    /// Whether the constant shortcut answered (<doc:ContextsAndCoercions>): no token was evaluated.
    public let usedConstantShortcut: Bool

    /// Every node, depth first, parents before children.
    public var allNodes: [TraceNode] {
        var result: [TraceNode] = []
        var stack = Array(nodes.reversed())
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

/// One token of a traced expression and what it produced.
public struct TraceNode: Sendable, Equatable {
    public let kind: Token.Kind
    /// The token's source text (for a parameter, the parameter's text).
    public let text: String
    /// Where the token is, in UTF-16 code units of the traced (top-level) expression.
    public let range: SourceRange
    /// For a function parameter: the context the function evaluated it in (for `pipedExpressions`
    /// functions, the context the function actually used); nil for other tokens and raw parameters.
    public let parameterContext: ExpressionContext?
    /// The first outcome (what the pane shows).
    public let outcome: TraceOutcome
    /// Up to the first 8 outcomes, in evaluation order (a per-item parameter is
    /// evaluated once per item).
    public let outcomes: [TraceOutcome]
    /// How many times the token was evaluated.
    public let evaluationCount: Int
    public let children: [TraceNode]
    /// For a subreference: the value it was applied to (first evaluation). Used by hints.
    let receiver: Value?
    /// Names bound by the function that evaluated this part (`$item`, `$key`, ...): true inside a
    /// parameter of a `pipedExpressions` function.
    let isInsideFunctionParameter: Bool
    /// For a variable reference, its name; for a call, the function's name.
    public let name: String?
    /// For a call: whether the function is declared.
    let isKnownFunction: Bool
}

/// What a traced token (or the whole expression) produced.
public enum TraceOutcome: Sendable, Equatable {
    /// A value; nil is "no value".
    case value(Value?)
    /// The evaluation failed here.
    case error(ExpressionError)
    /// The token was not evaluated, and why.
    case notEvaluated(NotEvaluatedReason)

    /// The value, if the outcome is one.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// A one-line preview of at most `limit` characters: strings quoted, numbers and booleans plain,
    /// collections in JSON form cut with `…`, `(no value)`, `error: message`, `not evaluated: reason`.
    public func preview(limit: Int = 80) -> String {
        switch self {
        case .value(let value):
            guard let value else { return "(no value)" }
            return TraceOutcome.preview(of: value, limit: limit)
        case .error(let error):
            return "error: " + TraceOutcome.cut(error.message, limit: limit)
        case .notEvaluated(let reason):
            return "not evaluated: " + reason.description
        }
    }

    /// A value's bounded one-line form.
    public static func preview(of value: Value, limit: Int) -> String {
        switch value {
        case .string(let text):
            return "\"" + cut(text, limit: max(limit - 2, 1)) + "\""
        case .boolean(let flag):
            return flag ? "true" : "false"
        case .array(let elements):
            return collection("[", elements.lazy.map { preview(of: $0, limit: limit) }, "]", limit: limit)
        case .set(let members):
            return collection("Set[", members.lazy.map { preview(of: $0, limit: limit) }, "]", limit: limit)
        case .dictionary(let entries):
            return collection(
                "{", entries.lazy.map { "\(cut($0.key, limit: limit)): \(preview(of: $0.value, limit: limit))" },
                "}", limit: limit)
        default:
            return cut(value.text, limit: limit)
        }
    }

    /// Elements joined with `, ` between `open` and `close`, stopping once `limit` characters are
    /// used (only the elements shown are rendered).
    private static func collection<S: Sequence>(
        _ open: String, _ parts: S, _ close: String,
        limit: Int
    ) -> String where S.Element == String {
        var text = open
        var first = true
        for part in parts {
            if text.count + part.count + 2 > limit {
                return text + (first ? "" : ", ") + "…" + close
            }
            text += (first ? "" : ", ") + part
            first = false
        }
        return text + close
    }

    /// `text` on one line, cut to `limit` characters with `…`.
    static func cut(_ text: String, limit: Int) -> String {
        let head = text.prefix(limit + 1)
        let line =
            head.contains(where: \.isNewline)
            ? String(head.map { $0.isNewline ? "⏎" : $0 }) : String(head)
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }

    /// Any error thrown by evaluation, as an ``ExpressionError`` about `expression`.
    static func expressionError(_ error: Error, in expression: String) -> ExpressionError {
        ExpressionError(error, expression: expression)
    }
}

/// Why a traced token was not evaluated.
public enum NotEvaluatedReason: Sendable, Equatable, CustomStringConvertible {
    /// The right side of `-AND`/`-OR` after the left side decided (the operator's text).
    case shortCircuit(String)
    /// A parameter the function (named) did not evaluate, such as the branch `^if` did not take.
    case notUsedByFunction(String)
    /// The parameter of a `raw` function is passed as text, never evaluated.
    case rawParameter(String)
    /// The text has none of the context's marker characters: it is the result as it stands (<doc:ContextsAndCoercions>).
    case constantText
    /// The value before a subreference was nothing, so the rest of the chain was skipped.
    case afterNoValue
    /// An earlier part of the expression failed, so evaluation stopped before this part.
    case afterFailure
    /// The expression did not parse in this context.
    case parseFailed
    /// The boolean context takes one value; the text has several parts, so none was evaluated.
    case severalValues

    public var description: String {
        switch self {
        case .shortCircuit(let op): return "short-circuit: the left side of \(op) decided"
        case .notUsedByFunction(let name):
            return name == "if" ? "^if branch not taken" : "^\(name) did not evaluate this text as written"
        case .rawParameter(let name): return "passed to ^\(name) as raw text"
        case .constantText: return "constant text (no marker characters): the text is the result"
        case .afterNoValue: return "the value before it was nothing"
        case .afterFailure: return "evaluation stopped at an error"
        case .parseFailed: return "the expression does not parse"
        case .severalValues: return "a test needs one value; the text has several parts"
        }
    }
}

extension ExpressionError {
    /// The number context's message for a result that is not a number (text, a collection, ...).
    public static let notANumberMessage = "expression result could not be interpreted as an NSNumber"

    /// Whether this is the number context's "not a number" failure: not a mistake in the expression,
    /// only a result that has no number form.
    public var isNotANumber: Bool {
        kind == .evaluation && message == ExpressionError.notANumberMessage
    }
}
