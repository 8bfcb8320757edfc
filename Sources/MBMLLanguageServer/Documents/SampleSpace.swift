import MBMLEngine
import Synchronization

/// The spaces of a project's samples (`"samples"` in `mbml.json`, ``MBMLEngine/ProjectFile/sampleInputs``):
/// for each sample, the document's own inputs and then that sample, loaded — by the first hover
/// that asks, one sample at a time, each once — and shared by every request on that load. Each
/// sample is a world of its own (another repository's data manifest with the shared one, another
/// branch's shared manifest), so a hover shows what one sample gives, not a mix of several. Hovers
/// read them only for what the document's space lacks: a name its inputs leave undeclared, an
/// item of a collection that is empty there.
///
/// `@unchecked Sendable` because it holds `Environment`s: each is built under its lock, and read
/// only by requests, as the document's own environment is.
final class SampleSpace: @unchecked Sendable {
    private let builder: EnvironmentBuilder
    private let inputs: [EnvironmentInput]
    private let samples: [EnvironmentInput]
    private let seconds: Double
    private let environments: [Slot]

    /// One sample's environment, once loaded.
    private final class Slot: @unchecked Sendable {
        let environment = Mutex<Environment?>(nil)
    }

    /// The spaces of `samples`, each loaded after `inputs` (the document's) with `builder`, within
    /// `seconds` (the document load's budget, a budget of its own for each).
    init(builder: EnvironmentBuilder, inputs: [EnvironmentInput], samples: [EnvironmentInput], seconds: Double) {
        self.builder = builder
        self.inputs = inputs
        self.samples = samples
        self.seconds = seconds
        environments = samples.map { _ in Slot() }
    }

    /// The first answer `answer` gives for a sample's space and the sample, in the project's order
    /// of samples; each space is loaded when first asked.
    func first<Answer>(_ answer: (Environment, EnvironmentInput) -> Answer?) -> Answer? {
        for (index, sample) in samples.enumerated() {
            if let found = answer(environment(at: index), sample) { return found }
        }
        return nil
    }

    private func environment(at index: Int) -> Environment {
        environments[index].environment.withLock { environment in
            if let environment { return environment }
            let limits = EvaluationLimits(options: builder.options, seconds: seconds)
            let built = builder.build(inputs + [samples[index]], limits: limits).environment
            environment = built
            return built
        }
    }
}
