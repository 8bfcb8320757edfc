/// The editor intelligence of MBML text, one service for every front end (the inspector's Tab
/// completion and signature line, `mbml lsp`'s completion and signature help): what is being typed
/// at a position (``MBMLSyntax/completionContext(at:)``), the candidates that complete it with
/// their text spelled for the reference form being typed (``ReferencePath``), and the signature of
/// the call around it. Candidates match by ``CompletionMatching``.
///
/// It evaluates nothing itself: a front end gives the variables' names and a way to read the value
/// a path reaches (the inspector from its snapshot, the server by evaluating ``ReferencePath/spelled``
/// under a request's limits); only a step after a path asks for a value.
public struct EditorIntelligence {
    /// The functions, in the order offered.
    public var functions: [EditorFunction]
    /// The variables' names (offered sorted).
    public var variableNames: [String]
    /// The value `path` reaches, or nil when it is unknown.
    public var value: (ReferencePath) -> Value?

    /// The most indexes offered after an array.
    public static let maximumIndexes = 100

    public init(functions: [EditorFunction], variableNames: [String], value: @escaping (ReferencePath) -> Value?) {
        self.functions = functions
        self.variableNames = variableNames
        self.value = value
    }

    /// The candidates that complete the text before `offset`, at most `limit`: those that continue
    /// the typed text in the same case first (``CompletionMatching``), then the others; nil when
    /// nothing there can be completed.
    public func completions(in syntax: MBMLSyntax, at offset: Int, limit: Int = .max)
        -> (context: CompletionContext, candidates: [EditorCompletion])?
    {
        guard let context = syntax.completionContext(at: offset) else { return nil }
        var candidates: [EditorCompletion] = []
        var prefixes: [Int: String] = [:]
        func add(_ label: String, _ kind: EditorCompletion.Kind, _ text: String, from start: Int, value: Value? = nil) {
            let prefix = prefixes[start] ?? String(syntax.characters[context.start..<max(context.start, start)])
            prefixes[start] = prefix
            candidates.append(
                EditorCompletion(
                    label: label, kind: kind, insertText: text, replacementStart: start, insertion: prefix + text,
                    value: value))
        }
        switch context {
        case .function(let typed, let start):
            for function in CompletionMatching.ranked(functions, typed: typed, name: \.name).prefix(limit) {
                add(function.name, .function, function.name + "(", from: start + 1)
                candidates[candidates.count - 1].detail = function.signature
                candidates[candidates.count - 1].documentation = function.summary
            }
        case .variable(let typed, let form, let start):
            // Names are ranked before candidates are made: a space of 100,000 names makes only `limit`.
            for name in CompletionMatching.ranked(variableNames.sorted(), typed: typed).prefix(limit) {
                switch form {
                case .simple where MBMLIdentifier.isIdentifier(name): add(name, .variable, name, from: start + 1)
                case .simple: add(name, .variable, ReferencePath.reference(to: name), from: start)
                case .curly where MBMLIdentifier.isIdentifier(name): add(name, .variable, name + "}", from: start + 2)
                case .curly: add(name, .variable, ReferencePath.reference(to: name, form: .curly), from: start)
                case .bracket: add(name, .variable, name + "]", from: start + 2)
                case .parenthesis: add(name, .variable, name + ")", from: start + 2)
                }
            }
        case .step(let path, let typed, let bracketed, let start):
            guard let base = value(path) else { return nil }
            steps(into: base, typed: typed, bracketed: bracketed, start: start, add: add)
        }
        let ranked = CompletionMatching.ranked(candidates, typed: context.typed, name: \.label)
        return (context, Array(ranked.prefix(limit)))
    }

    /// The keys, indexes and properties of `base` that complete `typed`.
    private func steps(
        into base: Value, typed: String, bracketed: Bool, start: Int,
        add: (String, EditorCompletion.Kind, String, Int, Value?) -> Void
    ) {
        switch base {
        case .dictionary(let entries):
            for (key, entry) in entries where CompletionMatching.matches(key, typed: typed) {
                if bracketed {
                    add(key, .key, MBMLIdentifier.escapedKey(key) + "]", start + 1, entry)
                } else if MBMLIdentifier.isIdentifier(key) {
                    add(key, .key, key, start + 1, entry)
                } else {
                    add(key, .key, ReferencePath.step(to: key), start, entry)
                }
            }
        case .array(let elements):
            for (index, element) in elements.prefix(Self.maximumIndexes).enumerated()
            where String(index).hasPrefix(typed) {
                add(
                    String(index), .index, bracketed ? "\(index)]" : "[\(index)]", bracketed ? start + 1 : start,
                    element)
            }
        default:
            break
        }
        guard !bracketed else { return }
        for name in MBMLSyntax.propertyNames(offeredBy: base) where CompletionMatching.matches(name, typed: typed) {
            add(
                name, .property, name, start + 1,
                ReferencePath(variable: "", steps: [.property(name)]).value(from: base))
        }
    }

    /// The signature of the innermost unfinished call around `offset`, with the parameter `offset`
    /// is in; nil outside a call or for a function the library does not have.
    public func signatureHelp(in syntax: MBMLSyntax, at offset: Int) -> EditorSignatureHelp? {
        guard let call = syntax.call(at: offset), let function = functions.first(where: { $0.name == call.name })
        else { return nil }
        return EditorSignatureHelp(function: function, argument: call.parameterIndex)
    }
}
