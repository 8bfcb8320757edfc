/// An LSP position: a 0-based line and a 0-based offset in UTF-16 code units.
struct LSPPosition: Equatable, Sendable, Codable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    private enum CodingKeys: String, CodingKey {
        case line, character
    }

    /// Reads `{line, character}`, both at least 0.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decode(Int.self, forKey: .line)
        character = try container.decode(Int.self, forKey: .character)
        guard line >= 0, character >= 0 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: container.codingPath, debugDescription: "a negative position"))
        }
    }
}

/// An LSP range between two positions.
struct LSPRange: Equatable, Sendable, Codable {
    var start: LSPPosition
    var end: LSPPosition
}

/// A place in a document (LSP `Location`).
struct Location: Equatable, Sendable, Encodable {
    var uri: String
    var range: LSPRange
}

/// A document named by its URI (LSP `TextDocumentIdentifier`).
struct TextDocumentIdentifier: Equatable, Sendable, Codable {
    var uri: String
}

/// The parameters of every request about a position in a document.
struct TextDocumentPositionParams: Equatable, Sendable, Decodable {
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// One edit: `newText` in the place of `range` (LSP `TextEdit`).
struct TextEdit: Equatable, Sendable, Encodable {
    var range: LSPRange
    var newText: String
}

/// Edits to several documents, in the order given (LSP `WorkspaceEdit` with `changes`).
struct WorkspaceEdit: Equatable, Sendable, Encodable {
    var changes: [(uri: String, edits: [TextEdit])]

    static func == (lhs: WorkspaceEdit, rhs: WorkspaceEdit) -> Bool {
        lhs.changes.count == rhs.changes.count
            && zip(lhs.changes, rhs.changes).allSatisfy { $0.uri == $1.uri && $0.edits == $1.edits }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private enum CodingKeys: String, CodingKey {
        case changes
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var changes = container.nestedContainer(keyedBy: Key.self, forKey: .changes)
        for change in self.changes { try changes.encode(change.edits, forKey: Key(stringValue: change.uri)) }
    }
}

/// A command the client runs on the server (`workspace/executeCommand`) when the user picks it.
struct Command: Equatable, Sendable, Encodable {
    var title: String
    var command: String
    var arguments: [JSONValue]
}

/// Text in Markdown or plain text (LSP `MarkupContent`).
struct MarkupContent: Equatable, Sendable, Encodable {
    var kind: ClientCapabilities.MarkupKind
    var value: String
}
