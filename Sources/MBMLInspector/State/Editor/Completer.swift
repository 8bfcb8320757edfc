import MBMLEngine

/// Works out what Tab completes at the cursor: `^function` names, `$variable` names (also
/// `$[name]`), and subreferences (`.key`, `[key]`, `[index]`, properties) after a reference whose
/// value the snapshot knows. Pure: reads only the text, the snapshot and the function list; what
/// the text at the cursor is comes from the engine's ``MBMLSyntax``.
enum Completer {
    /// The completion menu for `characters` with the cursor at `cursor`, or nil when nothing at the
    /// cursor can be completed.
    static func unrankedMenu(
        for characters: [Character], cursor: Int, snapshot: VariableSnapshot,
        functions: [FunctionInfo]
    ) -> CompletionMenu? {
        let syntax = MBMLSyntax(characters: characters)
        if let chain = syntax.referenceChain(endingAt: cursor) {
            return menu(for: chain, snapshot: snapshot)
        }
        guard let (_, word, start) = syntax.functionName(at: cursor) else { return nil }
        let candidates = functions.filter { CompletionMatching.matches($0.name, typed: word) }.map {
            CompletionCandidate(insertion: "^" + $0.name + "(", detail: "\($0.signature)  \($0.summary)")
        }
        return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: start)
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

    // MARK: References

    private static func menu(for chain: SyntaxReferenceChain, snapshot: VariableSnapshot) -> CompletionMenu? {
        switch chain.partial {
        case .variableName(let word):
            let candidates = snapshot.names.filter { CompletionMatching.matches($0, typed: word) }.sorted().map {
                name in
                CompletionCandidate(
                    insertion: MBMLIdentifier.isIdentifier(name) ? "$" + name : "$[" + name + "]",
                    detail: ValueFormatter.summary(of: snapshot.value(of: name)))
            }
            return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: chain.partialStart)
        case .bracketedVariableName(let word):
            let candidates = snapshot.names.filter { CompletionMatching.matches($0, typed: word) }.sorted().map {
                CompletionCandidate(
                    insertion: "$[" + $0 + "]", detail: ValueFormatter.summary(of: snapshot.value(of: $0)))
            }
            return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: chain.partialStart)
        case .property(let partial), .subscripted(let partial):
            guard var value = chain.variable.flatMap({ snapshot.value(of: $0) }) else { return nil }
            for step in chain.steps {
                switch step {
                case .property(let key), .subscripted(let key):
                    guard let next = Self.step(value, key: key) else { return nil }
                    value = next
                }
            }
            let bracketed = if case .subscripted = chain.partial { true } else { false }
            return menu(for: value, partial: partial, start: chain.partialStart, bracketed: bracketed)
        }
    }

    private static func step(_ value: Value, key: String) -> Value? {
        switch value {
        case .dictionary(let entries): return entries[key]
        case .array(let elements):
            if key == "count" { return .integer(elements.count) }
            let index = Int(key.trimmingLeadingSpaces) ?? 0
            return index >= 0 && index < elements.count ? elements[index] : nil
        case .object(let object): return (try? object.value(forProperty: key)) ?? nil
        default: return nil
        }
    }

    /// Candidates for the children of `value`. After `[` keys keep the bracket form; after `.`
    /// identifiers take the dot form.
    private static func menu(for value: Value, partial: String, start: Int, bracketed: Bool) -> CompletionMenu? {
        var candidates: [CompletionCandidate] = []
        func offer(_ key: String, _ detail: Value?) {
            guard !bracketed, CompletionMatching.matches(key, typed: partial) else { return }
            let insertion = MBMLIdentifier.isIdentifier(key) ? "." + key : "[" + MBMLIdentifier.escapedKey(key) + "]"
            candidates.append(
                CompletionCandidate(insertion: insertion, detail: detail.map { ValueFormatter.summary(of: $0) }))
        }
        switch value {
        case .dictionary(let entries):
            for (key, entry) in entries where CompletionMatching.matches(key, typed: partial) {
                let insertion: String
                if MBMLIdentifier.isIdentifier(key), !bracketed {
                    insertion = "." + key
                } else {
                    insertion = "[" + MBMLIdentifier.escapedKey(key) + "]"
                }
                candidates.append(CompletionCandidate(insertion: insertion, detail: ValueFormatter.summary(of: entry)))
            }
        case .array(let elements):
            for (index, element) in elements.prefix(100).enumerated() where String(index).hasPrefix(partial) {
                candidates.append(
                    CompletionCandidate(insertion: "[\(index)]", detail: ValueFormatter.summary(of: element)))
            }
            offer("count", .integer(elements.count))
        case .set(let members):
            offer("count", .integer(members.count))
        case .object(let object):
            for name in MBMLSyntax.propertyNames(offeredBy: value) {
                offer(name, (try? object.value(forProperty: name)) ?? nil)
            }
        case .string, .decimal, .integer, .double, .boolean:
            for name in MBMLSyntax.propertyNames(offeredBy: value) { offer(name, nil) }
        default:
            break
        }
        return candidates.isEmpty ? nil : CompletionMenu(candidates: candidates, start: start)
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String {
        String(drop(while: { $0 == " " }))
    }
}
