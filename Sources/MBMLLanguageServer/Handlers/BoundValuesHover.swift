import MBMLEngine

/// The hover text of a reference to a variable that nothing declares: the values a function binds it
/// to (`$item` inside `^list(...)`, found by tracing the outermost call around it), else — when the
/// project has samples (``SampleSpace``) — its value there, labelled a sample (a name only some
/// repositories declare, the item of a collection that is empty in this one), else why the call
/// around it bound no item (an empty or null collection), else "not declared".
enum BoundValuesHover {
    /// The most values listed.
    static let maximumValues = 3

    /// The value block and the note for `$name` at `offset` on the cursor's text (`expression`, the
    /// reference with its steps), evaluated under `limits`.
    static func text(
        for name: String, expression: String, at offset: Int, cursor: CursorContext, environment: Environment,
        samples: SampleSpace?, limits: EvaluationLimits, inProject: Bool
    ) -> (value: String, note: String) {
        let evaluation = Evaluation(limits: limits)
        // The call around the reference, evaluated once for all three questions.
        let outer = environment.traceOuterCall(around: offset, in: cursor.characters, within: evaluation)
        if let outer, let bound = environment.boundValues(of: name, in: outer), let first = bound.outcomes.first {
            return (preview(first), "bound by the call around it, " + evaluated(bound))
        }
        let unbound = outer.flatMap { environment.unboundIteration(of: name, in: $0) }
        if let outer, let unbound, unbound.evaluationCount == 0,
            let alone = environment.boundValuesOutsideBranches(of: name, in: outer, within: evaluation),
            let first = alone.outcomes.first
        {
            return (preview(first), note(for: name, alone: alone, unbound: unbound))
        }
        // A sample's space may have just been loaded (under a budget of its own): the answer from
        // it gets the request's time budget again.
        if let samples,
            let sample = samples.first({ environment, sample in
                self.sample(
                    of: name, expression: expression, at: offset, cursor: cursor, in: environment, from: sample,
                    unbound: unbound, limits: limits.restarted())
            })
        {
            return sample
        }
        if let unbound { return ("null", note(for: name, unbound: unbound)) }
        var note = inProject ? "not declared by any input of the project (its value is null)" : "not declared"
        if outer != nil {
            note += "; the call around it did not evaluate it, so no function bound it"
        }
        if samples != nil { note += "; the project's samples do not declare it either" }
        return ("null", note)
    }

    /// `$name`'s value in the samples' space, `environment`, with a note that says it is a sample and
    /// why the document's space has none: the samples declare the name, or the call around it binds
    /// an item there. Nil when the samples have no value for it either.
    private static func sample(
        of name: String, expression: String, at offset: Int, cursor: CursorContext, in environment: Environment,
        from sample: EnvironmentInput, unbound: UnboundIteration?, limits: EvaluationLimits
    ) -> (value: String, note: String)? {
        if unbound == nil, let provenance = environment.provenance(of: name) {
            let value = ValuePreview.text(of: expression, in: environment, limits: limits)
            let site = provenance.site.map { ", declared at " + $0 } ?? ""
            return (
                value,
                "a sample: the project's inputs leave `$\(name)` undeclared (null when it runs); this is its value with the project's sample \(sample.fileURL?.lastPathComponent ?? "input") (`samples` in mbml.json)\(site)"
            )
        }
        let evaluation = Evaluation(limits: limits)
        // The call around it, evaluated once in the samples' space.
        guard let outer = environment.traceOuterCall(around: offset, in: cursor.characters, within: evaluation),
            let bound = environment.boundValues(of: name, in: outer)
                ?? environment.boundValuesOutsideBranches(of: name, in: outer, within: evaluation),
            let first = bound.outcomes.first
        else { return nil }
        let why = unbound.map { note(for: name, unbound: $0) } ?? "the call around it bound no value in the project"
        return (
            preview(first),
            "a sample item: \(why); with the project's sample \(sample.fileURL?.lastPathComponent ?? "input") (`samples` in mbml.json) the call around it binds it, "
                + evaluated(bound)
        )
    }

    /// The note of an item the call around `$name` would bind (``MBMLEngine/Environment/boundValuesOutsideBranches(of:at:in:within:)``):
    /// the call that binds it is not evaluated where it is written, so it was evaluated alone.
    private static func note(for name: String, alone: BoundValues, unbound: UnboundIteration) -> String {
        let call = "^\(unbound.function)(\(ValuePreview.truncated(unbound.collection, to: 80))|…)"
        return
            "the item \(call) would bind to `$\(name)`: the call around it does not evaluate \(call) here (\(unbound.outcome.preview(limit: 120))), so it was evaluated alone, "
            + evaluated(alone)
    }

    /// "evaluated N times" and the first values.
    private static func evaluated(_ bound: BoundValues) -> String {
        let values = bound.outcomes.prefix(maximumValues).map { preview($0) }
        var note = "evaluated " + (bound.evaluationCount == 1 ? "once" : "\(bound.evaluationCount) times")
        if values.count > 1 {
            note += "; values: " + values.joined(separator: ", ") + (bound.evaluationCount > values.count ? ", …" : "")
        }
        return note
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
