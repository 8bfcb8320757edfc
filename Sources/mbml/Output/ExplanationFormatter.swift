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

    /// - Throws: the job's stop (a value too large to print within its budget).
    func json() throws -> String {
        var fields = [
            ("expression", JSONCodec.quoted(trace.expression)),
            ("context", JSONCodec.quoted(trace.context.rawValue)),
            ("result", try outcome(trace.result)),
            ("nodes", "[" + (try trace.nodes.map(node).joined(separator: ",")) + "]"),
        ]
        fields.append(("hints", "[" + hints.map(hint).joined(separator: ",") + "]"))
        return object(fields)
    }

    private func node(_ node: TraceNode) throws -> String {
        var fields = [
            ("kind", JSONCodec.quoted(node.kind.rawValue)),
            ("text", JSONCodec.quoted(node.text)),
            ("range", range(node.range)),
        ]
        if let context = node.parameterContext { fields.append(("context", JSONCodec.quoted(context.rawValue))) }
        fields.append(("outcome", try outcome(node.outcome)))
        fields.append(("evaluations", String(node.evaluationCount)))
        fields.append(("children", "[" + (try node.children.map(self.node).joined(separator: ",")) + "]"))
        return object(fields)
    }

    private func outcome(_ outcome: TraceOutcome) throws -> String {
        switch outcome {
        case .value(let value):
            return object([
                ("value", try evaluation.json(of: value)),
                ("preview", JSONCodec.quoted(outcome.preview(limit: Self.previewLimit))),
            ])
        case .error(let error):
            var fields = [("error", JSONCodec.quoted(ResultFormatter.message(of: error)))]
            if let range = error.range { fields.append(("range", self.range(range))) }
            return object(fields)
        case .notEvaluated(let reason):
            return object([("notEvaluated", JSONCodec.quoted(reason.description))])
        }
    }

    private func hint(_ hint: Hint) -> String {
        var fields = [
            ("code", JSONCodec.quoted(hint.code.rawValue)),
            ("range", range(hint.range)),
            ("column", String(hint.range.location + 1)),
            ("message", JSONCodec.quoted(hint.message)),
        ]
        if let replacement = hint.replacement { fields.append(("replacement", JSONCodec.quoted(replacement))) }
        return object(fields)
    }

    private func range(_ range: SourceRange) -> String {
        "[\(range.location),\(range.length)]"
    }

    private func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { JSONCodec.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
