/// What the client said it can do in `initialize` (`capabilities`), as far as the server's answers
/// depend on it.
struct ClientCapabilities: Equatable {
    /// How hovers are written: the first of `textDocument.hover.contentFormat` the server can write
    /// (Markdown when the client names none).
    var hoverMarkup = MarkupKind.markdown
    /// Whether the client registers file watchers the server asks for
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    var watchesFilesOnRequest = false
    /// Whether the client asks for lenses again when the server says so
    /// (`workspace.codeLens.refreshSupport`: ``CodeLensRefreshRequest``).
    var refreshesCodeLenses = false

    /// LSP `MarkupKind`.
    enum MarkupKind: String, Sendable, Encodable {
        case plaintext, markdown
    }

    init() {}

    /// The capabilities the client wrote in `initialize`.
    init(_ capabilities: JSONValue?) {
        if let formats = capabilities?["textDocument"]?["hover"]?["contentFormat"]?.arrayValue,
            let first = formats.lazy.compactMap({ $0.stringValue.flatMap(MarkupKind.init(rawValue:)) }).first
        {
            hoverMarkup = first
        }
        watchesFilesOnRequest =
            capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
        refreshesCodeLenses = capabilities?["workspace"]?["codeLens"]?["refreshSupport"] == .bool(true)
    }
}
