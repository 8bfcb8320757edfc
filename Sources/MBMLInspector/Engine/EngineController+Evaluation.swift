import Foundation
import MBMLEngine

extension EngineController {
    /// The token trees of `text` in every grammar, parsed once: the same ``PreparedExpression``
    /// is shown in the token pane, evaluated, traced and checked for hints.
    func parse(_ text: String) -> PreparedExpression {
        environment.prepare(text)
    }

    /// Marks `generation` as the wanted evaluation: any older one still running is cancelled.
    func request(_ generation: Int) {
        evaluation.start(generation)
    }

    /// Cancels the running evaluation (and the pins, comparison or snapshot work on its lane).
    func cancel() {
        evaluation.cancel()
    }

    /// `work` as a job for the evaluation lane (pins, a comparison, a refreshed snapshot): `work`
    /// gets the limits its evaluations run under, which stop them when the evaluation wanted now is
    /// superseded or cancelled, as the evaluation itself stops.
    func evaluationLaneJob<Answer>(
        _ work: @escaping @Sendable (EvaluationLimits) -> Answer
    ) -> @Sendable () -> Answer {
        let evaluation = self.evaluation
        let wanted = evaluation.currentNumber
        let limits = EvaluationLimits(options: environment.options) { !evaluation.isCurrent(wanted) }
        return { work(limits) }
    }

    /// Evaluates `text` in the four contexts, on the calling thread.
    /// - Returns: nil when the evaluation was cancelled (its answer is no longer wanted).
    func evaluate(_ text: String, generation: Int) -> EvaluationOutcome? {
        evaluate(environment.prepare(text), generation: generation)
    }

    /// Evaluates (traces) a prepared text in the four contexts, on the calling thread; `report`
    /// gets the rows as they are ready (see ``ContextEvaluation``).
    func evaluate(
        _ prepared: PreparedExpression, generation: Int, reporting report: (EvaluationOutcome) -> Void = { _ in }
    ) -> EvaluationOutcome? {
        evaluationJob(prepared, generation: generation)(report)
    }

    /// The evaluation of `prepared` in the environment on show now, to run on any thread: it hands
    /// its rows to the reporter as each is ready (object first) and returns the whole outcome, or
    /// nil once a newer text or Esc made it pointless.
    func evaluationJob(
        _ prepared: PreparedExpression, generation: Int
    ) -> @Sendable ((EvaluationOutcome) -> Void) -> EvaluationOutcome? {
        let environment = self.environment
        let evaluation = self.evaluation
        let isCancelled: @Sendable () -> Bool = { !evaluation.isCurrent(generation) }
        let timeout = evaluationTimeout
        let store = dynamicValues
        let loadGeneration = shownLoadGeneration
        return { report in
            // One time budget (`--timeout`) for the four contexts together.
            let deadline = Deadline(secondsFromNow: timeout)
            // The dynamic values the tree has (or is computing) are read, not computed again, and
            // those the evaluation computes first are the tree's.
            let job = ContextEvaluation(
                prepared: prepared, generation: generation, environment: environment, isCancelled: isCancelled,
                deadline: deadline, dynamicValues: store.exchange(generation: loadGeneration))
            return job.run(reporting: report)
        }
    }
}
