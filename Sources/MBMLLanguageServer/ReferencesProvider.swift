import MBMLEngine

/// `textDocument/references` of a variable (at a reference to it, or at the name of its `<Var>`):
/// every reference to it in the open documents and in the manifests the document includes
/// (``ManifestTexts``), and its declaration when the client asks for it (`context.includeDeclaration`).
enum ReferencesProvider {
    static func references(
        at cursor: CursorContext, analysis: DocumentAnalysis, document: TextDocument,
        openDocuments: [TextDocument], includeDeclaration: Bool
    ) -> JSONValue {
        guard let variable = cursor.variable else { return .null }
        var locations: [JSONValue] = []
        if includeDeclaration {
            let declaration = DeclarationProvider.declaration(at: cursor, analysis: analysis, document: document)
            if declaration != .null { locations.append(declaration) }
        }
        for text in ManifestTexts.texts(for: analysis, open: openDocuments) {
            for range in ManifestTexts.references(to: variable, in: text) {
                locations.append(.object(["uri": .string(text.uri), "range": range.json]))
            }
        }
        return .array(locations)
    }
}
