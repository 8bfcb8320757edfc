import MBMLEngine

/// `textDocument/references` of a `$variable`: every reference to it in the open documents, and its
/// declaration when the client asks for it (`context.includeDeclaration`).
enum ReferencesProvider {
    static func references(
        at cursor: CursorContext, analysis: DocumentAnalysis, document: TextDocument,
        openDocuments: [TextDocument], includeDeclaration: Bool
    ) -> JSONValue {
        guard let variable = cursor.reference?.variable else { return .null }
        var locations: [JSONValue] = []
        if includeDeclaration {
            let declaration = DeclarationProvider.declaration(at: cursor, analysis: analysis, document: document)
            if declaration != .null { locations.append(declaration) }
        }
        for open in openDocuments {
            for line in 0..<open.lines.count {
                let characters = open.characters(ofLine: line)
                for occurrence in ExpressionOccurrences(line: characters).occurrences
                where occurrence.kind == .variable && occurrence.name == variable {
                    let range = LSPRange(
                        start: LSPPosition(
                            line: line, character: TextDocument.utf16Offset(character: occurrence.start, in: characters)
                        ),
                        end: LSPPosition(
                            line: line, character: TextDocument.utf16Offset(character: occurrence.end, in: characters)))
                    locations.append(.object(["uri": .string(open.uri), "range": range.json]))
                }
            }
        }
        return .array(locations)
    }
}
