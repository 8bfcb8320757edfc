import ArgumentParser
import MBMLEngine

/// What the budget options say — a time and a memory budget per evaluation and the largest file
/// the file functions read — and the limits a run makes of them.
///
/// ``BudgetOptions`` (ArgumentParser's parse) and ``EvalFastPath/Budget`` (the fast path's) both
/// conform.
protocol BudgetSettings {
    /// `--timeout`: seconds an evaluation may run (0: no limit).
    var timeout: Double { get }
    /// `--max-file-size`: the largest file ^fileContents and ^fileData read, in bytes.
    var maxFileSize: Int { get }
    /// `--max-memory`: the bytes an evaluation may hold (0: no limit).
    var maxMemory: Int { get }
}

extension BudgetSettings {
    /// Throws the usage error of a negative or endless limit.
    func checkValues() throws {
        guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout must be 0 or more seconds.") }
        guard maxFileSize >= 0 else { throw ValidationError("--max-file-size must be 0 or more bytes.") }
        guard maxMemory >= 0 else { throw ValidationError("--max-memory must be 0 or more bytes.") }
    }

    /// The time budget in words: `30 seconds`.
    var timeoutText: String {
        DeadlineExceeded.budgetText(seconds: timeout)
    }

    /// `options` with the memory budget and the file-size cap of these flags.
    func limiting(_ options: EnvironmentOptions) -> EnvironmentOptions {
        var options = options
        options.maximumFileSize = maxFileSize
        options.maximumEvaluationBytes = maxMemory
        return options
    }

    /// The limits of one job (an evaluation and the text printed from it; a load): `--timeout` from
    /// now and `--max-memory`, stopped early when `isCancelled` says so.
    func limits(isCancelled: @escaping @Sendable () -> Bool = { false }) -> EvaluationLimits {
        EvaluationLimits(deadline: Deadline(secondsFromNow: timeout), maximumBytes: maxMemory, isCancelled: isCancelled)
    }

    /// A new job under ``limits(isCancelled:)`` over `environment`: it stops as soon as a data file
    /// the environment mapped is found truncated under a read (``Environment/mappedDataDamage``),
    /// and the host's ``Environment/answer(_:)`` reports the file.
    func makeEvaluation(over environment: Environment, sharing: SharedDynamicValues? = nil) -> Evaluation {
        Evaluation(limits: limits(isCancelled: environment.mappedDataDamage), sharing: sharing)
    }
}
