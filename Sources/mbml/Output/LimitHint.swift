import MBMLEngine

/// How to change an engine limit with mbml's options: the engine's messages name the limit it hit
/// (``EngineLimit``), the CLI adds its flag.
enum LimitHint {
    /// The limit `error` hit, if any.
    static func limit(of error: Error) -> EngineLimit? {
        (error as? ExpressionError)?.limit ?? (error as? DeadlineExceeded)?.limit ?? (error as? FunctionError)?.limit
            ?? (error as? TemplateError)?.limit ?? (error as? MemoryBudgetExceeded)?.limit
    }

    /// The option that changes `limit`.
    static func hint(for limit: EngineLimit) -> String {
        switch limit {
        case .timeBudget: return "--timeout SECONDS changes it; 0 turns it off"
        case .fileWrites: return "--allow-file-writes allows them"
        case .fileSize: return "--max-file-size BYTES raises it"
        case .fileReads: return "--allow-file-reads DIR allows a folder"
        case .memoryBudget: return "--max-memory BYTES raises it; 0 turns it off"
        }
    }

    /// `message`, followed by the hint in parentheses when `error` hit a limit.
    static func appending(to message: String, for error: Error) -> String {
        guard let limit = limit(of: error) else { return message }
        return message + " (" + hint(for: limit) + ")"
    }
}
