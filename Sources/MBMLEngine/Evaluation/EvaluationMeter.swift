import Foundation
import Synchronization

/// The memory budget of one job, an ``Evaluation`` (``EvaluationLimits/maximumBytes``): what its
/// texts, collections, file reads and printed text add up to.
///
/// Every evaluation of the job (an expression, with all the evaluations it starts: dynamic
/// variables, `^list` items, `^eval`; every `<Var>` of a manifest load) charges what it builds, *before* building it where the size is known in
/// advance: joined text (`$a$b`, templates), the text form of a collection, each function result
/// (texts by their bytes, collections by their elements), and the bytes `^fileContents` and
/// `^fileData` read. The sum is compared with the budget, so that a doubling text, a list of lists or
/// a loop over a large file ends with ``MemoryBudgetExceeded`` long before the process runs out of
/// memory. The count is of bytes built, not of bytes alive: it also bounds the work of an
/// evaluation that builds and drops large values over and over. Values an evaluation only reads
/// (the variables, a loaded JSON file) cost nothing; a text read from a document and kept (in a
/// collection, a join, a function's result) is charged when it is kept (``keptBytes(of:)``,
/// ``KeptBytes``).
///
/// The text a host makes from a result is charged too (``Evaluation/text(of:)``,
/// ``Evaluation/json(of:)``), written under what is left of the budget and never built past it.
///
/// A meter belongs to one job, which its ``Evaluation`` carries to every evaluation and function
/// call of the job, the workers of a per-item scope run in parallel included: its count is one
/// atomic, added to with compare-and-exchange, so that charges made at once all count.
final class EvaluationMeter: Sendable {
    /// The budget, in bytes.
    let limit: Int
    /// Bytes charged so far (saturating at `Int.max`): past `limit` once the budget is spent. On a
    /// worker's meter, the bytes that worker charged (the count is the job's meter's).
    private let charged = Atomic<Int>(0)
    /// The job's meter, on the meter of a worker of a parallel per-item scope (``init(workerOf:)``).
    private let job: EvaluationMeter?

    /// The estimated size of one element of a collection, in bytes.
    static let elementBytes = MemoryLayout<Value>.stride + 8

    init(limit: Int) {
        self.limit = limit
        job = nil
    }

    /// The meter of one worker (one chunk) of a parallel per-item scope: its charges go to `job`'s
    /// count, which is the one compared with the budget, and are also counted here
    /// (``chargedByWorker``), so that the charges of a chunk whose work the scope drops can be
    /// taken back (``refund(_:)``).
    init(workerOf job: EvaluationMeter) {
        limit = job.limit
        self.job = job
    }

    /// Bytes charged so far (the job's).
    var used: Int { job?.used ?? charged.load(ordering: .relaxed) }

    /// The bytes charged through this meter: the job's count, or on a worker's meter what that
    /// worker charged (the difference across an evaluation is what it charged).
    var chargedThroughHere: Int { charged.load(ordering: .relaxed) }

    /// On a worker's meter: the bytes this worker charged.
    var chargedByWorker: Int { job == nil ? 0 : charged.load(ordering: .relaxed) }

    /// Takes back `bytes` charged for work whose result was dropped (a chunk of a parallel per-item
    /// scope past the point where the serial loop would have stopped), so that the count is the
    /// serial loop's. A count that saturated stays so.
    func refund(_ bytes: Int) {
        guard bytes > 0 else { return }
        var used = charged.load(ordering: .relaxed)
        while used != Int.max {
            let (exchanged, original) = charged.compareExchange(
                expected: used, desired: max(0, used - bytes), ordering: .relaxed)
            if exchanged { return }
            used = original
        }
    }

    /// Set once the budget is spent: every later charge and cancellation check fails too.
    var exceeded: MemoryBudgetExceeded? {
        used > limit ? MemoryBudgetExceeded(bytes: limit) : nil
    }

    /// Bytes left before the budget is spent.
    var remaining: Int { max(0, limit - used) }

    /// Adds `bytes` to what the evaluation built.
    /// - Throws: ``MemoryBudgetExceeded`` when the total passes the budget.
    func charge(_ bytes: Int) throws {
        let (added, exceeded) = (job ?? self).add(bytes)
        // A worker counts what the job's count took of its charges.
        if job != nil, added { _ = add(bytes) }
        if exceeded { throw MemoryBudgetExceeded(bytes: limit) }
    }

    /// Adds `bytes` to the count unless the budget is already spent: whether it was added, and
    /// whether the budget is spent now.
    private func add(_ bytes: Int) -> (added: Bool, exceeded: Bool) {
        // One atomic count for the job: the workers of a parallel per-item scope charge it at once,
        // and no charge is lost between them.
        var used = charged.load(ordering: .relaxed)
        while true {
            if job == nil, used > limit { return (false, true) }
            let (total, overflow) = used.addingReportingOverflow(max(bytes, 0))
            let new = overflow ? Int.max : total
            let (exchanged, original) = charged.compareExchange(expected: used, desired: new, ordering: .relaxed)
            if exchanged { return (true, new > limit) }
            used = original
        }
    }

    /// Charges what `value`, a function's result, holds (``keptBytes(of:)``).
    func charge(for value: Value?) throws {
        guard let value else { return }
        try charge(Self.keptBytes(of: value))
    }

    /// What keeping `value` costs — the one rule for every value an evaluation keeps: a function's
    /// result (``charge(for:)``), and what a function collects while it builds one (a `^list`'s
    /// values, an association's entries, sort keys, distinct values, filtered items, joined
    /// pieces: ``KeptBytes``).
    ///
    /// A text costs its bytes (a short one nothing: ``ownBytes(of:)``) and a data value its bytes. A collection costs its elements (a
    /// dictionary its keys and values) and the bytes of the texts and data among them, one level
    /// deep: a text read from a loaded document is decoded into a new `String` when it is read and
    /// was never charged, so a collection that keeps it is charged for it; a collection among the
    /// elements was charged when it was built, or is a view of a document. A collection that is a
    /// view of a loaded document holds nothing of its own and costs nothing.
    ///
    /// A text that a function built and charged is charged again by the collection that keeps it:
    /// the count is of bytes built, an estimate from above, never below what is held.
    static func keptBytes(of value: Value) -> Int {
        switch value {
        case .array(let elements) where elements.isDocumentView, .set(let elements) where elements.isDocumentView:
            return elements.heldBytes
        case .dictionary(let entries) where entries.jsonNode != nil: return 0
        case .array(let elements), .set(let elements):
            return elements.reduce(elements.count &* elementBytes) { $0 &+ ownBytes(of: $1) }
        case .dictionary(let entries):
            return entries.entries.reduce(entries.count &* 2 &* elementBytes) {
                $0 &+ textBytes($1.key) &+ ownBytes(of: $1.value)
            }
        default: return ownBytes(of: value)
        }
    }

    /// The bytes a text or data value holds apart from its slot; nothing for other values, and
    /// nothing for a text of at most ``inlineTextBytes`` (Swift keeps it inside the `String`).
    static func ownBytes(of value: Value) -> Int {
        switch value {
        case .string(let text): return textBytes(text)
        case .data(let data): return data.count
        default: return 0
        }
    }

    /// The longest text, in UTF-8 bytes, that a `String` holds in itself (on 64-bit platforms).
    static let inlineTextBytes = 15

    /// The bytes `text` holds apart from its slot (``ownBytes(of:)``).
    static func textBytes(_ text: String) -> Int {
        textBytes(count: text.utf8.count)
    }

    /// The bytes a text of `count` UTF-8 bytes holds apart from its slot (``ownBytes(of:)``).
    static func textBytes(count: Int) -> Int {
        count > inlineTextBytes ? count : 0
    }
}

/// A job built more than its memory budget (``EvaluationLimits/maximumBytes``).
public struct MemoryBudgetExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The budget, in bytes.
    public let bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    /// The limit this error hit, for a host that tells people how to change it.
    public var limit: EngineLimit { .memoryBudget }

    public var description: String {
        "evaluation stopped: what it built passed its memory budget of \(Self.budgetText(bytes: bytes))"
    }

    /// A budget in words: `1 GiB (1073741824 bytes)`, `4096 bytes`.
    public static func budgetText(bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size && bytes % size == 0 {
            return "\(bytes / size) \(name) (\(bytes) bytes)"
        }
        return "\(bytes) bytes"
    }
}
