import Foundation
import MBMLEngine

/// `textDocument/rename` of a variable (at a reference to it or at the name of its `<Var>`): every
/// reference and every top-level `<Var name>` declaring it, in the open documents and the manifests
/// the document includes (``ManifestTexts``), as one `WorkspaceEdit`.
enum RenameHandler {
    static func rename(
        at cursor: CursorContext, to newName: String, analysis: DocumentAnalysis, openDocuments: [TextDocument]
    ) throws(ResponseError) -> WorkspaceEdit {
        guard let variable = cursor.variable else {
            throw ResponseError(code: .invalidParams, message: "there is no variable at the position to rename")
        }
        guard MBMLIdentifier.isIdentifier(newName) else {
            throw ResponseError(code: .invalidParams, message: "`\(newName)` is not a variable name")
        }
        var changes: [(uri: String, edits: [TextEdit])] = []
        for text in ManifestTexts.texts(for: analysis, open: openDocuments) {
            var edits: [TextEdit] = []
            for range in ManifestTexts.references(to: variable, in: text) {
                // Only the name inside the reference changes: `$old` → `$new`, `${old}` → `${new}`.
                guard let nameRange = nameRange(of: variable, in: range, text: text) else { continue }
                edits.append(TextEdit(range: nameRange, newText: newName))
            }
            for range in ManifestTexts.declarations(of: variable, in: text) {
                edits.append(TextEdit(range: range, newText: newName))
            }
            if !edits.isEmpty { changes.append((text.uri, edits)) }
        }
        return WorkspaceEdit(changes: changes)
    }

    /// `textDocument/prepareRename`: the range of the name at the position, or nil.
    static func prepare(at cursor: CursorContext) -> LSPRange? {
        if let reference = cursor.reference {
            let text = String(cursor.characters[reference.start..<reference.end])
            guard let found = text.range(of: reference.variable, options: .backwards) else { return nil }
            let start = reference.start + text.distance(from: text.startIndex, to: found.lowerBound)
            return cursor.range(from: start, to: start + reference.variable.count)
        }
        if let declared = cursor.declaredName { return cursor.range(from: declared.start, to: declared.end) }
        return nil
    }

    /// The part of a reference's range (on one line) that is the variable's name.
    private static func nameRange(of variable: String, in range: LSPRange, text: TextDocument) -> LSPRange? {
        let characters = text.characters(ofLine: range.start.line)
        let start = TextDocument.characterOffset(utf16: range.start.character, in: characters)
        let end = TextDocument.characterOffset(utf16: range.end.character, in: characters)
        let written = String(characters[start..<end])
        guard let found = written.range(of: variable, options: .backwards) else { return nil }
        let nameStart = start + written.distance(from: written.startIndex, to: found.lowerBound)
        let nameEnd = nameStart + variable.count
        return LSPRange(
            start: LSPPosition(
                line: range.start.line, character: TextDocument.utf16Offset(character: nameStart, in: characters)),
            end: LSPPosition(
                line: range.start.line, character: TextDocument.utf16Offset(character: nameEnd, in: characters)))
    }
}

extension RenameRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) throws(ResponseError) -> WorkspaceEdit {
        try RenameHandler.rename(
            at: context.cursor(at: position), to: newName, analysis: context.analysis,
            openDocuments: context.openDocuments)
    }
}

extension PrepareRenameRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> LSPRange? {
        RenameHandler.prepare(at: context.cursor(at: position))
    }
}
