import ArgumentParser
import MBMLEngine

/// The limits of evaluation: a time and a memory budget per evaluation and the largest file the
/// file functions read. Every command that evaluates includes them (`inspect` too: per evaluation
/// of the editor's text); all apply them while loading. What they limit is in ``BudgetSettings``.
struct BudgetOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop an evaluation that runs longer than this, with an error (with --jsonl: per request; 0: no limit).",
            valueName: "seconds"))
    var timeout: Double = BudgetOptions.defaultTimeout

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

    /// The time budget when `--timeout` is not given.
    static let defaultTimeout: Double = 30

    func validate() throws {
        try checkValues()
    }
}

extension BudgetOptions: BudgetSettings {}
