import Foundation

/// Moving through steps as a step debugger does: one at a time, over a call or an iteration, to the
/// next or previous iteration, out of a call. Every answer is a valid index (or 0 when there are no
/// steps).
extension ExpressionSteps {
    /// The index after `index`, at most the last.
    public func next(after index: Int) -> Int {
        clamped(index + 1)
    }

    /// The index before `index`, at least 0.
    public func previous(before index: Int) -> Int {
        clamped(index - 1)
    }

    /// Past the call or iteration that starts at `index` (a call: to its result; an iteration: to
    /// the next iteration or the call's result); any other step: the next one.
    public func over(from index: Int) -> Int {
        guard let step = step(at: index) else { return clamped(index) }
        return clamped(step.end)
    }

    /// The start of the next iteration of the innermost iterating call around (or at) `index`, or its
    /// result after the last one; outside any iteration, the next iteration step after `index`.
    public func nextIteration(from index: Int) -> Int {
        guard let step = step(at: index) else { return clamped(index) }
        if case .iteration = step.kind { return clamped(step.end) }
        if let iteration = step.enclosingIteration { return clamped(steps[iteration].end) }
        let later = steps.indices.dropFirst(index + 1).first { steps[$0].isIteration }
        return later ?? clamped(index)
    }

    /// The start of the iteration before the one around (or at) `index`; inside an iteration's
    /// steps, that iteration's start first.
    public func previousIteration(from index: Int) -> Int {
        guard let step = step(at: index) else { return clamped(index) }
        if !step.isIteration, let iteration = step.enclosingIteration { return iteration }
        let earlier = steps.indices.prefix(max(index, 0)).last { steps[$0].isIteration }
        return earlier ?? clamped(index)
    }

    /// The result of the innermost call around `index`; at the top level, the last step.
    public func out(from index: Int) -> Int {
        guard let step = step(at: index), let call = step.enclosingCall else { return clamped(steps.count - 1) }
        return clamped(steps[call].end)
    }

    private func step(at index: Int) -> EvaluationStep? {
        steps.indices.contains(index) ? steps[index] : nil
    }

    private func clamped(_ index: Int) -> Int {
        min(max(index, 0), max(steps.count - 1, 0))
    }
}

extension EvaluationStep {
    /// Whether the step starts an iteration.
    public var isIteration: Bool {
        if case .iteration = kind { return true }
        return false
    }
}
