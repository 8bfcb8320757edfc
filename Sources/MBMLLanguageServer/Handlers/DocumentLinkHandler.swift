import Foundation
import MBMLEngine

/// `textDocument/documentLink`: the `file` of each `<Include>` links to the file it names, resolved
/// against the document's folder as the loader resolves it (only when that file exists).
enum DocumentLinkHandler {
    static func links(in document: TextDocument) -> [DocumentLink] {
        guard !document.isTemplate, let path = document.path else { return [] }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let outline = document.outline
        var links: [DocumentLink] = []
        for element in outline.elements where element.name == "Include" {
            guard let file = element.attribute("file"), !file.value.isEmpty else { continue }
            let target =
                file.value.hasPrefix("/")
                ? URL(fileURLWithPath: file.value) : folder.appendingPathComponent(file.value)
            guard FileManager.default.fileExists(atPath: target.standardizedFileURL.path) else { continue }
            links.append(
                DocumentLink(
                    range: LSPRange(outline: file.valueStart, file.valueEnd),
                    target: target.standardizedFileURL.absoluteString))
        }
        return links
    }
}

extension DocumentLinkRequest: TextDocumentRequest {
    func answer(for document: TextDocument) -> [DocumentLink] {
        DocumentLinkHandler.links(in: document)
    }
}
