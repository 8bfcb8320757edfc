import MBMLEngine

/// The text and JSON forms of `mbml explain --steps`: one numbered line a step, indented by how deep
/// in calls and iterations it is. The JSON form writes each step's value under the job's limits
/// (``Evaluation/json(of:)``), so a value that is small in memory but huge as text ends in the
/// budget error.
struct StepsFormatter {
    let steps: ExpressionSteps
    /// The job the steps were taken in: what their JSON is charged to.
    let evaluation: Evaluation

    /// How many characters of a value a line shows.
    static let previewLimit = 60

    func text() -> String {
        let trace = steps.trace
        var lines = ["\(trace.context.rawValue) context: \(trace.expression)"]
        let width = String(steps.steps.count).count
        for (index, step) in steps.steps.enumerated() {
            let number = String(index + 1)
            let padded = String(repeating: " ", count: width - number.count) + number
            lines.append(
                padded + "  " + String(repeating: "  ", count: step.depth) + step.line(previewLimit: Self.previewLimit))
        }
        if steps.isCut {
            lines.append("(cut: the step log keeps at most \(steps.limit) events; later steps are not listed)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() throws -> String {
        let items = try steps.steps.enumerated().map { index, step -> String in
            var fields = [
                ("number", String(index + 1)),
                ("kind", JSONCodec.quoted(Self.kindName(step.kind))),
                ("depth", String(step.depth)),
                ("text", JSONCodec.quoted(step.text)),
                ("line", JSONCodec.quoted(step.line(previewLimit: Self.previewLimit))),
            ]
            if let range = step.range { fields.append(("range", "[\(range.location),\(range.length)]")) }
            if let value = step.outcome?.value { fields.append(("value", try evaluation.json(of: value))) }
            if case .error(let error)? = step.outcome {
                fields.append(("error", JSONCodec.quoted(ResultFormatter.message(of: error))))
            }
            return "{" + fields.map { JSONCodec.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        let fields = [
            ("expression", JSONCodec.quoted(steps.trace.expression)),
            ("context", JSONCodec.quoted(steps.trace.context.rawValue)),
            ("steps", "[" + items.joined(separator: ",") + "]"),
            ("limit", String(steps.limit)),
            ("cut", steps.isCut ? "true" : "false"),
        ]
        return "{" + fields.map { JSONCodec.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func kindName(_ kind: EvaluationStep.Kind) -> String {
        switch kind {
        case .value: return "value"
        case .parameter: return "parameter"
        case .call: return "call"
        case .iteration: return "iteration"
        case .result: return "result"
        }
    }
}
