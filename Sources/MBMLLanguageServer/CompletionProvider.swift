import Foundation
import MBMLEngine

/// `textDocument/completion`: function names after `^`, variable names after `$`, `${` and `$[`, keys and
/// properties after `$x.`, keys and indexes after `$x[`.
enum CompletionProvider {
    /// The most items one answer lists.
    static let maximumItems = 500
    /// LSP `CompletionItemKind` values.
    private enum Kind: Int {
        case function = 3
        case field = 5
        case variable = 6
        case property = 10
    }

    /// The completions at `cursor`; values previewed are evaluated under `limits` (the request's:
    /// once its deadline passed, later names go without a preview).
    static func completion(at cursor: CursorContext, analysis: DocumentAnalysis, limits: EvaluationLimits) -> JSONValue
    {
        let environment = analysis.environment
        var items: [JSONValue] = []
        if let function = cursor.syntax.functionName(at: cursor.offset) {
            let range = cursor.range(from: function.start + 1, to: cursor.offset)
            for definition in environment.functions.all where definition.name.hasPrefix(function.typed) {
                items.append(
                    item(
                        label: definition.name, kind: .function, detail: definition.signature,
                        documentation: definition.summary, newText: definition.name + "(", range: range))
            }
        } else if let curly = cursor.syntax.curlyReferenceName(endingAt: cursor.offset) {
            let range = cursor.range(from: curly.start + 2, to: cursor.offset)
            for name in environment.variables.names.sorted() where name.hasPrefix(curly.typed) {
                items.append(item(label: name, kind: .variable, detail: nil, newText: name + "}", range: range))
                if items.count >= maximumItems { break }
            }
        } else if let chain = cursor.syntax.referenceChain(endingAt: cursor.offset) {
            switch chain.partial {
            case .variableName(let typed):
                let range = cursor.range(from: chain.partialStart + 1, to: cursor.offset)
                // Values are previewed while the answer's time budget lasts; later names go without.
                for name in environment.variables.names.sorted() where name.hasPrefix(typed) {
                    let detail =
                        limits.deadline?.hasPassed != true && !limits.isCancelled()
                        ? ValuePreview.text(of: "$" + name, in: environment, limits: limits, limit: 200) : nil
                    items.append(item(label: name, kind: .variable, detail: detail, newText: name, range: range))
                    if items.count >= maximumItems { break }
                }
            case .property(let typed):
                let base = String(cursor.characters[chain.start..<chain.partialStart])
                let range = cursor.range(from: chain.partialStart + 1, to: cursor.offset)
                items = properties(of: base, typed: typed, environment: environment, limits: limits, range: range)
            case .bracketedVariableName(let typed):
                let range = cursor.range(from: chain.partialStart + 2, to: cursor.offset)
                for name in environment.variables.names.sorted() where name.hasPrefix(typed) {
                    items.append(item(label: name, kind: .variable, detail: nil, newText: name + "]", range: range))
                    if items.count >= maximumItems { break }
                }
            case .subscripted(let typed):
                let base = String(cursor.characters[chain.start..<chain.partialStart])
                let range = cursor.range(from: chain.partialStart + 1, to: cursor.offset)
                items = subscripts(of: base, typed: typed, environment: environment, limits: limits, range: range)
            }
        }
        return .object(["isIncomplete": .bool(false), "items": .array(Array(items.prefix(maximumItems)))])
    }

    private static func properties(
        of base: String, typed: String, environment: Environment, limits: EvaluationLimits, range: LSPRange
    ) -> [JSONValue] {
        guard let value = ValuePreview.value(of: base, in: environment, limits: limits)?.decodedOneLevel else {
            return []
        }
        var items: [JSONValue] = []
        if case .dictionary(let members) = value {
            for (key, member) in members where MBMLIdentifier.isIdentifier(key) && key.hasPrefix(typed) {
                let detail = ValuePreview.text(of: member, limit: 200)
                items.append(item(label: key, kind: .field, detail: detail, newText: key, range: range))
                if items.count >= maximumItems { return items }
            }
        }
        for name in MBMLSyntax.propertyNames(offeredBy: value) where name.hasPrefix(typed) {
            items.append(item(label: name, kind: .property, detail: nil, newText: name, range: range))
        }
        return items
    }

    /// After `[`: a dictionary's keys (any key, escaped for the brackets) or an array's first indexes.
    private static func subscripts(
        of base: String, typed: String, environment: Environment, limits: EvaluationLimits, range: LSPRange
    ) -> [JSONValue] {
        switch ValuePreview.value(of: base, in: environment, limits: limits)?.decodedOneLevel {
        case .dictionary(let members)?:
            var items: [JSONValue] = []
            for (key, member) in members where key.hasPrefix(typed) {
                items.append(
                    item(
                        label: key, kind: .field, detail: ValuePreview.text(of: member, limit: 200),
                        newText: MBMLIdentifier.escapedKey(key) + "]", range: range))
                if items.count >= maximumItems { break }
            }
            return items
        case .array(let elements)?:
            return elements.prefix(100).enumerated().filter { String($0.offset).hasPrefix(typed) }.map {
                item(
                    label: String($0.offset), kind: .field,
                    detail: ValuePreview.text(of: $0.element, limit: 200),
                    newText: String($0.offset) + "]", range: range)
            }
        default:
            return []
        }
    }

    private static func item(
        label: String, kind: Kind, detail: String?, documentation: String? = nil, newText: String, range: LSPRange
    ) -> JSONValue {
        .object([
            "label": .string(label),
            "kind": .int(kind.rawValue),
            "detail": detail.map(JSONValue.string),
            "documentation": documentation.map(JSONValue.string),
            "textEdit": .object(["range": range.json, "newText": .string(newText)]),
        ])
    }
}
