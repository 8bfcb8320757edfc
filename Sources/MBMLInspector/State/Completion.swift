/// What the inspector knows about a function, for completion and signature hints.
public struct FunctionInfo: Equatable, Sendable {
    public var name: String
    /// e.g. `^join(list|separator)`.
    public var signature: String
    public var summary: String

    public init(name: String, signature: String, summary: String) {
        self.name = name
        self.signature = signature
        self.summary = summary
    }
}

/// One thing Tab can insert.
public struct CompletionCandidate: Equatable, Sendable {
    /// The text that replaces the completed range, e.g. `$cats`, `^join(`, `.species`, `[Barrett]`.
    public var insertion: String
    /// A detail shown when the candidate is chosen (a signature and summary, or a value preview).
    public var detail: String?

    public init(insertion: String, detail: String? = nil) {
        self.insertion = insertion
        self.detail = detail
    }
}

/// The candidates for the text before the cursor, and the range of characters they replace.
public struct CompletionMenu: Equatable, Sendable {
    public var candidates: [CompletionCandidate]
    /// Where the replaced text starts (it ends at the cursor).
    public var start: Int
    /// The candidate chosen with Tab, or nil while only the common prefix has been inserted.
    public var selected: Int?

    public init(candidates: [CompletionCandidate], start: Int, selected: Int? = nil) {
        self.candidates = candidates
        self.start = start
        self.selected = selected
    }
}
