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

/// The outermost call around a reference, evaluated once in the object context and traced: what
/// ``Environment/boundValues(of:in:)``, ``Environment/unboundIteration(of:in:)`` and
/// ``Environment/boundValuesOutsideBranches(of:in:within:)`` read, so that a host asking all three
/// (a hover) evaluates the call once.
public struct OuterCallTrace: Sendable, Equatable {
    /// The trace of the call's text.
    public let trace: ExpressionTrace
    /// The reference's UTF-16 position in the traced text.
    public let position: Int
}

extension Environment {
    /// The outermost call around `offset` (a character offset into `characters`, one line or
    /// expression of text), traced (``trace(_:context:within:)``) as part of `evaluation`; nil when
    /// no closed call encloses the offset.
    public func traceOuterCall(
        around offset: Int, in characters: [Character], within evaluation: Evaluation
    ) -> OuterCallTrace? {
        guard let extent = MBMLSyntax(characters: characters).outermostCall(around: offset) else { return nil }
        let position = String(characters[extent.lowerBound..<offset]).utf16.count
        return OuterCallTrace(
            trace: trace(String(characters[extent]), context: .object, within: evaluation), position: position)
    }

    /// The values the reference to `$name` at `offset` (a character offset into `characters`, one
    /// line or expression of text) takes when the outermost call around it is evaluated once in the
    /// object context, traced (``traceOuterCall(around:in:within:)``); nil when no closed call encloses the
    /// offset, or the reference was never evaluated there or never had a value (a name nothing
    /// declares and nothing binds). The evaluation is part of `evaluation`.
    public func boundValues(
        of name: String, at offset: Int, in characters: [Character], within evaluation: Evaluation
    ) -> BoundValues? {
        traceOuterCall(around: offset, in: characters, within: evaluation).flatMap { boundValues(of: name, in: $0) }
    }

    /// ``boundValues(of:at:in:within:)`` read from the outer call traced already.
    public func boundValues(of name: String, in outer: OuterCallTrace) -> BoundValues? {
        Self.boundValues(of: name, at: outer.position, in: outer.trace)
    }

    /// What the reference to `$name` at UTF-16 `position` of the traced text produced; nil when it
    /// was never evaluated or never had a value.
    static func boundValues(of name: String, at position: Int, in trace: ExpressionTrace) -> BoundValues? {
        guard
            let node = trace.allNodes.first(where: { node in
                node.kind == .variableReference && node.name == name && node.range.location <= position
                    && position < node.range.upperBound
            }), node.evaluationCount > 0,
            node.outcomes.contains(where: { $0.value != nil })
        else { return nil }
        return BoundValues(
            name: name, outcomes: node.outcomes, evaluationCount: node.evaluationCount, call: trace.expression)
    }
}

/// Why a function-bound variable (`$item`) took no value where it is written: the innermost call
/// around it that goes over a collection, and what that collection was. A collection that is empty
/// or null binds no item, so the parameter that reads `$item` is never evaluated.
public struct UnboundIteration: Sendable, Equatable {
    /// The function whose per-item parameter holds the reference (without `^`).
    public var function: String
    /// The collection parameter's text (`$branches:other`).
    public var collection: String
    /// What the collection parameter produced (first evaluation); when the call itself was never
    /// evaluated, the call's own outcome (why it was not).
    public var outcome: TraceOutcome
    /// How many times the call was evaluated.
    public var evaluationCount: Int
}

extension Environment {
    /// Why the reference to `$name` at `offset` (as in ``boundValues(of:at:in:within:)``) took no
    /// value: the innermost call around it whose function binds `name` per item
    /// (``FunctionDefinition/iteration``), with the reference in one of its later parameters, and the
    /// collection it went over, traced. Nil when no such call encloses the reference. The
    /// evaluation is part of `evaluation`.
    public func unboundIteration(
        of name: String, at offset: Int, in characters: [Character], within evaluation: Evaluation
    ) -> UnboundIteration? {
        traceOuterCall(around: offset, in: characters, within: evaluation).flatMap {
            unboundIteration(of: name, in: $0)
        }
    }

    /// ``unboundIteration(of:at:in:within:)`` read from the outer call traced already.
    public func unboundIteration(of name: String, in outer: OuterCallTrace) -> UnboundIteration? {
        guard let call = iteratingCall(binding: name, at: outer.position, in: outer.trace),
            let function = call.name, let collection = call.children.first
        else { return nil }
        return UnboundIteration(
            function: function, collection: collection.text,
            outcome: call.evaluationCount == 0 ? call.outcome : collection.outcome,
            evaluationCount: call.evaluationCount)
    }

    /// The values the reference to `$name` at `offset` (as in ``boundValues(of:at:in:within:)``)
    /// would take if the innermost call around it that binds `name` per item were evaluated: that
    /// call's text traced alone, when the call around it did not evaluate it (a branch not taken,
    /// `^if($more|^list($items|$item))`). Nil when no such call encloses the reference, the call
    /// was evaluated, or alone it binds no item either. ``BoundValues/call`` is the call's text.
    public func boundValuesOutsideBranches(
        of name: String, at offset: Int, in characters: [Character], within evaluation: Evaluation
    ) -> BoundValues? {
        traceOuterCall(around: offset, in: characters, within: evaluation).flatMap {
            boundValuesOutsideBranches(of: name, in: $0, within: evaluation)
        }
    }

    /// ``boundValuesOutsideBranches(of:at:in:within:)`` from the outer call traced already: only
    /// the call that binds `name` is traced (alone), as part of `evaluation`.
    public func boundValuesOutsideBranches(
        of name: String, in outer: OuterCallTrace, within evaluation: Evaluation
    ) -> BoundValues? {
        guard let call = iteratingCall(binding: name, at: outer.position, in: outer.trace), call.evaluationCount == 0
        else { return nil }
        return Self.boundValues(
            of: name, at: outer.position - call.range.location,
            in: trace(call.text, context: .object, within: evaluation))
    }

    /// The innermost call of `trace` whose function binds `name` per item
    /// (``FunctionDefinition/iteration``) with UTF-16 `position` in one of its later parameters.
    private func iteratingCall(binding name: String, at position: Int, in trace: ExpressionTrace) -> TraceNode? {
        let calls = trace.allNodes.filter { node in
            guard node.kind == .functionCall, let function = node.name, let collection = node.children.first,
                let iteration = functions.definition(named: function)?.iteration,
                iteration.variables.contains(where: { $0.name == "$" + name })
            else { return false }
            return node.range.location <= position && position < node.range.upperBound
                && !(collection.range.location <= position && position < collection.range.upperBound)
        }
        return calls.min(by: { $0.range.length < $1.range.length })
    }
}
