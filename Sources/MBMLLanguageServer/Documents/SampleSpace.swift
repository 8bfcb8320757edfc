import MBMLEngine
import Synchronization

/// The space of a project's samples (`"samples"` in `mbml.json`, ``MBMLEngine/ProjectFile/sampleInputs``):
/// the document's own inputs, then the samples, loaded once — by the first hover that needs it —
/// and shared by every request on that load. Hovers read it only for what the document's space
/// lacks: a name its inputs leave undeclared, an item of a collection that is empty there.
///
/// `@unchecked Sendable` because it holds an `Environment`: it is built under the lock, and read
/// only by requests, as the document's own environment is.
final class SampleSpace: @unchecked Sendable {
    private let builder: EnvironmentBuilder
    private let inputs: [EnvironmentInput]
    private let seconds: Double
    private let environment = Mutex<Environment?>(nil)

    /// The space of `inputs` (the document's inputs, then the samples) built with `builder`, within
    /// `seconds` (the document load's budget, a second one of its own).
    init(builder: EnvironmentBuilder, inputs: [EnvironmentInput], seconds: Double) {
        self.builder = builder
        self.inputs = inputs
        self.seconds = seconds
    }

    /// The samples' environment, loaded at the first call.
    var loaded: Environment {
        environment.withLock { environment in
            if let environment { return environment }
            let limits = EvaluationLimits(options: builder.options, seconds: seconds)
            let built = builder.build(inputs, limits: limits).environment
            environment = built
            return built
        }
    }
}
