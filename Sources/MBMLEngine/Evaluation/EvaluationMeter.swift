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
/// (the variables, a loaded JSON file) cost nothing.
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
    /// Bytes charged so far (saturating at `Int.max`): past `limit` once the budget is spent.
    private let charged = Atomic<Int>(0)

    /// The estimated size of one element of a collection, in bytes.
    static let elementBytes = MemoryLayout<Value>.stride + 8

    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes charged so far.
    var used: Int { charged.load(ordering: .relaxed) }

    /// Set once the budget is spent: every later charge and cancellation check fails too.
    var exceeded: MemoryBudgetExceeded? {
        used > limit ? MemoryBudgetExceeded(bytes: limit) : nil
    }

    /// Bytes left before the budget is spent.
    var remaining: Int { max(0, limit - used) }

    /// Adds `bytes` to what the evaluation built.
    /// - Throws: ``MemoryBudgetExceeded`` when the total passes the budget.
    func charge(_ bytes: Int) throws {
        // One atomic count for the job: the workers of a parallel per-item scope charge it at once,
        // and no charge is lost between them.
        var used = self.used
        while true {
            if used > limit { throw MemoryBudgetExceeded(bytes: limit) }
            let (total, overflow) = used.addingReportingOverflow(max(bytes, 0))
            let new = overflow ? Int.max : total
            let (exchanged, original) = charged.compareExchange(
                expected: used, desired: new, ordering: .relaxed)
            if exchanged {
                used = new
                break
            }
            used = original
        }
        guard used > limit else { return }
        throw MemoryBudgetExceeded(bytes: limit)
    }

    /// Charges what `value`, just built, holds: a text's bytes, a collection's elements (not what
    /// they refer to, which was charged when it was built), a data value's bytes. A collection that
    /// is a view of a loaded document holds no elements of its own and costs nothing.
    func charge(for value: Value?) throws {
        guard let value else { return }
        switch value {
        case .string(let text): try charge(text.utf8.count)
        case .array(let elements) where elements.isDocumentView: break
        case .dictionary(let entries) where entries.jsonNode != nil: break
        case .array(let elements): try charge(elements.count * Self.elementBytes)
        case .set(let elements): try charge(elements.count * Self.elementBytes)
        case .dictionary(let entries): try charge(entries.count * 2 * Self.elementBytes)
        case .data(let data): try charge(data.count)
        default: break
        }
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
