import MBMLEngine

/// What Tab completes at the cursor: the engine's ``EditorIntelligence`` (the language server
/// answers from the same service) over the snapshot's values, made into the editor's menu. Pure:
/// reads only the text, the snapshot and the function list.
enum Completer {
    /// The completion menu for `characters` with the cursor at `cursor`, or nil when nothing at the
    /// cursor can be completed. Candidates that continue the typed text exactly (same case) come
    /// first, so that `$cats` Tab Tab keeps `$cats` rather than choosing `$catSummary`.
    static func menu(
        for characters: [Character], cursor: Int, snapshot: VariableSnapshot,
        functions: [FunctionInfo]
    ) -> CompletionMenu? {
        let service = intelligence(snapshot: snapshot, functions: functions)
        guard let (context, found) = service.completions(in: MBMLSyntax(characters: characters), at: cursor),
            !found.isEmpty
        else { return nil }
        let candidates = found.map { candidate in
            let detail: String? =
                switch candidate.kind {
                case .function: "\(candidate.detail ?? "")  \(candidate.documentation ?? "")"
                case .variable: ValueFormatter.summary(of: snapshot.value(of: candidate.label))
                case .key, .index, .property: candidate.value.map { ValueFormatter.summary(of: $0) }
                }
            return CompletionCandidate(insertion: candidate.insertion, detail: detail)
        }
        return CompletionMenu(candidates: candidates, start: context.start)
    }

    /// The engine's service over `snapshot`: a path's value is stepped into from its variable's value.
    static func intelligence(snapshot: VariableSnapshot, functions: [FunctionInfo]) -> EditorIntelligence {
        EditorIntelligence(
            functions: functions.map { EditorFunction(name: $0.name, signature: $0.signature, summary: $0.summary) },
            variableNames: snapshot.names,
            value: { path in snapshot.value(of: path.variable).flatMap { path.value(from: $0) } })
    }

    /// The longest text every candidate starts with.
    static func commonPrefix(of candidates: [CompletionCandidate]) -> String {
        guard var prefix = candidates.first.map({ Array($0.insertion) }) else { return "" }
        for candidate in candidates.dropFirst() {
            let other = Array(candidate.insertion)
            var length = 0
            while length < prefix.count, length < other.count, prefix[length] == other[length] { length += 1 }
            prefix = Array(prefix[..<length])
        }
        return String(prefix)
    }
}
