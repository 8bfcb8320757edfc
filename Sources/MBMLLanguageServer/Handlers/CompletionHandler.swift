import Foundation
import MBMLEngine

/// `textDocument/completion`: function names after `^`, variable names after `$`, `${` and `$[`, keys and
/// properties after `$x.`, keys and indexes after `$x[`, matched by the engine's
/// ``MBMLEngine/CompletionMatching`` (the inspector's rule: case does not matter, same case first).
///
/// A variable's value is never evaluated for the list: its item carries `data` naming the document
/// and the variable, and `completionItem/resolve` (``resolve(_:analysis:limits:)``) previews the
/// value of the one item the editor shows, so that a huge or slow value never delays the list.
enum CompletionHandler {
    /// The most items one answer lists.
    static let maximumItems = 500
    /// The characters after which an editor asks for completions.
    static let triggerCharacters = ["$", "^", "."]
    /// LSP `CompletionItemKind` values.
    private enum Kind: Int {
        case function = 3
        case field = 5
        case variable = 6
        case property = 10
    }

    /// The completions at `cursor`; values previewed are evaluated under `limits` (the request's:
    /// once its deadline passed, later names go without a preview).
    static func completion(
        at cursor: CursorContext, analysis: DocumentAnalysis, limits: EvaluationLimits
    ) -> CompletionList {
        let environment = analysis.environment
        var items: [CompletionItem] = []
        if let function = cursor.syntax.functionName(at: cursor.offset) {
            let range = cursor.range(from: function.start + 1, to: cursor.offset)
            let definitions = Dictionary(environment.functions.all.map { ($0.name, $0) }) { first, _ in first }
            for name in CompletionMatching.ranked(environment.functions.all.map(\.name), typed: function.typed) {
                guard let definition = definitions[name] else { continue }
                items.append(
                    item(
                        label: definition.name, kind: .function, detail: definition.signature,
                        documentation: definition.summary, newText: definition.name + "(", range: range))
            }
        } else if let curly = cursor.syntax.curlyReferenceName(endingAt: cursor.offset) {
            let range = cursor.range(from: curly.start + 2, to: cursor.offset)
            for name in CompletionMatching.ranked(environment.variables.names.sorted(), typed: curly.typed) {
                items.append(variable(name, newText: name + "}", range: range, uri: cursor.uri))
                if items.count >= maximumItems { break }
            }
        } else if let chain = cursor.syntax.referenceChain(endingAt: cursor.offset) {
            switch chain.partial {
            case .variableName(let typed):
                let range = cursor.range(from: chain.partialStart + 1, to: cursor.offset)
                for name in CompletionMatching.ranked(environment.variables.names.sorted(), typed: typed) {
                    items.append(variable(name, newText: name, range: range, uri: cursor.uri))
                    if items.count >= maximumItems { break }
                }
            case .property(let typed):
                let base = String(cursor.characters[chain.start..<chain.partialStart])
                let range = cursor.range(from: chain.partialStart + 1, to: cursor.offset)
                items = properties(of: base, typed: typed, environment: environment, limits: limits, range: range)
            case .bracketedVariableName(let typed):
                let range = cursor.range(from: chain.partialStart + 2, to: cursor.offset)
                for name in CompletionMatching.ranked(environment.variables.names.sorted(), typed: typed) {
                    items.append(variable(name, newText: name + "]", range: range, uri: cursor.uri))
                    if items.count >= maximumItems { break }
                }
            case .subscripted(let typed):
                let base = String(cursor.characters[chain.start..<chain.partialStart])
                let range = cursor.range(from: chain.partialStart + 1, to: cursor.offset)
                items = subscripts(of: base, typed: typed, environment: environment, limits: limits, range: range)
            }
        }
        return CompletionList(items: Array(items.prefix(maximumItems)))
    }

    private static func properties(
        of base: String, typed: String, environment: Environment, limits: EvaluationLimits, range: LSPRange
    ) -> [CompletionItem] {
        guard let value = ValuePreview.value(of: base, in: environment, limits: limits) else {
            return []
        }
        var items: [CompletionItem] = []
        if case .dictionary(let members) = value {
            for (key, member) in members
            where MBMLIdentifier.isIdentifier(key) && CompletionMatching.matches(key, typed: typed) {
                let detail = ValuePreview.text(of: member, limit: 200)
                items.append(item(label: key, kind: .field, detail: detail, newText: key, range: range))
                if items.count >= maximumItems { return items }
            }
        }
        for name in MBMLSyntax.propertyNames(offeredBy: value) where CompletionMatching.matches(name, typed: typed) {
            items.append(item(label: name, kind: .property, detail: nil, newText: name, range: range))
        }
        return items
    }

    /// After `[`: a dictionary's keys (any key, escaped for the brackets) or an array's first indexes.
    private static func subscripts(
        of base: String, typed: String, environment: Environment, limits: EvaluationLimits, range: LSPRange
    ) -> [CompletionItem] {
        switch ValuePreview.value(of: base, in: environment, limits: limits) {
        case .dictionary(let members)?:
            var items: [CompletionItem] = []
            for (key, member) in members where CompletionMatching.matches(key, typed: typed) {
                items.append(
                    item(
                        label: key, kind: .field, detail: ValuePreview.text(of: member, limit: 200),
                        newText: MBMLIdentifier.escapedKey(key) + "]", range: range))
                if items.count >= maximumItems { break }
            }
            return items
        case .array(let elements)?:
            var items: [CompletionItem] = []
            for (offset, element) in elements.prefix(100).enumerated() where String(offset).hasPrefix(typed) {
                let detail = ValuePreview.text(of: element, limit: 200)
                items.append(
                    item(label: String(offset), kind: .field, detail: detail, newText: "\(offset)]", range: range))
            }
            return items
        default:
            return []
        }
    }

    private static func item(
        label: String, kind: Kind, detail: String?, documentation: String? = nil, newText: String, range: LSPRange,
        data: JSONValue? = nil
    ) -> CompletionItem {
        CompletionItem(
            label: label, kind: kind.rawValue, detail: detail, documentation: documentation,
            textEdit: CompletionItem.Edit(range: range, newText: newText), data: data)
    }

    /// A variable's item, its value left for ``resolve(_:analysis:limits:)``.
    private static func variable(_ name: String, newText: String, range: LSPRange, uri: String) -> CompletionItem {
        item(
            label: name, kind: .variable, detail: nil, newText: newText, range: range,
            data: .object(["uri": .string(uri), "variable": .string(name)]))
    }

    /// The document a `completionItem/resolve` item belongs to (its `data.uri`), or nil.
    static func documentURI(of item: CompletionItem) -> String? {
        item.data?["uri"]?.stringValue
    }

    /// `completionItem/resolve`: `item` with its variable's value previewed as `detail` (evaluated
    /// under `limits`, the request's); an item that names no variable comes back as it was.
    static func resolve(_ item: CompletionItem, analysis: DocumentAnalysis, limits: EvaluationLimits) -> CompletionItem
    {
        guard let name = item.data?["variable"]?.stringValue else { return item }
        let expression = MBMLIdentifier.isIdentifier(name) ? "$" + name : "$[" + name + "]"
        var resolved = item
        resolved.detail = ValuePreview.text(of: expression, in: analysis.environment, limits: limits, limit: 200)
        return resolved
    }
}

extension CompletionRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> CompletionList? {
        CompletionHandler.completion(
            at: context.cursor(at: position), analysis: context.analysis, limits: context.limits)
    }
}
