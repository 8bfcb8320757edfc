import Foundation
import MBMLEngine

/// `textDocument/completion`: the engine's ``MBMLEngine/EditorIntelligence`` (the inspector's Tab
/// completion answers from the same service) made into LSP items — function names after `^`,
/// variable names in every reference form (`$`, `${`, `$[`, `$(`), keys, indexes and properties
/// after a path.
///
/// A variable's value is never evaluated for the list: its item carries `data` naming the document
/// and the variable, and `completionItem/resolve` (``resolve(_:analysis:limits:)``) previews the
/// value of the one item the editor shows, so that a huge or slow value never delays the list. Only
/// the path before a `.` or `[` is evaluated (under the request's limits) to list its keys.
enum CompletionHandler {
    /// The most items one answer lists.
    static let maximumItems = 500
    /// The characters after which an editor asks for completions.
    static let triggerCharacters = ["$", "^", "."]
    /// LSP `CompletionItemKind` values.
    private static func kind(of candidate: EditorCompletion) -> Int {
        switch candidate.kind {
        case .function: 3
        case .key, .index: 5
        case .variable: 6
        case .property: 10
        }
    }

    /// The engine's service over the analysis's environment: paths evaluated under `limits`.
    static func intelligence(of environment: Environment, limits: EvaluationLimits) -> EditorIntelligence {
        EditorIntelligence(
            functions: environment.functions.all.map(EditorFunction.init), variableNames: environment.variables.names,
            value: { ValuePreview.value(of: $0.spelled, in: environment, limits: limits) })
    }

    /// The completions at `cursor`; the path before a step is evaluated under `limits` (the request's).
    static func completion(
        at cursor: CursorContext, analysis: DocumentAnalysis, limits: EvaluationLimits
    ) -> CompletionList {
        let service = intelligence(of: analysis.environment, limits: limits)
        guard let (context, candidates) = service.completions(in: cursor.syntax, at: cursor.offset, limit: maximumItems)
        else { return CompletionList(items: []) }
        let typedStart = cursor.offset - context.typed.count
        let items = candidates.map { candidate in
            let edit = CompletionItem.Edit(
                range: cursor.range(from: candidate.replacementStart, to: cursor.offset), newText: candidate.insertText)
            let written = candidate.replacementStart < typedStart
            var item = CompletionItem(
                label: candidate.label, kind: kind(of: candidate), detail: candidate.detail,
                documentation: candidate.documentation, textEdit: edit,
                filterText: written
                    ? String(cursor.characters[candidate.replacementStart..<typedStart]) + candidate.label : nil)
            if candidate.kind == .variable {
                item.data = .object(["uri": .string(cursor.uri), "variable": .string(candidate.label)])
            } else if candidate.kind != .function, let value = candidate.value {
                item.detail = ValuePreview.text(of: value, limit: 200)
            }
            return item
        }
        return CompletionList(items: items)
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
        var resolved = item
        resolved.detail = ValuePreview.text(
            of: ReferencePath(variable: name).spelled, in: analysis.environment, limits: limits, limit: 200)
        return resolved
    }
}

extension CompletionRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> CompletionList? {
        CompletionHandler.completion(
            at: context.cursor(at: position), analysis: context.analysis, limits: context.limits)
    }
}
