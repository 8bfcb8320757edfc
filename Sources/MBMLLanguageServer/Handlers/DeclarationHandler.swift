import MBMLEngine

/// `textDocument/declaration` and `textDocument/definition` of a variable: where the load recorded
/// its declaration (``MBMLEngine/VariableProvenance``), in this document or an included file; on the
/// name of a `<Var>` declaration itself, that name.
enum DeclarationHandler {
    static func declaration(at cursor: CursorContext, analysis: DocumentAnalysis, document: TextDocument) -> Location? {
        guard let reference = cursor.reference else {
            guard let declared = cursor.declaredName else { return nil }
            return Location(uri: document.uri, range: cursor.range(from: declared.start, to: declared.end))
        }
        guard let provenance = analysis.environment.provenance(of: reference.variable), let file = provenance.file
        else { return nil }
        let line = max(0, provenance.line - 1)
        let uri: String
        let character: Int
        if file == analysis.name {
            uri = document.uri
            character = analysis.document.utf16Offset(ofScalarColumn: provenance.column, line: line)
        } else {
            uri = TextDocument.uri(ofPath: file)
            character = max(0, provenance.column - 1)
        }
        let position = LSPPosition(line: line, character: character)
        return Location(uri: uri, range: LSPRange(start: position, end: position))
    }
}

extension DeclarationRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> Location? {
        DeclarationHandler.declaration(
            at: context.cursor(at: position), analysis: context.analysis, document: context.document)
    }
}

extension DefinitionRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> Location? {
        DeclarationHandler.declaration(
            at: context.cursor(at: position), analysis: context.analysis, document: context.document)
    }
}
