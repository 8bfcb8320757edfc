/// The values a variable bound by a function takes: `$item` in `^list($cats|$item.length)` has no
/// declaration, but each evaluation of the parameter binds it to one element.
public struct BoundValues: Sendable, Equatable {
    /// The variable's name.
    public var name: String
    /// What the reference produced, in evaluation order (up to the trace's first 8).
    public var outcomes: [TraceOutcome]
    /// How many times the reference was evaluated.
    public var evaluationCount: Int
    /// The call that was evaluated to find them (its text).
    public var call: String
}

extension Environment {
    /// The values the reference to `$name` at `offset` (a character offset into `characters`, one
    /// line or expression of text) takes when the outermost call around it is evaluated once in the
    /// object context, traced (``trace(_:context:within:)``); nil when no closed call encloses the
    /// offset, or the reference was never evaluated there or never had a value (a name nothing
    /// declares and nothing binds). The evaluation is part of `evaluation`.
    public func boundValues(
        of name: String, at offset: Int, in characters: [Character], within evaluation: Evaluation
    ) -> BoundValues? {
        guard let extent = MBMLSyntax(characters: characters).outermostCall(around: offset) else { return nil }
        let text = String(characters[extent])
        let position = String(characters[extent.lowerBound..<offset]).utf16.count
        let trace = trace(text, context: .object, within: evaluation)
        guard
            let node = trace.allNodes.first(where: { node in
                node.kind == .variableReference && node.name == name && node.range.location <= position
                    && position < node.range.upperBound
            }), node.evaluationCount > 0,
            node.outcomes.contains(where: { $0.value != nil })
        else { return nil }
        return BoundValues(name: name, outcomes: node.outcomes, evaluationCount: node.evaluationCount, call: text)
    }
}
