import MBMLEngine

/// `textDocument/inlayHint`: after the start tag of each top-level `<Var>` in the range asked for,
/// the variable's current value (`= "Barrett"`), from the document's last load, evaluated under the
/// request's limits and cut at ``maximumLength`` characters.
enum InlayHintHandler {
    /// The longest value shown in a hint.
    static let maximumLength = 60
    /// The most hints one answer has (an editor asks for the visible lines).
    static let maximumHints = 500

    static func hints(
        in range: LSPRange, document: TextDocument, analysis: DocumentAnalysis, limits: EvaluationLimits
    ) -> [InlayHint] {
        guard !document.isTemplate else { return [] }
        let outline = document.outline
        var hints: [InlayHint] = []
        for element in outline.elements where element.name == "Var" {
            guard hints.count < maximumHints, !limits.isCancelled(), limits.deadline?.hasPassed != true else { break }
            guard element.start.line >= range.start.line, element.start.line <= range.end.line,
                let name = element.attribute("name")?.value, !name.isEmpty,
                element.parent.map({ outline.elements[$0].name != "Var" }) ?? true,
                analysis.environment.variables.declaration(of: name) != nil
            else { continue }
            let expression = MBMLIdentifier.isIdentifier(name) ? "$" + name : "$[" + name + "]"
            let value = ValuePreview.text(
                of: expression, in: analysis.environment, limits: limits, limit: maximumLength)
            // After the start tag: on its own line for an element with content, at its end for `<Var …/>`.
            let position = element.end.line == element.start.line ? element.end : tagEnd(of: element, in: document)
            hints.append(
                InlayHint(
                    position: LSPPosition(line: position.line, character: position.utf16Column), label: "= " + value))
        }
        return hints
    }

    /// The end of the line where `element`'s start tag ends (a `<Var>` with items: after its `>`).
    private static func tagEnd(of element: ManifestOutline.Element, in document: TextDocument)
        -> ManifestOutline.Position
    {
        let line = element.attributes.last?.valueEnd.line ?? element.start.line
        let length = document.lines.indices.contains(line) ? document.lines[line].utf16.count : 0
        return ManifestOutline.Position(line: line, utf16Column: length)
    }
}

extension InlayHintRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> [InlayHint]? {
        InlayHintHandler.hints(
            in: range, document: context.document, analysis: context.analysis, limits: context.limits)
    }
}
