import MBMLEngine

/// What the inspector knows about a function, for completion and signature hints.
struct FunctionInfo: Equatable, Sendable {
    var name: String
    /// e.g. `^join(list|separator)`.
    var signature: String
    var summary: String
    /// For a function that goes over a collection: the variables it binds per item and an example.
    var iteration: IterationVariables? = nil
}

/// One thing Tab can insert.
struct CompletionCandidate: Equatable, Sendable {
    /// The text that replaces the completed range, e.g. `$cats`, `^join(`, `.species`, `[Barrett]`.
    var insertion: String
    /// A detail shown when the candidate is chosen (a signature and summary, or a value preview).
    var detail: String?

    init(insertion: String, detail: String? = nil) {
        self.insertion = insertion
        self.detail = detail
    }
}

/// The candidates for the text before the cursor, and the range of characters they replace.
struct CompletionMenu: Equatable, Sendable {
    var candidates: [CompletionCandidate]
    /// Where the replaced text starts (it ends at the cursor).
    var start: Int
    /// The candidate chosen with Tab, or nil while only the common prefix has been inserted.
    var selected: Int?

    init(candidates: [CompletionCandidate], start: Int, selected: Int? = nil) {
        self.candidates = candidates
        self.start = start
        self.selected = selected
    }
}
