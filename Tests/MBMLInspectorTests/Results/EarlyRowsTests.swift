import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Evaluate once, show early (issue 32): rows arrive as each is ready (object first), a text that
/// reads one value in every context is evaluated once, and dynamic values the tree computed are
/// read, not computed again.
final class EarlyRowsTests: XCTestCase {
    /// An environment whose `^tick()` counts its calls (and answers the count), with a number and
    /// a dynamic variable calling it.
    private func countingEnvironment() -> (Environment, Counter) {
        let counter = Counter()
        let environment = Environment()
        environment.declare(
            FunctionDefinition(
                "tick", input: .none, signature: "^tick()", category: .debug, summary: "Counts its calls."
            ) { _ in .integer(counter.next()) })
        environment.variables.declare("n", value: .integer(7))
        environment.variables.declareDynamic("slow", expression: "^tick()")
        return (environment, counter)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    func testOneCallIsEvaluatedOnceForEveryContext() {
        let (environment, counter) = countingEnvironment()
        let engine = EngineController(environment: environment)
        engine.request(1)
        let before = counter.value
        let outcome = engine.evaluate("^tick()", generation: 1)
        XCTAssertEqual(counter.value - before, 1, "^tick() is one call: one evaluation serves every context")
        let value = before + 1
        XCTAssertEqual(outcome?.results[.object], .value(.integer(value)))
        XCTAssertEqual(outcome?.results[.number], .value(.decimal(Decimal(value))))
        XCTAssertEqual(outcome?.results[.boolean], .value(.boolean(true)))
        XCTAssertEqual(outcome?.traces[.number]?.context, .number)
    }

    func testInterpolationIsEvaluatedPerGrammar() {
        let (environment, counter) = countingEnvironment()
        let engine = EngineController(environment: environment)
        engine.request(1)
        let before = counter.value
        // Two top-level values: the object context interpolates, the boolean one refuses them, the
        // number context reads them as text; nothing can be shared but the string row.
        let outcome = engine.evaluate("x^tick()", generation: 1)
        XCTAssertEqual(
            counter.value - before, 2, "object (shared with string) and number evaluate; boolean fails first")
        XCTAssertEqual(outcome?.results[.object], .value(.string("x\(before + 1)")))
        XCTAssertNotNil(outcome?.results[.boolean])
    }

    func testRowsArriveObjectFirstThenTheRest() {
        let (environment, _) = countingEnvironment()
        let engine = EngineController(environment: environment)
        engine.request(1)
        var partials: [Set<ExpressionContext>] = []
        // `$n - 1` reads differently per grammar: object and string first, then number, then boolean.
        let outcome = engine.evaluate(environment.prepare("$n - 1"), generation: 1) { partial in
            XCTAssertFalse(partial.isComplete)
            partials.append(Set(partial.results.keys))
        }
        XCTAssertEqual(partials.first, [.object, .string])
        XCTAssertEqual(partials.last, Set(ExpressionContext.allCases))
        XCTAssertEqual(partials.count, 3)
        XCTAssertEqual(outcome?.isComplete, true)
        XCTAssertEqual(outcome?.results[.number], .value(.decimal(6)))
    }

    func testWaitingRowsShowAnEllipsisUntilTheirResultArrives() {
        let (session, screen) = makeSession()
        var state = session.state
        state.results.requestedGeneration += 1
        let requested = state.results.requestedGeneration
        var partial = EvaluationOutcome(
            text: "$name", generation: requested, results: [.object: .value(.string("Cooper"))])
        partial.isComplete = false
        let (next, _) = Reducer.reduce(state, .evaluated(partial))
        InspectorRenderer.render(next, on: screen)
        XCTAssertEqual(screen.resultRow("object")?.hasPrefix("\"Cooper\""), true, screen.resultRow("object") ?? "")
        XCTAssertEqual(screen.resultRow("number"), "…")
        XCTAssertEqual(screen.resultRow("boolean"), "…")
        XCTAssertTrue(next.results.isWaiting(for: .number))
        XCTAssertFalse(next.results.isWaiting(for: .object))
        // The complete outcome replaces every row.
        let complete = EvaluationOutcome(
            text: "$name", generation: requested,
            results: [
                .object: .value(.string("Cooper")), .string: .value(.string("Cooper")), .number: .noValue,
                .boolean: .value(.boolean(true)),
            ])
        let (done, _) = Reducer.reduce(next, .evaluated(complete))
        InspectorRenderer.render(done, on: screen)
        XCTAssertEqual(screen.resultRow("boolean")?.hasPrefix("true"), true, screen.resultRow("boolean") ?? "")
        XCTAssertFalse(done.results.isWaiting(for: .number))
    }

    func testEscapeAfterTheFirstRowsMarksTheOthersNotEvaluated() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.results.requestedGeneration = 2
        state.results.shownGeneration = 1
        state.results.shown = [.number: .value(.integer(1)), .boolean: .value(.boolean(true))]
        var partial = EvaluationOutcome(text: "", generation: 2, results: [.object: .value(.integer(5))])
        partial.isComplete = false
        var (next, _) = Reducer.reduce(state, .evaluated(partial))
        var effects: [InspectorEffect] = []
        Reducer.cancelEvaluation(&next, effects: &effects)
        XCTAssertEqual(effects, [.cancelEvaluation])
        XCTAssertEqual(next.results.shown[.object], .value(.integer(5)))
        XCTAssertEqual(next.results.shown[.number]?.error?.message, "not evaluated: cancelled")
        XCTAssertEqual(next.status.message, "Evaluation cancelled (the rows marked ✗ were not evaluated)")
    }

    func testADynamicValueTheTreeComputedIsNotComputedAgain() {
        let (environment, counter) = countingEnvironment()
        let (session, _) = makeSession(environment: environment)
        // The tree computed `$slow` once (synchronously, at the start).
        XCTAssertEqual(counter.value, 1)
        XCTAssertEqual(session.state.space.value(of: "slow"), .integer(1))
        session.type("$slow")
        XCTAssertEqual(counter.value, 1, "typing $slow computed it again")
        XCTAssertEqual(session.state.results.shown[.object], .value(.integer(1)))
        XCTAssertEqual(session.state.results.shown[.boolean], .value(.boolean(true)))
        // A refresh computes it again (time moved on), for the tree and the editor alike.
        session.press(.control("r"))
        XCTAssertGreaterThan(counter.value, 1)
    }

    func testAValueComputingOnTheLoadingLaneIsWaitedFor() {
        let store = DynamicValueStore()
        store.reset(generation: 3)
        store.startComputing("slow", generation: 3)
        let done = expectation(description: "computed")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            store.finishComputing("slow", value: .integer(42), keeps: true, generation: 3)
            done.fulfill()
        }
        let values = store.values(generation: 3, waitingFor: ["slow"], shouldStop: { false })
        XCTAssertEqual(values["slow"], .some(.integer(42)))
        wait(for: [done], timeout: 5)
        // Another load's values are never read; a failed computation keeps nothing.
        XCTAssertEqual(store.values(generation: 4), [:])
        store.startComputing("other", generation: 3)
        store.finishComputing("other", value: nil, keeps: false, generation: 3)
        XCTAssertNil(store.values(generation: 3)["other"])
        // Waiting stops when the evaluation is no longer wanted.
        store.startComputing("stuck", generation: 3)
        XCTAssertNil(store.values(generation: 3, waitingFor: ["stuck"], shouldStop: { true })["stuck"])
    }
}
