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

    /// The JSON form (``StepsJSON``), written by the one JSON writer of `mbml`.
    /// - Throws: the job's stop (a value too large to print within its budget).
    func json() throws -> String {
        let items = try steps.steps.enumerated().map { index, step in
            var error: String?
            if case .error(let failure)? = step.outcome { error = ResultFormatter.message(of: failure) }
            return StepsJSON.Step(
                number: index + 1, kind: Self.kindName(step.kind), depth: step.depth, text: step.text,
                line: step.line(previewLimit: Self.previewLimit),
                range: step.range.map { [$0.location, $0.length] },
                value: try step.outcome?.value.map { JSONFragment(try evaluation.json(of: $0)) }, error: error)
        }
        return try JSONTextEncoder().encode(
            StepsJSON(
                expression: steps.trace.expression, context: steps.trace.context.rawValue, steps: items,
                limit: steps.limit, cut: steps.isCut))
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

/// `mbml explain --steps --json`: the expression, its steps in order, and whether the log was cut.
struct StepsJSON: Encodable {
    var expression: String
    var context: String
    var steps: [Step]
    var limit: Int
    var cut: Bool

    /// One step: its number (from 1), kind, depth, text and line as the text form prints it, the
    /// range it covers, and its value (the budgeted JSON) or error.
    struct Step: Encodable {
        var number: Int
        var kind: String
        var depth: Int
        var text: String
        var line: String
        var range: [Int]?
        var value: JSONFragment?
        var error: String?
    }
}
