import MBMLEngine

/// `textDocument/foldingRange`: every element of a manifest that spans lines folds, from its start
/// tag's line to its end tag's (``MBMLEngine/ManifestOutline``).
enum FoldingRangeProvider {
    static func foldingRanges(in document: TextDocument) -> JSONValue {
        guard !document.isTemplate else { return .array([]) }
        let outline = ManifestOutline(text: document.text)
        return .array(
            outline.elements.filter { $0.end.line > $0.start.line }.map { element in
                .object([
                    "startLine": .int(element.start.line), "endLine": .int(element.end.line), "kind": .string("region"),
                ])
            })
    }
}
