import MBMLEngine

/// `textDocument/hover`: a reference's value and declaration site, a function's signature and summary.
enum HoverProvider {
    /// The most log lines of a hover's evaluation shown under its value.
    static let maximumLogLines = 5

    /// The hover at `cursor`; the value shown is evaluated under `limits` (the request's).
    static func hover(at cursor: CursorContext, analysis: DocumentAnalysis, limits: EvaluationLimits) -> JSONValue {
        let environment = analysis.environment
        if let function = cursor.functionName,
            let definition = environment.functions.definition(named: function.name)
        {
            let text = "```\n\(definition.signature)\n```\n\(definition.summary)"
            let end = function.start + 1 + function.name.count
            return result(text, range: cursor.range(from: function.start, to: end))
        }
        guard let reference = cursor.reference else { return .null }
        var text = "`\(reference.expression)`\n```json\n"
        // A variable nothing declares may be one a function binds (`$item`): its values from a trace.
        let undeclared =
            environment.provenance(of: reference.variable) == nil
            && environment.variables.declaration(of: reference.variable) == nil
        let bound =
            undeclared
            ? BoundValuesHover.text(
                for: reference.variable, at: reference.start, cursor: cursor, environment: environment,
                limits: limits, inProject: analysis.isInProject) : nil
        // What the evaluation logs (a swallowed error such as a read the file-read policy refuses) is
        // shown under the value: otherwise a refused read would look like a plain null.
        environment.log.clear()
        text +=
            (bound?.value ?? ValuePreview.text(of: reference.expression, in: environment, limits: limits)) + "\n```"
        let logged = environment.log.lines.suffix(Self.maximumLogLines)
        if !logged.isEmpty {
            text += "\n\nlogged:\n```\n"
            text += logged.map { ValuePreview.truncated($0, to: 500) }.joined(separator: "\n") + "\n```"
        }
        if let provenance = environment.provenance(of: reference.variable) {
            text += "\n\n" + provenance.kind.label + (provenance.isReadOnly ? " (read-only)" : "")
            if let site = provenance.site { text += ", declared at " + site }
            if let expression = provenance.expression {
                text += "\n\nexpression: `" + ValuePreview.truncated(expression, to: 200) + "`"
            }
        } else if let bound {
            text += "\n\n" + bound.note
        }
        return result(text, range: cursor.range(from: reference.start, to: reference.end))
    }

    private static func result(_ markdown: String, range: LSPRange) -> JSONValue {
        .object([
            "contents": .object(["kind": .string("markdown"), "value": .string(markdown)]),
            "range": range.json,
        ])
    }
}
