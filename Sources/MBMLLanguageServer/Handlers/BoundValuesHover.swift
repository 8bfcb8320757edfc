import MBMLEngine

/// The hover text of a reference to a variable that nothing declares: the values a function binds it
/// to (`$item` inside `^list(...)`, found by tracing the outermost call around it), else why the call
/// around it bound no item (an empty or null collection), else "not declared".
enum BoundValuesHover {
    /// The most values listed.
    static let maximumValues = 3

    /// The value block and the note for `$name` at `offset` on the cursor's line, evaluated under `limits`.
    static func text(
        for name: String, at offset: Int, cursor: CursorContext, environment: Environment, limits: EvaluationLimits,
        inProject: Bool
    ) -> (value: String, note: String) {
        let evaluation = Evaluation(limits: limits)
        guard
            let bound = environment.boundValues(
                of: name, at: offset, in: cursor.characters, within: evaluation),
            let first = bound.outcomes.first
        else {
            if let unbound = environment.unboundIteration(
                of: name, at: offset, in: cursor.characters, within: evaluation)
            {
                return ("null", note(for: name, unbound: unbound))
            }
            var note = inProject ? "not declared by any input of the project (its value is null)" : "not declared"
            if MBMLSyntax(characters: cursor.characters).outermostCall(around: offset) != nil {
                note += "; the call around it did not evaluate it, so no function bound it"
            }
            return ("null", note)
        }
        let values = bound.outcomes.prefix(maximumValues).map { preview($0) }
        let times = bound.evaluationCount == 1 ? "once" : "\(bound.evaluationCount) times"
        var note = "bound by the call around it, evaluated \(times)"
        if values.count > 1 {
            note += "; values: " + values.joined(separator: ", ") + (bound.evaluationCount > values.count ? ", …" : "")
        }
        return (preview(first), note)
    }

    /// Why `$name` has no value inside `^function(collection|…)`: the collection bound no item, or
    /// the call was not evaluated.
    private static func note(for name: String, unbound: UnboundIteration) -> String {
        let call = "^\(unbound.function)(\(ValuePreview.truncated(unbound.collection, to: 80))|…)"
        guard unbound.evaluationCount > 0 else {
            return
                "bound per item by \(call), which was not evaluated (\(unbound.outcome.preview(limit: 120))): no item"
        }
        let collection = preview(unbound.outcome)
        switch unbound.outcome.value {
        case .none, .null?:
            return "bound per item by \(call); the collection is null, so no item was bound"
        case .array(let elements)? where elements.isEmpty:
            return "bound per item by \(call); the collection is empty (\(collection)), so no item was bound"
        case .dictionary(let entries)? where entries.isEmpty:
            return "bound per item by \(call); the collection is empty (\(collection)), so no item was bound"
        default:
            return
                "bound per item by \(call) over \(collection), but the parameter that reads `$\(name)` was not evaluated"
        }
    }

    private static func preview(_ outcome: TraceOutcome) -> String {
        if case .value(let value) = outcome { return ValuePreview.text(of: value, limit: 200) }
        return outcome.preview(limit: 200)
    }
}
