import Foundation

/// One evaluation job and its state: the ``EvaluationLimits`` it runs under, the memory it has
/// built so far (its meter), how deep its nested evaluations are and, while tracing, where they are
/// noted (<doc:RunningUntrustedMBML>).
///
/// A host makes one per job — an expression it evaluates (in one context or several), a manifest
/// load, the text it prints from a result — and hands it to every call of the job
/// (``Environment/evaluate(_:in:within:)``); the engine hands it on to every evaluation the job
/// starts: functions read it as ``FunctionCall/evaluation``, dynamic variables and per-item
/// expressions are evaluated in it, `^eval` nests in it. Nothing about an evaluation lives in the
/// ``Environment``, so one environment serves any number of jobs on any number of threads at once.
///
/// Once a limit is hit the job stays stopped: every later ``checkStop()`` throws, so a helper that
/// swallowed the first error cannot keep a loop going, and the top-level call ends with the stop even
/// when a function returned a result after it.
///
/// An evaluation is used by one thread at a time (the job's); it is `Sendable` so that a host can
/// make it on one thread and run the job on another.
public final class Evaluation: @unchecked Sendable {
    /// What the job may spend.
    public let limits: EvaluationLimits
    /// The memory meter; nil when the job has no memory budget.
    let meter: EvaluationMeter?
    /// How many evaluations of the job are running, one inside another (0 between evaluations).
    var depth = 0
    /// While a traced function runs: the captures that note the evaluations it starts, by depth.
    var captures: [Int: EvaluationCapture] = [:]
    /// The job's own bindings, dynamic variables under way and scopes (``JobVariables``).
    var variables = JobVariables()
    /// The names of the variables the job read from the space (bound names not counted), when
    /// asked for (non-nil): what an incremental load (``ManifestTextLoad``) knows a declaration
    /// depends on.
    var readNames: Set<String>?

    /// The dynamic values this job shares with the other jobs of its request (nil: none).
    public let sharedDynamicValues: SharedDynamicValues?
    /// Set on a worker of a per-item scope run in parallel (``worker()``): what the items it
    /// evaluated wrote to the log, kept to be written in item order once the scope ends.
    var logBuffer: [String]?
    /// Whether this is a worker of a parallel per-item scope: per-item scopes inside it run serially.
    private(set) var isWorker = false
    /// How many threads a per-item scope of the job may use (``ParallelItemScope``): the active
    /// processors (1: every scope is serial).
    var workers = Evaluation.activeProcessors
    /// The active processors, asked once a process: on Linux Foundation reads the cgroup's CPU
    /// quota from files each time it is asked (tens of microseconds), and a job is made for every
    /// evaluation, so asking per job made a cached `$a.b[3].c` a hundred times a hand-written walk.
    static let activeProcessors = ProcessInfo.processInfo.activeProcessorCount
    /// How many times the job computed a `^list`'s distinct values without the list
    /// (``DataProcessingFunctions/distinctList(_:)``): what shows that `^unique(^list(…))` took
    /// that path.
    var distinctListRuns = 0
    /// How many items the job and its workers read straight from a document's text rather than
    /// evaluating them: the values of ``DataProcessingFunctions/distinctList(_:)`` (``ItemTextPath``),
    /// the verdicts of per-item tests (``ItemTextTest``) and the terms of a `^reduce` run as a sum
    /// (``ReduceSum``). What shows that a call took a text path;
    /// shared with the job's workers (``worker()``), which add to it from their threads.
    let textPathItems: SharedCount

    /// A job under `limits`.
    /// - Parameters:
    ///   - limits: what the job may spend.
    ///   - sharing: dynamic values shared with the other jobs of the same request (the contexts of
    ///     one expression): each dynamic variable is computed once between them while the space
    ///     does not change.
    public init(limits: EvaluationLimits = EvaluationLimits(), sharing: SharedDynamicValues? = nil) {
        self.limits = limits
        self.sharedDynamicValues = sharing
        self.meter = limits.maximumBytes > 0 ? EvaluationMeter(limit: limits.maximumBytes) : nil
        textPathItems = SharedCount()
    }

    private init(
        limits: EvaluationLimits, meter: EvaluationMeter?, sharing: SharedDynamicValues?, textPathItems: SharedCount
    ) {
        self.limits = limits
        self.meter = meter
        self.sharedDynamicValues = sharing
        self.textPathItems = textPathItems
    }

    /// A worker of this job for one chunk of a per-item scope run in parallel
    /// (<doc:LargeData>): the same limits, the same memory budget (one count for the whole job, so
    /// the budget is the job's, not a worker's; the worker's meter also counts what the chunk
    /// charged, ``EvaluationMeter/init(workerOf:)``), the same shared values; a copy of the bindings in
    /// force and of the depth; its log lines buffered (``logBuffer``). Not traced.
    func worker() -> Evaluation {
        let worker = Evaluation(
            limits: limits, meter: meter.map(EvaluationMeter.init(workerOf:)), sharing: sharedDynamicValues,
            textPathItems: textPathItems)
        worker.depth = depth
        worker.variables = variables
        worker.logBuffer = []
        worker.isWorker = true
        return worker
    }

    /// Writes `message` to `log`, or, on a worker, to its buffer (written in item order later).
    func write(_ message: String, to log: LogSink) {
        if logBuffer != nil {
            logBuffer?.append(message)
        } else {
            log.write(message)
        }
    }

    /// A job under the limits `options` set (its memory budget), with no deadline.
    public convenience init(options: EnvironmentOptions) {
        self.init(limits: EvaluationLimits(options: options))
    }

    /// Bytes the job has built so far (0 without a memory budget).
    public var bytesUsed: Int { meter?.used ?? 0 }

    /// Whether the job must stop: its memory budget is spent, its deadline passed or its host
    /// cancelled it.
    public var isStopped: Bool { stop != nil }

    /// Throws the reason the job must stop, if it must: ``MemoryBudgetExceeded``,
    /// ``DeadlineExceeded`` or ``CancellationFailure`` (in that order). Loops call it per item.
    public func checkStop() throws {
        if let stop { throw stop }
    }

    /// Why the job must stop, if it must.
    public var stop: (any Error)? {
        if let exceeded = meter?.exceeded { return exceeded }
        if let deadline = limits.deadline, deadline.hasPassed { return deadline.exceeded }
        if limits.isCancelled() { return CancellationFailure() }
        return nil
    }

    /// Charges `bytes` the job is about to build to its memory budget.
    /// - Throws: ``MemoryBudgetExceeded`` when that passes the budget.
    public func charge(_ bytes: Int) throws {
        try meter?.charge(bytes)
    }

    /// Runs `body`, the job's top-level work, and ends with the job's stop if there is one: also when
    /// `body` returned anyway (a function swallowed the stop: its result may be wrong, so it is
    /// dropped) or threw some other error because of it.
    public func run<T>(_ body: () throws -> T) throws -> T {
        do {
            let result = try body()
            if let stop { throw stop }
            return result
        } catch {
            if let stop { throw stop }
            throw error
        }
    }

    /// Whether `error` is one of the stops (``MemoryBudgetExceeded``, ``DeadlineExceeded``,
    /// ``CancellationFailure``): an error no helper may swallow.
    public static func isStop(_ error: any Error) -> Bool {
        error is MemoryBudgetExceeded || error is DeadlineExceeded || error is CancellationFailure
    }
}
