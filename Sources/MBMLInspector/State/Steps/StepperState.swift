import MBMLEngine

/// Step mode (F8): the steps of one evaluation of the editor's text, walked one at a time. The
/// steps are computed off the UI thread; until they arrive ``steps`` is nil.
struct StepperState: Equatable {
    /// The text and context the steps are of.
    var text: String
    var context: ExpressionContext
    /// Which request the steps answer (older answers are dropped).
    var generation: Int
    var steps: ExpressionSteps?
    /// The index of the step on show.
    var current = 0

    /// The step on show, once the steps are there.
    var step: EvaluationStep? {
        guard let steps, steps.steps.indices.contains(current) else { return nil }
        return steps.steps[current]
    }

    /// `step 5/14` (`step …` while computing).
    var counter: String {
        guard let steps else { return "step …" }
        return "step \(steps.steps.isEmpty ? 0 : current + 1)/\(steps.steps.count)"
    }

    /// Moves as `command` says (a key of the step-mode section of ``KeyTable``); other commands do nothing.
    mutating func move(_ command: KeyCommand) {
        guard let steps else { return }
        switch command {
        case .nextStep: current = steps.next(after: current)
        case .previousStep: current = steps.previous(before: current)
        case .stepOver: current = steps.over(from: current)
        case .nextIteration: current = steps.nextIteration(from: current)
        case .previousIteration: current = steps.previousIteration(from: current)
        case .stepOut: current = steps.out(from: current)
        case .first: current = 0
        case .last: current = max(steps.steps.count - 1, 0)
        default: break
        }
    }
}
