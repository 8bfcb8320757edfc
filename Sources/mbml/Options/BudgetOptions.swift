import ArgumentParser
import MBMLEngine

/// The limits of evaluation: a time and a memory budget per evaluation and the largest file the
/// file functions read. Every command that evaluates includes them (`inspect` too: per evaluation
/// of the editor's text); all apply them while loading.
struct BudgetOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop an evaluation that runs longer than this, with an error (with --jsonl: per request; 0: no limit).",
            valueName: "seconds"))
    var timeout: Double = 30

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The largest file ^fileContents and ^fileData read, in bytes (67108864 is 64 MiB).",
            valueName: "bytes"))
    var maxFileSize: Int = EnvironmentOptions.defaultMaximumFileSize

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop an evaluation whose texts, collections and file reads add up to more than this, with an error (1073741824 is 1 GiB; 0: no limit).",
            valueName: "bytes"))
    var maxMemory: Int = EnvironmentOptions.defaultMaximumEvaluationBytes

    func validate() throws {
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
