import MBMLEngine

/// `textDocument/documentSymbol`: the tree of variables of a manifest — each `<Var>` with the
/// `<Var>` elements inside it (a list's items, a map's entries), the `<Function>` declarations and
/// the `<Include>` elements — from the engine's ``MBMLEngine/ManifestOutline`` of the open text.
///
/// An outline holds at most ``maximumSymbols`` symbols, the first in document order (as the JSON
/// and YAML language servers of VS Code hold 5,000): a manifest of 100,000 `<Var>`s would be an
/// answer of 22 MB that takes an editor seconds to read, for a list no one scrolls. The symbols
/// left out are named by one more symbol at the end of the top level, `… 95001 more symbols not
/// shown`, which spans them: choosing it goes to the first left out.
enum DocumentSymbolHandler {
    /// The deepest nesting shown; deeper elements are left out of the tree.
    static let maximumDepth = 64
    /// The most symbols one outline holds (its nested symbols counted).
    static let maximumSymbols = 5000

    /// LSP `SymbolKind` values.
    private enum Kind: Int {
        case file = 1
        case function = 12
        case variable = 13
        case array = 18
        case object = 19
        /// The symbol that names the symbols left out.
        case null = 21
    }

    /// The tags that are symbols; other elements (`<MBML>`, containers) show their children at their level.
    private static let symbolTags: Set<String> = ["Var", "Function", "Include"]

    static func symbols(in document: TextDocument, maximum: Int = maximumSymbols) -> [DocumentSymbol] {
        guard !document.isTemplate else { return [] }
        let outline = document.outline
        let children = outline.childIndexes()
        var shown = 0
        var firstLeftOut: Int?
        func symbols(under parent: Int?, depth: Int) -> [DocumentSymbol] {
            guard depth < maximumDepth else { return [] }
            var result: [DocumentSymbol] = []
            for index in children[parent] ?? [] {
                guard firstLeftOut == nil else { break }
                let element = outline.elements[index]
                guard symbolTags.contains(element.name) else {
                    result += symbols(under: index, depth: depth + 1)
                    continue
                }
                guard shown < maximum else {
                    firstLeftOut = index
                    break
                }
                shown += 1
                if let symbol = symbol(element, children: symbols(under: index, depth: depth + 1)) {
                    result.append(symbol)
                }
            }
            return result
        }
        var result = symbols(under: nil, depth: 0)
        if let firstLeftOut {
            result.append(leftOut(from: firstLeftOut, in: outline, shown: shown))
        }
        return result
    }

    /// The symbol that names the symbols after `first` (an element's index) left out of an outline
    /// that shows `shown`: it spans them, and its name is its start tag's.
    private static func leftOut(from first: Int, in outline: ManifestOutline, shown: Int) -> DocumentSymbol {
        // The depth of each element (parents come before their children): what the tree would show.
        var depths = [Int](repeating: 0, count: outline.elements.count)
        var total = 0
        var last = first
        for (index, element) in outline.elements.enumerated() {
            depths[index] = element.parent.map { depths[$0] + 1 } ?? 0
            guard depths[index] < maximumDepth, symbolTags.contains(element.name) else { continue }
            total += 1
            if index >= first { last = index }
        }
        let start = outline.elements[first]
        let end = max(outline.elements[last].end, start.end)
        return DocumentSymbol(
            name: "… \(max(1, total - shown)) more symbols not shown (an outline shows the first \(shown))",
            detail: nil,
            kind: Kind.null.rawValue, range: LSPRange(outline: start.start, end),
            selectionRange: LSPRange(outline: start.start, start.nameEnd), children: nil)
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
