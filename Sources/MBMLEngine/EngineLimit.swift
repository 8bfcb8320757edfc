/// A limit of the engine that its host sets (``EnvironmentOptions``, a deadline): an error caused by
/// one carries it, so that the host can say how to change it in its own terms (the CLI names its
/// flag) while the engine's messages name only the limit.
public enum EngineLimit: String, Equatable, Hashable, Sendable {
    /// The time budget of a job (``EvaluationLimits/deadline``).
    case timeBudget
    /// Functions that write or delete files are refused (``EnvironmentOptions/allowsFileWrites``).
    case fileWrites
    /// The largest file the file functions read (``EnvironmentOptions/maximumFileSize``).
    case fileSize
    /// Where files may be read (``EnvironmentOptions/fileReadPolicy``).
    case fileReads
    /// What one job may build (``EvaluationLimits/maximumBytes``).
    case memoryBudget
}
