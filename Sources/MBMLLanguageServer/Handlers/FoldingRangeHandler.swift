import MBMLEngine

/// `textDocument/foldingRange`: every element of a manifest that spans lines folds, from its start
/// tag's line to its end tag's (``MBMLEngine/ManifestOutline``).
enum FoldingRangeHandler {
    static func foldingRanges(in document: TextDocument) -> [FoldingRange] {
        guard !document.isTemplate else { return [] }
        let outline = document.outline
        return outline.elements.filter { $0.end.line > $0.start.line }.map { element in
            FoldingRange(startLine: element.start.line, endLine: element.end.line)
        }
    }
}

extension FoldingRangeRequest: TextDocumentRequest {
    func answer(for document: TextDocument) -> [FoldingRange] {
        FoldingRangeHandler.foldingRanges(in: document)
    }
}
