/// The one rule for which names complete what was typed, shared by the inspector's Tab completion
/// and `mbml lsp`'s completion: a name completes the typed text when it starts with it, letters
/// compared without regard to case; the names that continue it in the same case come first.
public enum CompletionMatching {
    /// Whether `candidate` completes `typed` (`$tot` → `total`, `Total`, `TOTAL`).
    public static func matches(_ candidate: String, typed: String) -> Bool {
        typed.isEmpty || candidate.lowercased().hasPrefix(typed.lowercased())
    }

    /// The `candidates` that complete `typed`: those that continue it in the same case first, then
    /// the others, each group in the order given.
    public static func ranked(_ candidates: some Sequence<String>, typed: String) -> [String] {
        ranked(candidates, typed: typed, name: { $0 })
    }

    /// The `candidates` whose `name` completes `typed`, ranked as ``ranked(_:typed:)`` ranks names.
    public static func ranked<Candidate>(
        _ candidates: some Sequence<Candidate>, typed: String, name: (Candidate) -> String
    ) -> [Candidate] {
        let matching = candidates.filter { matches(name($0), typed: typed) }
        return matching.filter { name($0).hasPrefix(typed) } + matching.filter { !name($0).hasPrefix(typed) }
    }
}
