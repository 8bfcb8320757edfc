import MBMLEngine

/// `textDocument/references` of a variable (at a reference to it, or at the name of its `<Var>`):
/// every reference to it in the open documents and in the manifests the document includes
/// (``ManifestTexts``), and its declaration when the client asks for it (`context.includeDeclaration`).
enum ReferencesHandler {
    static func references(
        at cursor: CursorContext, analysis: DocumentAnalysis, document: TextDocument,
        openDocuments: [TextDocument], includeDeclaration: Bool
    ) -> [Location]? {
        guard let variable = cursor.variable else { return nil }
        var locations: [Location] = []
        if includeDeclaration,
            let declaration = DeclarationHandler.declaration(at: cursor, analysis: analysis, document: document)
        {
            locations.append(declaration)
        }
        for text in ManifestTexts.texts(for: analysis, open: openDocuments) {
            for range in ManifestTexts.references(to: variable, in: text) {
                locations.append(Location(uri: text.uri, range: range))
            }
        }
        return locations
    }
}

extension ReferencesRequest: LoadedDocumentRequest {
    func answer(in context: DocumentRequestContext) -> [Location]? {
        ReferencesHandler.references(
            at: context.cursor(at: position), analysis: context.analysis, document: context.document,
            openDocuments: context.openDocuments, includeDeclaration: self.context?.includeDeclaration == true)
    }
}
