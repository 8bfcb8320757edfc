/// `textDocument/completion`.
struct CompletionRequest: LSPRequest {
    typealias Response = CompletionList?
    static let method = "textDocument/completion"
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}

/// The completions at a position (never incomplete: the server lists all, up to its limit).
struct CompletionList: Equatable, Sendable, Encodable {
    var isIncomplete = false
    var items: [CompletionItem]
}

/// One completion; a variable's `detail` (its value) is left for `completionItem/resolve`.
struct CompletionItem: Equatable, Sendable, Codable {
    var label: String
    /// LSP `CompletionItemKind`.
    var kind: Int?
    var detail: String?
    var documentation: String?
    var textEdit: Edit?
    /// What the client matches the typed text against, when the edit starts before the label does
    /// (`$Bar` replaced by `$[Barrett Test]`: `$Barrett Test`).
    var filterText: String?
    /// What `completionItem/resolve` needs (the document and the variable), as the server wrote it.
    var data: JSONValue?

    /// LSP `TextEdit`, read back from the item the client resolves.
    struct Edit: Equatable, Sendable, Codable {
        var range: LSPRange
        var newText: String
    }

    private enum CodingKeys: String, CodingKey {
        case label, kind, detail, documentation, textEdit, filterText, data
    }

    init(
        label: String, kind: Int?, detail: String?, documentation: String? = nil, textEdit: Edit?,
        filterText: String? = nil, data: JSONValue? = nil
    ) {
        self.filterText = filterText
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.textEdit = textEdit
        self.data = data
    }

    /// Reads an item back (`completionItem/resolve`): a field of another shape than the server
    /// writes is left out.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try container.decode(String.self, forKey: .label)
        kind = try? container.decodeIfPresent(Int.self, forKey: .kind)
        detail = try? container.decodeIfPresent(String.self, forKey: .detail)
        documentation = try? container.decodeIfPresent(String.self, forKey: .documentation)
        textEdit = try? container.decodeIfPresent(Edit.self, forKey: .textEdit)
        filterText = try? container.decodeIfPresent(String.self, forKey: .filterText)
        data = try? container.decodeIfPresent(JSONValue.self, forKey: .data)
    }
}

/// `completionItem/resolve`: the item with its variable's value as `detail`.
struct CompletionResolveRequest: LSPRequest {
    typealias Response = CompletionItem
    static let method = "completionItem/resolve"
    var item: CompletionItem

    init(from decoder: any Decoder) throws {
        item = try CompletionItem(from: decoder)
    }
}
