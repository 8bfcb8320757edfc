import MBMLEngine

/// `textDocument/semanticTokens/full`: the `$variable` references and `^function` names of a
/// document (``ExpressionOccurrences``), so that an editor can colour MBML inside XML attributes and
/// text. Encoded as LSP asks: five numbers a token (line and start relative to the previous token,
/// length, type, no modifiers), in UTF-16 units.
enum SemanticTokensHandler {
    /// The legend the server announces in its capabilities.
    static let legend = ServerCapabilities.SemanticTokensOptions.Legend(
        tokenTypes: ExpressionOccurrences.Occurrence.Kind.legend, tokenModifiers: [])

    static func tokens(in document: TextDocument) -> SemanticTokens {
        var data: [Int] = []
        var previousLine = 0
        var previousStart = 0
        let lines = document.lines
        // Every token starts with a `$` or a `^`: most lines of a large manifest have neither, and
        // are not made into strings at all.
        let candidates = lines.indexes { MBMLSyntax.mayHoldReferenceOrCall(bytes: $0) }
        for line in candidates {
            let characters = Array(lines[line])
            var lineEnd = 0
            // A reference nested in another's brackets (`${a[$b]}`) overlaps it: tokens may not overlap.
            for occurrence in ExpressionOccurrences(line: characters).occurrences where occurrence.start >= lineEnd {
                lineEnd = occurrence.end
                let start = TextDocument.utf16Offset(character: occurrence.start, in: characters)
                let end = TextDocument.utf16Offset(character: occurrence.end, in: characters)
                let deltaLine = line - previousLine
                data += [
                    deltaLine, deltaLine == 0 ? start - previousStart : start, end - start, occurrence.kind.rawValue, 0,
                ]
                previousLine = line
                previousStart = start
            }
        }
        return SemanticTokens(data: data)
    }
}

extension SemanticTokensRequest: TextDocumentRequest {
    func answer(for document: TextDocument) -> SemanticTokens {
        SemanticTokensHandler.tokens(in: document)
    }
}
