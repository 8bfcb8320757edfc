import Foundation
import MBMLEngine

/// `textDocument/codeAction`, built on the live variable space:
/// - a quick fix for each `$name … nothing declares it` diagnostic: "Did you mean `$total`?", for the
///   declared names nearest to it (the engine's ``MBMLEngine/EditDistance``, as `mbml explain`'s hints);
/// - on a selection: "Evaluate" (a `Command`, `mbml.evaluate`: the value in a message) and
///   "Replace with its value" (the selection becomes the value's JSON text).
enum CodeActionHandler {
    /// The command that evaluates an expression of a document and shows its value.
    static let evaluateCommand = "mbml.evaluate"
    /// The kinds of actions offered.
    static let kinds = ["quickfix", "refactor.inline"]
    /// The longest selection evaluated.
    static let maximumSelection = 10_000

    static func actions(
        in range: LSPRange, diagnostics: [LSPDiagnostic], document: TextDocument, analysis: DocumentAnalysis,
        limits: EvaluationLimits
    ) -> [CodeActionItem] {
        var actions: [CodeActionItem] = []
        for diagnostic in diagnostics {
            actions += quickFixes(for: diagnostic, document: document, analysis: analysis).map(CodeActionItem.action)
        }
        let selection = String(document.text[document.index(of: range.start)..<document.index(of: range.end)])
        let expression = selection.trimmingCharacters(in: .whitespacesAndNewlines)
        if !expression.isEmpty, expression.count <= maximumSelection {
            let value = ValuePreview.text(of: expression, in: analysis.environment, limits: limits)
            let shown = ValuePreview.truncated(value, to: 60)
            // A bare `Command` (a code action that only runs a command is read as one by some clients).
            actions.append(
                .command(
                    Command(
                        title: "Evaluate: \(shown)", command: evaluateCommand,
                        arguments: [.string(document.uri), .string(expression)])))
            if !value.hasPrefix("error: "), value.count <= ValuePreview.maximumLength, !value.hasSuffix("…") {
                actions.append(
                    .action(
                        CodeAction(
                            title: "Replace with its value: \(shown)", kind: "refactor.inline", diagnostics: nil,
                            edit: WorkspaceEdit(changes: [(document.uri, [TextEdit(range: range, newText: value)])]))))
            }
        }
        return actions
    }

    /// "Did you mean `$total`?" for a diagnostic about an undeclared `$name`.
    private static func quickFixes(
        for diagnostic: LSPDiagnostic, document: TextDocument, analysis: DocumentAnalysis
    ) -> [CodeAction] {
        let message = diagnostic.message
        let range = diagnostic.range
        guard message.hasPrefix("$"), message.contains("nothing declares it"), let space = message.firstIndex(of: " "),
            range.start.line == range.end.line
        else { return [] }
        let name = String(message[message.index(after: message.startIndex)..<space])
        let characters = document.characters(ofLine: range.start.line)
        let start = TextDocument.characterOffset(utf16: range.start.character, in: characters)
        let end = TextDocument.characterOffset(utf16: range.end.character, in: characters)
        guard start < end, end <= characters.count else { return [] }
        let written = String(characters[start..<end])
        guard let found = written.range(of: name, options: .backwards) else { return [] }
        let nameStart = start + written.distance(from: written.startIndex, to: found.lowerBound)
        let nameRange = LSPRange(
            start: LSPPosition(
                line: range.start.line, character: TextDocument.utf16Offset(character: nameStart, in: characters)),
            end: LSPPosition(
                line: range.start.line,
                character: TextDocument.utf16Offset(character: nameStart + name.count, in: characters)))
        let names = Array(analysis.environment.variables.names)
        return EditDistance.nearest(to: name, in: names).map { suggestion in
            CodeAction(
                title: "Did you mean `$\(suggestion)`?", kind: "quickfix", diagnostics: [diagnostic],
                edit: WorkspaceEdit(changes: [(document.uri, [TextEdit(range: nameRange, newText: suggestion)])]))
        }
    }

    /// `workspace/executeCommand` of ``evaluateCommand``: the value of the expression, and the
    /// message that shows it (`window/showMessage`).
    static func evaluate(_ expression: String, analysis: DocumentAnalysis, limits: EvaluationLimits) -> (
        result: String, message: ShowMessageParams
    ) {
        let value = ValuePreview.text(of: expression, in: analysis.environment, limits: limits)
        return (value, ShowMessageParams(type: 3, message: ValuePreview.truncated(expression, to: 200) + " = " + value))
    }
}

extension CodeActionRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> [CodeActionItem]? {
        CodeActionHandler.actions(
            in: range, diagnostics: self.context?.diagnostics ?? [], document: context.document,
            analysis: context.analysis, limits: context.limits)
    }
}
