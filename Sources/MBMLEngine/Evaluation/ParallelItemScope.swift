import Foundation
import Synchronization

/// How a function's per-item scope over a large collection is split between the processor's cores
/// (<doc:LargeData>, "Per-item scopes in parallel").
///
/// The items are cut into chunks of consecutive positions; each core takes the next chunk not yet
/// taken and evaluates it in a worker of the job (``Evaluation/worker()``: the job's limits and one
/// memory meter, a copy of the bindings in force). The chunks' results are merged in item order, so
/// the answer is the serial one:
/// - the first failure in item order wins (chunks after a failed one are not started; those before
///   it have all finished), with the error the serial loop would have thrown;
/// - a chunk whose result ends the scope (``stopsAfter``: `^collectionPassesTest` meeting a failing
///   item) ends it there, later chunks discarded;
/// - what the items wrote to the log (swallowed per-item errors) is written in item order once the
///   workers are done, up to where the serial loop would have stopped.
///
/// It is used only where the serial loop would give the same: the per-item expressions are pure
/// (``ItemPurity``), the scope is not traced and not already inside a worker, and the collection
/// has at least ``threshold`` items.
struct ParallelItemScope<Part> {
    /// The smallest collection split between workers: below it the threads cost more than they save
    /// (measured with `^count(^filter($people|$item.age > 30))`).
    static var threshold: Int { 4096 }
    /// The fewest items in a chunk.
    static var minimumChunk: Int { 512 }

    let call: FunctionCall
    let count: Int
    let workers: Int
    let stopsAfter: (Part) -> Bool
    let body: (FunctionCall, Range<Int>) throws -> Part

    /// Runs the chunks on `workers` threads (this one included) and merges them in item order.
    func run() throws -> [Part] {
        let chunkSize = max(Self.minimumChunk, (count + workers * 8 - 1) / (workers * 8))
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let shared = Chunks<Part>(count: chunkCount)
        defer { shared.deallocate() }
        /// Runs one chunk in a worker of its own and records its result, log lines and charges.
        func run(_ chunk: Int) {
            let worker = FunctionCall(
                name: call.name, input: call.input, environment: call.environment,
                evaluation: call.evaluation.worker())
            let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
            do {
                let part = try body(worker, range)
                shared.results[chunk] = .success(part)
                if stopsAfter(part) { shared.end.min(chunk + 1, ordering: .relaxed) }
            } catch {
                shared.results[chunk] = .failure(error)
                shared.end.min(chunk + 1, ordering: .relaxed)
            }
            shared.logs[chunk] = worker.evaluation.logBuffer ?? []
            shared.charged[chunk] = worker.evaluation.meter?.chargedByWorker ?? 0
        }
        func work() {
            while true {
                let chunk = shared.next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunkCount, chunk < shared.end.load(ordering: .relaxed) else { return }
                run(chunk)
            }
        }
        withoutActuallyEscaping(work) { work in
            let task = UncheckedTask(run: work)
            let group = DispatchGroup()
            for _ in 1..<workers {
                group.enter()
                // The stack is what the engine asks of a thread that evaluates
                // (``EnvironmentOptions/maximumNestingDepth``).
                SiblingThread.start(stackSize: 8 << 20) {
                    task.perform()
                    group.leave()
                }
            }
            task.perform()
            group.wait()
            // The threads may outlive the scope a moment: they must not hold the work then.
            task.clear()
        }
        if let first = shared.replayFrom(meter: call.evaluation.meter) {
            // The budget ran out while chunks ran side by side: from the first chunk whose outcome it
            // may have changed on, the chunks run again one after another, as the serial loop would.
            shared.end.store(Int.max, ordering: .relaxed)
            for chunk in first..<chunkCount {
                run(chunk)
                if chunk + 1 >= shared.end.load(ordering: .relaxed) { break }
            }
        }
        return try shared.merged(writingLogsTo: call)
    }
}

/// What the workers of one ``ParallelItemScope`` share: the next chunk to take, the end of the
/// chunks still wanted, and each chunk's result and log lines (each written by one worker, read
/// after all are done).
private final class Chunks<Part>: @unchecked Sendable {
    let next = Atomic<Int>(0)
    /// One past the first chunk that failed or ended the scope.
    let end = Atomic<Int>(Int.max)
    let count: Int
    let results: UnsafeMutablePointer<Result<Part, any Error>?>
    let logs: UnsafeMutablePointer<[String]>
    /// What each chunk charged to the job's memory budget.
    let charged: UnsafeMutablePointer<Int>

    init(count: Int) {
        self.count = count
        results = .allocate(capacity: count)
        results.initialize(repeating: nil, count: count)
        logs = .allocate(capacity: count)
        logs.initialize(repeating: [], count: count)
        charged = .allocate(capacity: count)
        charged.initialize(repeating: 0, count: count)
    }

    func deallocate() {
        results.deinitialize(count: count)
        results.deallocate()
        logs.deinitialize(count: count)
        logs.deallocate()
        charged.deallocate()
    }

    /// Takes back from `meter` what the chunks the serial loop would not have reached charged (those
    /// past the first failure or the chunk that ended the scope), so that the job's count is the
    /// serial loop's. When the budget ran out during the scope, also takes back the charges from
    /// the first chunk that did not finish well on, and gives that chunk: the chunks from there on
    /// must run again in item order (a chunk may have been stopped by what a later one charged, or
    /// a later chunk's charges may have stopped the job that the serial loop ended earlier with an
    /// error). Nil when the outcome stands.
    func replayFrom(meter: EvaluationMeter?) -> Int? {
        guard let meter else { return nil }
        let last = min(count, end.load(ordering: .relaxed))
        for chunk in last..<count {
            meter.refund(charged[chunk])
            charged[chunk] = 0
        }
        let stopped = (0..<last).contains { chunk in
            if case .failure(let error)? = results[chunk], error is MemoryBudgetExceeded { return true }
            return false
        }
        guard stopped || meter.exceeded != nil else { return nil }
        guard
            let first = (0..<last).first(where: { chunk in
                if case .success? = results[chunk] { return false }
                return true
            })
        else { return nil }
        for chunk in first..<count {
            meter.refund(charged[chunk])
            charged[chunk] = 0
            results[chunk] = nil
            logs[chunk] = []
        }
        // Only a budget the serial loop would not have spent yet is worth another run.
        return meter.exceeded == nil ? first : nil
    }

    /// The chunks' results in item order up to the first failure (thrown) or the chunk that ended
    /// the scope, their log lines written first.
    func merged(writingLogsTo call: FunctionCall) throws -> [Part] {
        var parts: [Part] = []
        let last = min(count, end.load(ordering: .relaxed))
        parts.reserveCapacity(last)
        for chunk in 0..<last {
            for line in logs[chunk] { call.evaluation.write(line, to: call.environment.log) }
            switch results[chunk] {
            case .success(let part)?: parts.append(part)
            case .failure(let error)?: throw error
            // Not reached: every chunk before `end` was taken and finished.
            case nil: try call.checkCancellation()
            }
        }
        return parts
    }
}

/// The work handed to the worker threads, which all finish it before its owner returns (and
/// forgets it: ``clear()``).
private final class UncheckedTask: @unchecked Sendable {
    private var run: (() -> Void)?

    init(run: @escaping () -> Void) {
        self.run = run
    }

    func perform() {
        run?()
    }

    /// Forgets the work; called once every thread has finished it.
    func clear() {
        run = nil
    }
}

extension FunctionCall {
    /// Runs a per-item scope over the items at positions `0..<count`: `body` is given a call to
    /// evaluate in and a range of positions, and gives its result for those items. Serially (one
    /// range, this call) unless the scope may run in parallel (``ParallelItemScope``): then once
    /// per chunk, on every core, results in item order.
    ///
    /// - Parameters:
    ///   - expressions: what `body` evaluates per item (checked by ``ItemPurity``).
    ///   - bound: the variables the function binds per item (`item`, `key`, ...).
    ///   - stopsAfter: whether a range's result ends the scope (the serial loop stopped in it).
    func overItems<Part>(
        count: Int, evaluating expressions: [RepeatedEvaluation], binding bound: Set<String>,
        stopsAfter: @escaping (Part) -> Bool = { _ in false },
        _ body: (FunctionCall, Range<Int>) throws -> Part
    ) throws -> [Part] {
        guard runsInParallel(count: count, evaluating: expressions, binding: bound) else {
            return [try body(self, 0..<count)]
        }
        return try withoutActuallyEscaping(body) { body in
            try ParallelItemScope(
                call: self, count: count, workers: evaluation.workers, stopsAfter: stopsAfter, body: body
            ).run()
        }
    }

    /// Whether ``overItems(count:evaluating:binding:stopsAfter:_:)`` with these arguments splits the
    /// items between workers (rather than running one range in this call).
    func runsInParallel(count: Int, evaluating expressions: [RepeatedEvaluation], binding bound: Set<String>) -> Bool {
        count >= ParallelItemScope<Void>.threshold && evaluation.workers > 1 && steps == nil && !evaluation.isWorker
            && evaluation.captures.isEmpty && ItemPurity.allows(expressions, bound: bound, in: self)
    }
}

extension Array {
    /// The parts of a per-item scope one after another, allocated once (the only part itself when
    /// there is one). Each part is let go once copied, so that at most one part is held twice.
    init(concatenating parts: consuming [[Element]]) {
        if parts.count == 1 {
            self = parts[0]
            return
        }
        self.init()
        reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for index in parts.indices {
            append(contentsOf: parts[index])
            parts[index] = []
        }
    }
}
