import MBMLEngine

/// `textDocument/declaration` and `textDocument/definition` of a variable: where the load recorded
/// its declaration (``MBMLEngine/VariableProvenance``), in this document or an included file; on the
/// name of a `<Var>` declaration itself, that name.
enum DeclarationProvider {
    static func declaration(at cursor: CursorContext, analysis: DocumentAnalysis, document: TextDocument) -> JSONValue {
        guard let reference = cursor.reference else {
            guard let declared = cursor.declaredName else { return .null }
            return .object([
                "uri": .string(document.uri), "range": cursor.range(from: declared.start, to: declared.end).json,
            ])
        }
        guard let provenance = analysis.environment.provenance(of: reference.variable), let file = provenance.file
        else { return .null }
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
        return .object(["uri": .string(uri), "range": LSPRange(start: position, end: position).json])
    }
}
