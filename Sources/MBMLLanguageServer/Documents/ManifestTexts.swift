import Foundation
import MBMLEngine

/// The manifests a search or a rename covers: the open documents, and the manifests a document's
/// load read from disk (its includes) that are not open, read again as they are now.
enum ManifestTexts {
    /// The largest included file read for references and renames.
    static let maximumFileBytes = 16 << 20

    /// `open`, then each file of `analysis`'s load that is not among them and is a manifest (its
    /// text starts with `<`; data files are JSON), in load order.
    static func texts(for analysis: DocumentAnalysis, open: [TextDocument]) -> [TextDocument] {
        var result = open.sorted { $0.uri < $1.uri }
        var seen = Set(open.compactMap(\.path))
        for url in analysis.load.files {
            let path = url.standardizedFileURL.path
            guard !seen.contains(path), path != analysis.name else { continue }
            seen.insert(path)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                let size = attributes[.size] as? Int, size <= maximumFileBytes,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            let text = String(decoding: data, as: UTF8.self)
            guard text.first(where: { !$0.isWhitespace && $0 != "\u{FEFF}" }) == "<" else { continue }
            result.append(TextDocument(uri: TextDocument.uri(ofPath: path), version: 0, text: text))
        }
        return result
    }

    /// Every reference to `variable` in `document`, as (line, character range) in characters of the line.
    static func references(to variable: String, in document: TextDocument) -> [LSPRange] {
        var ranges: [LSPRange] = []
        // Most lines refer to nothing: read only those with a `$` (every reference form starts with
        // one) that mention the name.
        let name = Array(variable.utf8)
        let candidates = document.lines.indexes { bytes in
            MBMLSyntax.mayHoldReference(bytes: bytes) && TextLines.bytes(bytes, contain: name)
        }
        for line in candidates {
            let characters = document.characters(ofLine: line)
            for occurrence in ExpressionOccurrences(line: characters).occurrences
            where occurrence.kind == .variable && occurrence.name == variable {
                ranges.append(
                    LSPRange(
                        start: LSPPosition(
                            line: line, character: TextDocument.utf16Offset(character: occurrence.start, in: characters)
                        ),
                        end: LSPPosition(
                            line: line, character: TextDocument.utf16Offset(character: occurrence.end, in: characters)))
                )
            }
        }
        return ranges
    }

    /// The `name` values of the `<Var>` declarations of `variable` in `document` (top-level ones:
    /// a `<Var>` inside another names a key of its container, not a variable).
    static func declarations(of variable: String, in document: TextDocument) -> [LSPRange] {
        guard document.text.contains(variable) else { return [] }
        let outline = document.outline
        return outline.elements.indices.compactMap { index in
            let element = outline.elements[index]
            guard element.name == "Var", let name = element.attribute("name"), name.value == variable else {
                return nil
            }
            var parent = element.parent
            while let enclosing = parent {
                if outline.elements[enclosing].name == "Var" { return nil }
                parent = outline.elements[enclosing].parent
            }
            return LSPRange(outline: name.valueStart, name.valueEnd)
        }
    }
}

extension LSPRange {
    /// The range between two positions of a ``MBMLEngine/ManifestOutline``.
    init(outline start: ManifestOutline.Position, _ end: ManifestOutline.Position) {
        self.init(
            start: LSPPosition(line: start.line, character: start.utf16Column),
            end: LSPPosition(line: end.line, character: end.utf16Column))
    }
}
