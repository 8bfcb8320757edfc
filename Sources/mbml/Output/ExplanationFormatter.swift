import MBMLEngine

/// The text and JSON forms of `mbml explain`, written as part of the explained expression's job:
/// the values they print are charged to its budget (previews stop at their width).
struct ExplanationFormatter {
    let trace: ExpressionTrace
    let hints: [Hint]
    let evaluation: Evaluation

    /// How many characters of a value a line shows.
    static let previewLimit = 60

    // MARK: Text

    /// - Throws: the job's stop (a value too large to print within its budget).
    func text() throws -> String {
        var lines = ["\(trace.context.rawValue) context: \(trace.expression)"]
        if trace.usedConstantShortcut {
            lines.append("(no marker characters: the text is the result without being tokenized)")
        }
        var stack = trace.nodes.reversed().map { (node: $0, depth: 1) }
        while let (node, depth) = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth) + line(for: node))
            stack.append(contentsOf: node.children.reversed().map { ($0, depth + 1) })
        }
        lines.append("result: " + (try result()))
        for hint in hints {
            var line = "hint[\(hint.code.rawValue)] col \(hint.range.location + 1): \(hint.message)"
            if let replacement = hint.replacement { line += " (try: \(replacement))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func line(for node: TraceNode) -> String {
        var line = node.kind.rawValue + " " + JSONCodec.quoted(node.text) + " " + node.range.description
        if let context = node.parameterContext { line += " [\(context.rawValue)]" }
        line += " = " + node.outcome.preview(limit: Self.previewLimit)
        if node.evaluationCount > 1 {
            let shown = node.outcomes.map { $0.preview(limit: 20) }.joined(separator: ", ")
            let more = node.evaluationCount > node.outcomes.count ? ", …" : ""
            line += "  (evaluated \(node.evaluationCount) times: \(shown)\(more))"
        }
        return line
    }

    private func result() throws -> String {
        switch trace.result {
        case .value(let value):
            return try ResultFormatter.line(of: value, in: trace.context, within: evaluation)
                + (trace.isTruncated ? "…" : "")
        case .error(let error):
            let range = error.range.map { " at " + $0.description } ?? ""
            return "error" + range + ": " + ResultFormatter.message(of: error)
        case .notEvaluated(let reason):
            return "not evaluated: \(reason)"
        }
    }

    // MARK: JSON

    /// The JSON form (``ExplanationJSON``), written by the one JSON writer of `mbml`.
    /// - Throws: the job's stop (a value too large to print within its budget).
    func json() throws -> String {
        try JSONTextEncoder().encode(
            ExplanationJSON(
                expression: trace.expression, context: trace.context.rawValue, result: try outcome(trace.result),
                nodes: try trace.nodes.map(node), hints: hints.map(hint)))
    }

    private func node(_ node: TraceNode) throws -> ExplanationJSON.Node {
        ExplanationJSON.Node(
            kind: node.kind.rawValue, text: node.text, range: Self.range(node.range),
            context: node.parameterContext?.rawValue, outcome: try outcome(node.outcome),
            evaluations: node.evaluationCount, children: try node.children.map(self.node))
    }

    private func outcome(_ outcome: TraceOutcome) throws -> ExplanationJSON.Outcome {
        switch outcome {
        case .value(let value):
            return ExplanationJSON.Outcome(
                value: JSONFragment(try evaluation.json(of: value)),
                preview: outcome.preview(limit: Self.previewLimit))
        case .error(let error):
            return ExplanationJSON.Outcome(
                error: ResultFormatter.message(of: error), range: error.range.map(Self.range))
        case .notEvaluated(let reason):
            return ExplanationJSON.Outcome(notEvaluated: reason.description)
        }
    }

    private func hint(_ hint: Hint) -> ExplanationJSON.Hint {
        ExplanationJSON.Hint(
            code: hint.code.rawValue, range: Self.range(hint.range), column: hint.range.location + 1,
            message: hint.message, replacement: hint.replacement)
    }

    private static func range(_ range: SourceRange) -> [Int] {
        [range.location, range.length]
    }
}

/// `mbml explain --json`: the expression, its result, the tree of what was evaluated and the hints.
struct ExplanationJSON: Encodable {
    var expression: String
    var context: String
    var result: Outcome
    var nodes: [Node]
    var hints: [Hint]

    /// One node of the tree: what it is, its text and range (`[location, length]`), the context a
    /// parameter is read in, its outcome, how often it was evaluated, and the nodes inside it.
    struct Node: Encodable {
        var kind: String
        var text: String
        var range: [Int]
        var context: String?
        var outcome: Outcome
        var evaluations: Int
        var children: [Node]
    }

    /// A value (its budgeted JSON and a preview), an error (with its range), or why it was not evaluated.
    struct Outcome: Encodable {
        var value: JSONFragment?
        var preview: String?
        var error: String?
        var range: [Int]?
        var notEvaluated: String?

        init(
            value: JSONFragment? = nil, preview: String? = nil, error: String? = nil, range: [Int]? = nil,
            notEvaluated: String? = nil
        ) {
            self.value = value
            self.preview = preview
            self.error = error
            self.range = range
            self.notEvaluated = notEvaluated
        }
    }

    /// A hint: its code, range, 1-based column, message and the replacement it suggests.
    struct Hint: Encodable {
        var code: String
        var range: [Int]
        var column: Int
        var message: String
        var replacement: String?
    }
}
