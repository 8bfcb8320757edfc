import Foundation
import MBMLEngine

/// Evaluating the editor's text (its rows arrive one by one, object first) and step mode.
extension InspectorSession {
    func performEvaluation(_ effect: EvaluationEffect) -> [InspectorAction] {
        switch effect {
        case .evaluate(let text, let generation):
            engine.request(generation)
            let prepared = engine.parse(text)
            return [.parsed(prepared)] + evaluate(prepared, generation: generation)
        case .cancelEvaluation:
            engine.cancel()
            return []
        case .computeSteps(let text, let context, let generation):
            let environment = engine.environment
            return answer(
                on: .evaluation,
                engine.evaluationLaneJob { limits in
                    .stepsComputed(
                        environment.steps(text, context: context, within: Evaluation(limits: limits)),
                        generation: generation)
                })
        }
    }

    /// Evaluates `prepared` on the evaluation lane, posting each row as it is ready, then the rows
    /// complete, then the traces; in the synchronous mode at once, answering with the same actions.
    private func evaluate(_ prepared: PreparedExpression, generation: Int) -> [InspectorAction] {
        let job = engine.evaluationJob(prepared, generation: generation)
        guard let background else {
            var actions: [InspectorAction] = []
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = job { actions.append(.evaluated($0)) }
            synchronousEvaluationTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if let outcome { actions.append(.traced(outcome)) }
            return actions
        }
        background.run(on: .evaluation) { mailbox in
            let outcome = job { mailbox.post(.action(.evaluated($0))) }
            if let outcome { mailbox.post(.action(.traced(outcome))) }
        }
        return []
    }
}
