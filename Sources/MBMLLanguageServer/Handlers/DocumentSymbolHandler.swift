import MBMLEngine

/// `textDocument/documentSymbol`: the tree of variables of a manifest — each `<Var>` with the
/// `<Var>` elements inside it (a list's items, a map's entries), the `<Function>` declarations and
/// the `<Include>` elements — from the engine's ``MBMLEngine/ManifestOutline`` of the open text.
enum DocumentSymbolHandler {
    /// The deepest nesting shown; deeper elements are left out of the tree.
    static let maximumDepth = 64

    /// LSP `SymbolKind` values.
    private enum Kind: Int {
        case file = 1
        case function = 12
        case variable = 13
        case array = 18
        case object = 19
    }

    static func symbols(in document: TextDocument) -> [DocumentSymbol] {
        guard !document.isTemplate else { return [] }
        let outline = document.outline
        let children = outline.childIndexes()
        func symbols(under parent: Int?, depth: Int) -> [DocumentSymbol] {
            guard depth < maximumDepth else { return [] }
            var result: [DocumentSymbol] = []
            for index in children[parent] ?? [] {
                let element = outline.elements[index]
                if let symbol = symbol(element, children: symbols(under: index, depth: depth + 1)) {
                    result.append(symbol)
                } else {
                    // `<MBML>` and other containers: their declarations are shown at their level.
                    result += symbols(under: index, depth: depth + 1)
                }
            }
            return result
        }
        return symbols(under: nil, depth: 0)
    }

    private static func symbol(_ element: ManifestOutline.Element, children: [DocumentSymbol]) -> DocumentSymbol? {
        let kind: Kind
        let name: ManifestOutline.Attribute?
        var detail: String?
        switch element.name {
        case "Var":
            name = element.attribute("name")
            let type = element.attribute("type")?.value
            kind = type == "list" ? .array : type == "map" ? .object : .variable
            let shown = ["literal", "value", "expression", "boolean"].lazy.compactMap { element.attribute($0)?.value }
                .first
            detail = shown.map { ValuePreview.truncated($0, to: 80) } ?? type
        case "Function":
            name = element.attribute("name")
            kind = .function
            detail = element.attribute("class")?.value
        case "Include":
            name = element.attribute("file")
            kind = .file
            detail = "include"
        default:
            return nil
        }
        let range = LSPRange(outline: element.start, element.end)
        let selection =
            name.map { LSPRange(outline: $0.valueStart, $0.valueEnd) }
            ?? LSPRange(
                outline: element.start, element.nameEnd)
        let label = name?.value ?? element.attribute("literal").map { ValuePreview.truncated($0.value, to: 80) }
        return DocumentSymbol(
            name: label.flatMap { $0.isEmpty ? nil : $0 } ?? "<\(element.name)>", detail: detail, kind: kind.rawValue,
            range: range, selectionRange: selection, children: children.isEmpty ? nil : children)
    }
}

extension DocumentSymbolRequest: TextDocumentRequest {
    func answer(for document: TextDocument) -> [DocumentSymbol] {
        DocumentSymbolHandler.symbols(in: document)
    }
}
