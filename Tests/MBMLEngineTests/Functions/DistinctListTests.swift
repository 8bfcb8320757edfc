import Foundation
import OrderedCollections
import XCTest

@testable import MBMLEngine

/// `^unique(^list(…))` computes the list's distinct values without the list
/// (``DataProcessingFunctions/distinctList(_:)``): the same answer, log lines, first error, stop and
/// memory count as `^unique` over the whole list, serially and in parallel — and it does run.
final class DistinctListTests: XCTestCase {
    private let count = 20_000

    /// `count` people: a city out of 37, every 13th without one (nothing), every 501st with a city
    /// that is an object, every 1,000th with `kids` that is not a collection.
    private func people() -> Value {
        .array(
            ValueArray(
                (0..<count).map { index in
                    var entries: [String: Value] = [
                        "id": .integer(index), "name": .string("P\(index)"),
                        "kids": index % 1_000 == 999
                            ? .string("no") : .array([.integer(index % 3), .integer(index % 5)]),
                    ]
                    if index % 13 != 0 {
                        entries["address"] = .dictionary(
                            ValueDictionary([
                                "city": index % 501 == 500
                                    ? .dictionary(ValueDictionary(["x": .integer(index % 2)]))
                                    : .string("C\(index % 37)")
                            ]))
                    }
                    return .dictionary(ValueDictionary(orderedEntries(entries)))
                }))
    }

    private struct Outcome: Equatable {
        var result: String?
        var error: String?
        var log: [String]
        var bytesUsed: Int
    }

    /// Evaluates `expression` over `$people` with `workers` threads; `^plainList` is `^list` without
    /// its distinct results (so `^unique(^plainList(…))` builds the list).
    private func run(
        _ expression: String, people: Value, workers: Int, limits: EvaluationLimits, fused: inout Int
    ) -> Outcome {
        let log = LogSink(limit: 1_000_000)
        let environment = DistinctListFixture.environment(people: people, log: log)
        let evaluation = Evaluation(limits: limits)
        evaluation.workers = workers
        defer { fused = evaluation.distinctListRuns }
        do {
            let value = try environment.evaluate(expression, in: .object, within: evaluation)
            return Outcome(
                result: value.map { JSONCodec.encode($0) }, error: nil, log: log.lines, bytesUsed: evaluation.bytesUsed)
        } catch {
            // `^plainList` fails as `^list` does, under its own name.
            let text = String(describing: error).replacingOccurrences(of: "^plainList(", with: "^list(")
            return Outcome(result: nil, error: text, log: log.lines, bytesUsed: evaluation.bytesUsed)
        }
    }

    /// Checks that `^unique(^list(arguments))` answers as `^unique(^plainList(arguments))` with 1 and
    /// 4 workers, that the fused path ran, and gives the outcome.
    @discardableResult
    private func assertFusedAsPlain(
        _ arguments: String, people: Value? = nil, limits: () -> EvaluationLimits = { EvaluationLimits() },
        file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        let people = people ?? self.people()
        var plainRuns = 0
        var fusedRuns = 0
        let plain = run(
            "^unique(^plainList(\(arguments)))", people: people, workers: 1, limits: limits(), fused: &plainRuns)
        XCTAssertEqual(plainRuns, 0, file: file, line: line)
        for workers in [1, 4] {
            let fused = run(
                "^unique(^list(\(arguments)))", people: people, workers: workers, limits: limits(), fused: &fusedRuns)
            XCTAssertEqual(fused, plain, "\(arguments), \(workers) workers", file: file, line: line)
            XCTAssertEqual(fusedRuns, 1, "the distinct list did not run: \(arguments)", file: file, line: line)
        }
        return plain
    }

    func testTheDistinctValuesAreTheUniqueOfTheList() throws {
        let outcome = assertFusedAsPlain("$people|$item.address.city")
        let cities = try XCTUnwrap(try JSONCodec.decodePlain(outcome.result ?? "null").arrayValue)
        // 37 texts and the two objects, first occurrences in item order.
        XCTAssertEqual(cities.count, 39)
        XCTAssertEqual(cities.first, .string("C1"))
        assertFusedAsPlain("$people|$item.kids|$root.id-$item")
        assertFusedAsPlain("$people|$item.name")
        assertFusedAsPlain("$people|$item.id")
    }

    func testALoadedDocumentAnswersAsDecodedValues() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(JSONCodec.encode(people()).utf8))
        let outcome = assertFusedAsPlain("$people|$item.address.city", people: loaded)
        XCTAssertEqual(outcome.result, assertFusedAsPlain("$people|$item.address.city").result)
    }

    func testSwallowedErrorsFirstErrorAndStopsAreTheListOnes() {
        // `kids` that is not a collection is an intermediate error (the first in item order wins).
        let failed = assertFusedAsPlain("$people|$item.kids|$item")
        XCTAssertNotNil(failed.error)
        // A per-item error is swallowed and logged, in item order.
        let logged = assertFusedAsPlain("$people|^count($item.name.nothing.else)")
        XCTAssertNil(logged.error)
        // Budgets that run out while the items are evaluated, when the list is charged, or never.
        for budget in [30_000, 400_000, 700_000, 900_000, 4_000_000] {
            assertFusedAsPlain("$people|$item.name and $item.id") { EvaluationLimits(maximumBytes: budget) }
        }
        let stopped = assertFusedAsPlain("$people|$item.name and $item.id") { EvaluationLimits(maximumBytes: 700_000) }
        XCTAssertEqual(stopped.error, MemoryBudgetExceeded(bytes: 700_000).description)
    }

    func testOnlyAPlainListCallIsFused() throws {
        let environment = Environment()
        environment.variables.declare("people", value: people())
        for (expression, fused) in [
            ("^unique(^list($people|$item.id))", 1),
            ("^count(^unique(^list($people|$item.address.city)))", 1),
            // A subreference of the call, text around it, another function: the list is built.
            ("^unique(^list($people|$item.kids).count)", 0),
            ("^unique(x^list($people|$item.id))", 0),
            ("^count(^list($people|$item.id))", 0),
        ] {
            let evaluation = Evaluation()
            _ = try? environment.evaluate(expression, in: .object, within: evaluation)
            XCTAssertEqual(evaluation.distinctListRuns, fused, expression)
        }
        // A host's own `^list` has no distinct results: it is called as it is.
        var own = DataProcessingFunctions.list
        own.distinctResults = nil
        environment.declare(own)
        let evaluation = Evaluation()
        XCTAssertEqual(
            try environment.evaluate("^count(^unique(^list($people|$item.id)))", in: .object, within: evaluation),
            .integer(count))
        XCTAssertEqual(evaluation.distinctListRuns, 0)
    }

    func testATracedEvaluationBuildsTheList() throws {
        let environment = Environment()
        environment.variables.declare("people", value: .array([.integer(1), .integer(2), .integer(1)]))
        let evaluation = Evaluation()
        let trace = environment.trace("^unique(^list($people|$item))", context: .object, within: evaluation)
        XCTAssertEqual(trace.result, .value(.array([.integer(1), .integer(2)])))
        XCTAssertEqual(evaluation.distinctListRuns, 0)
    }
}

/// An ordered dictionary from a dictionary literal's entries, sorted by key (a stable order).
private func orderedEntries(_ entries: [String: Value]) -> OrderedDictionary<String, Value> {
    OrderedDictionary(uniqueKeysWithValues: entries.sorted { $0.key < $1.key })
}
