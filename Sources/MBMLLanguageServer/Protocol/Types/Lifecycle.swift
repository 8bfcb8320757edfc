/// `initialize`: the client's folders and capabilities.
struct InitializeRequest: LSPRequest, Equatable {
    typealias Response = InitializeResult
    static let method = "initialize"

    /// `workspaceFolders` (nil when the client sent none or null).
    var workspaceFolders: [WorkspaceFolder]?
    var rootUri: String?
    var rootPath: String?
    /// What the client can do, as it wrote it (read by ``ClientCapabilities``).
    var capabilities: JSONValue

    init(
        workspaceFolders: [WorkspaceFolder]? = nil, rootUri: String? = nil, rootPath: String? = nil,
        capabilities: JSONValue = .object([:])
    ) {
        self.workspaceFolders = workspaceFolders
        self.rootUri = rootUri
        self.rootPath = rootPath
        self.capabilities = capabilities
    }

    private enum CodingKeys: String, CodingKey {
        case workspaceFolders, rootUri, rootPath, capabilities
    }

    /// Reads what it can: a field of another type than LSP's is left out, never a reason to refuse
    /// to start.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        workspaceFolders = try? container.decodeIfPresent([WorkspaceFolder].self, forKey: .workspaceFolders)
        rootUri = try? container.decodeIfPresent(String.self, forKey: .rootUri)
        rootPath = try? container.decodeIfPresent(String.self, forKey: .rootPath)
        capabilities = (try? container.decodeIfPresent(JSONValue.self, forKey: .capabilities)) ?? .object([:])
    }
}

/// A folder of the workspace (LSP `WorkspaceFolder`).
struct WorkspaceFolder: Equatable, Sendable, Codable {
    var uri: String
    var name: String?
}

/// `initialize`'s result: what the server does, and its name.
struct InitializeResult: Encodable, Sendable {
    var capabilities: ServerCapabilities
    var serverInfo = ServerInfo(name: "mbml")

    struct ServerInfo: Encodable, Sendable {
        var name: String
    }
}

/// `shutdown`: the server stops answering requests; `exit` follows.
struct ShutdownRequest: LSPRequest, ParameterlessMessage {
    typealias Response = JSONValue
    static let method = "shutdown"
}

/// `initialized`: the client is ready (the server may register file watchers now).
struct InitializedNotification: LSPNotification, ParameterlessMessage {
    static let method = "initialized"
}

/// `exit`: the process ends.
struct ExitNotification: LSPNotification, ParameterlessMessage {
    static let method = "exit"
}

/// `$/cancelRequest`: the client no longer wants the answer to request `id`.
struct CancelRequestNotification: LSPNotification {
    static let method = "$/cancelRequest"
    var id: RequestID
}

/// `$/setTrace`: accepted, nothing to do.
struct SetTraceNotification: LSPNotification, ParameterlessMessage {
    static let method = "$/setTrace"

    init() {}
    init(from decoder: any Decoder) throws {}
}

/// `workspace/didChangeConfiguration`: accepted, the server has no settings.
struct DidChangeConfigurationNotification: LSPNotification, ParameterlessMessage {
    static let method = "workspace/didChangeConfiguration"

    init() {}
    init(from decoder: any Decoder) throws {}
}
