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

    /// Evaluates `text` in the four contexts; the calls of `^tick()` made by the time the rows were
    /// complete, the rows outcome and the whole (traced) outcome.
    private func evaluate(
        _ text: String, in environment: Environment, counter: Counter
    ) -> (callsForRows: Int, rows: EvaluationOutcome?, whole: EvaluationOutcome?) {
        let engine = EngineController(environment: environment)
        engine.request(1)
        let before = counter.value
        var callsForRows = -1
        var rows: EvaluationOutcome?
        let whole = engine.evaluate(environment.prepare(text), generation: 1) { outcome in
            guard outcome.isComplete else { return }
            callsForRows = counter.value - before
            rows = outcome
        }
        return (callsForRows, rows, whole)
    }

    func testOneCallIsEvaluatedOnceForEveryContext() {
        let (environment, counter) = countingEnvironment()
        let before = counter.value
        let (calls, rows, outcome) = evaluate("^tick()", in: environment, counter: counter)
        XCTAssertEqual(calls, 1, "^tick() is one call: one evaluation serves every row")
        let value = before + 1
        for results in [rows?.results, outcome?.results] {
            XCTAssertEqual(results?[.object], .value(.integer(value)))
            XCTAssertEqual(results?[.number], .value(.decimal(Decimal(value))))
            XCTAssertEqual(results?[.boolean], .value(.boolean(true)))
        }
        // The rows come before any trace; the trace is made once, after them, for every context.
        XCTAssertEqual(rows?.traces, [:])
        XCTAssertEqual(counter.value - before, 2)
        XCTAssertEqual(outcome?.traces[.number]?.context, .number)
        XCTAssertEqual(outcome?.traces[.boolean]?.result, .value(.boolean(true)))
    }

    func testSeveralValuesEvaluateEachCallOnceBetweenTheContexts() {
        let (environment, counter) = countingEnvironment()
        let before = counter.value
        // Two top-level values: the object context interpolates them, the number context reads them
        // as one numeral (the math grammar skips the space), the boolean one refuses them; `^tick()`
        // reads alike in both grammars, so the rows make one call, and agree on its value.
        let (calls, rows, outcome) = evaluate("$n ^tick()", in: environment, counter: counter)
        XCTAssertEqual(calls, 1, "the object and number rows share the call")
        let tick = before + 1
        XCTAssertEqual(rows?.results[.object], .value(.string("7 \(tick)")))
        XCTAssertEqual(rows?.results[.string], .value(.string("7 \(tick)")))
        XCTAssertEqual(rows?.results[.number], .value(.decimal(Decimal(string: "7\(tick)")!)))
        XCTAssertEqual(rows?.results[.boolean]?.error?.message, "expecting one and only one value here")
        XCTAssertEqual(rows?.traces, [:], "no trace before the rows are shown")
        // Then the traces: the object and number contexts traced (the boolean one fails before).
        XCTAssertEqual(outcome?.results, rows?.results)
        XCTAssertEqual(outcome?.traces[.object]?.context, .object)
        XCTAssertEqual(outcome?.traces[.number]?.context, .number)
        XCTAssertEqual(outcome?.traces[.string], outcome?.traces[.object])
        XCTAssertEqual(counter.value - before, 3)
    }

    func testABooleanOperandIsSharedWithTheInterpolation() {
        let (environment, counter) = countingEnvironment()
        // The object grammar reads `-AND` as text between two values, the boolean grammar as an
        // operator over them: `^tick()` is the same call in both.
        let tick = counter.value + 1
        let (calls, rows, _) = evaluate("$n -AND ^tick()", in: environment, counter: counter)
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(rows?.results[.object], .value(.string("7 -AND \(tick)")))
        XCTAssertEqual(rows?.results[.boolean], .value(.boolean(true)))
    }

    func testACallThatLogsIsEvaluatedInEachContext() {
        let (environment, counter) = countingEnvironment()
        environment.declare(
            FunctionDefinition(
                "noisy", input: .none, signature: "^noisy()", category: .debug, summary: "Logs and counts."
            ) { call in
                call.environment.log.write("noisy")
                return .integer(counter.next())
            })
        // What a call logs is each context's own log: a call that logs is not shared.
        let (calls, rows, _) = evaluate("$n ^noisy()", in: environment, counter: counter)
        XCTAssertEqual(calls, 2, "object and number evaluate ^noisy() each")
        XCTAssertEqual(rows?.logLines, ["[object, string, number] noisy"])
    }

    func testATokenReadDifferentlyPerGrammarIsNotShared() {
        let (environment, counter) = countingEnvironment()
        environment.variables.declare("list", value: .array([.string("a"), .string("b")]))
        // `[1 ]` is the text "1 " in the object grammar (no such index: nothing), the number 1 in
        // the math grammar: the trees differ, each context evaluates its own.
        let (_, rows, _) = evaluate("$list[1 ] $n", in: environment, counter: counter)
        let separate = [ExpressionContext.object, .number].map { context -> ContextResult in
            do {
                let value = try environment.evaluate(environment.prepare("$list[1 ] $n"), in: context).value
                return value.map(ContextResult.value) ?? .noValue
            } catch {
                return .error(ExpressionError(error, expression: "$list[1 ] $n"))
            }
        }
        XCTAssertEqual(rows?.results[.object], separate[0])
        XCTAssertEqual(rows?.results[.number], separate[1])
        XCTAssertNotEqual(separate[0], separate[1])
    }

    func testRowsArriveObjectFirstThenTheRest() {
        let (environment, _) = countingEnvironment()
        let engine = EngineController(environment: environment)
        engine.request(1)
        var partials: [Set<ExpressionContext>] = []
        var completeRows = 0
        // `$n - 1` reads differently per grammar: object and string first, then number, then boolean.
        let outcome = engine.evaluate(environment.prepare("$n - 1"), generation: 1) { partial in
            if partial.isComplete {
                completeRows += 1
                XCTAssertEqual(Set(partial.results.keys), Set(ExpressionContext.allCases))
            } else {
                XCTAssertEqual(completeRows, 0, "the rows come one by one before the complete rows")
                partials.append(Set(partial.results.keys))
            }
        }
        XCTAssertEqual(partials.first, [.object, .string])
        XCTAssertEqual(partials.last, [.object, .string, .number])
        XCTAssertEqual(partials.count, 2)
        XCTAssertEqual(completeRows, 1)
        XCTAssertEqual(outcome?.isComplete, true)
        XCTAssertEqual(outcome?.results[.number], .value(.decimal(6)))
    }

    func testTracesArriveAfterTheRowsAndOnlyForTheRowsOnShow() {
        let (session, screen) = makeSession()
        var state = session.state
        state.results.requestedGeneration += 1
        let requested = state.results.requestedGeneration
        state.editor.setText("$name")
        let results: [ExpressionContext: ContextResult] = [
            .object: .value(.string("Cooper")), .string: .value(.string("Cooper")), .number: .noValue,
            .boolean: .value(.boolean(true)),
        ]
        let rows = EvaluationOutcome(text: "$name", generation: requested, results: results)
        var (next, _) = Reducer.reduce(state, .evaluated(rows))
        XCTAssertFalse(next.results.isEvaluating, "the rows are on show: nothing waits for the traces")
        XCTAssertEqual(next.results.traces, [:])
        XCTAssertTrue(next.results.isTracing)
        InspectorRenderer.render(next, on: screen)
        XCTAssertNotNil(
            screen.firstRow(containing: "Tokens · object · tracing…"), "the token pane says its values come")
        let environment = Environment()
        environment.variables.declare("name", value: .string("Cooper"))
        var traced = rows
        traced.traces = [.object: environment.trace("$name", context: .object)]
        // Traces of an older evaluation are dropped; those of the rows on show are kept.
        var stale = traced
        stale.generation = requested - 1
        next = Reducer.reduce(next, .traced(stale)).0
        XCTAssertEqual(next.results.traces, [:])
        XCTAssertTrue(next.results.isTracing)
        next = Reducer.reduce(next, .traced(traced)).0
        XCTAssertEqual(next.results.traces[.object]?.result, .value(.string("Cooper")))
        XCTAssertFalse(next.results.isTracing)
        InspectorRenderer.render(next, on: screen)
        XCTAssertNil(screen.firstRow(containing: "tracing…"))
        XCTAssertNotNil(screen.firstRow(containing: "Tokens · object"))
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
        XCTAssertEqual(effects, [.evaluation(.cancelEvaluation)])
        XCTAssertEqual(next.results.shown[.object], .value(.integer(5)))
        XCTAssertEqual(next.results.shown[.number]?.error?.message, "not evaluated: cancelled")
        XCTAssertEqual(next.status.message, "Evaluation cancelled (the rows marked ✗ were not evaluated)")
        XCTAssertFalse(next.results.isTracing, "a cancelled evaluation brings no traces: none are awaited")
    }

    func testEscapeWhileTracingStopsTheTracesAndKeepsTheRows() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.results.requestedGeneration = 3
        let rows = EvaluationOutcome(
            text: "$name", generation: 3, results: [.object: .value(.string("Cooper")), .number: .noValue])
        state.editor.setText("$name")
        var next = Reducer.reduce(state, .evaluated(rows)).0
        XCTAssertTrue(next.results.isTracing)
        let (stopped, effects) = Reducer.reduce(next, .key(.escape))
        XCTAssertEqual(effects, [.evaluation(.cancelEvaluation)], "Esc stops the tracing job")
        XCTAssertFalse(stopped.results.isTracing)
        XCTAssertEqual(stopped.results.shown[.object], .value(.string("Cooper")), "the rows stay")
        XCTAssertEqual(stopped.status.message, "Tracing cancelled (the token pane shows the parse without values)")
        // With nothing running, Esc cancels nothing.
        next = stopped
        XCTAssertEqual(Reducer.reduce(next, .key(.escape)).1, [])
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
        XCTAssertEqual(store.answer(for: "slow", generation: 3, mayWait: true, shouldStop: { false }), .claimed)
        let done = expectation(description: "computed")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            store.finish("slow", value: .integer(42), keeps: true, generation: 3)
            done.fulfill()
        }
        XCTAssertEqual(
            store.answer(for: "slow", generation: 3, mayWait: true, shouldStop: { false }), .known(.integer(42)))
        wait(for: [done], timeout: 5)
        // Another load's values are never read; a failed computation keeps nothing.
        XCTAssertEqual(store.values(generation: 4), [:])
        XCTAssertEqual(store.answer(for: "slow", generation: 4, mayWait: true, shouldStop: { false }), .unclaimed)
        XCTAssertEqual(store.answer(for: "other", generation: 3, mayWait: true, shouldStop: { false }), .claimed)
        store.finish("other", value: nil, keeps: false, generation: 3)
        XCTAssertNil(store.values(generation: 3)["other"])
        XCTAssertEqual(store.answer(for: "other", generation: 3, mayWait: true, shouldStop: { false }), .claimed)
        // Waiting stops when the evaluation is no longer wanted; a job computing another dynamic
        // variable never waits (it computes this one too, unclaimed).
        XCTAssertEqual(store.answer(for: "other", generation: 3, mayWait: true, shouldStop: { true }), .unclaimed)
        XCTAssertEqual(store.answer(for: "other", generation: 3, mayWait: false, shouldStop: { false }), .unclaimed)
    }

    /// An environment whose dynamic `$slow` calls `^gate()`: it counts its calls, says it started
    /// and then takes `delay` seconds.
    private func gatedEnvironment(delay: Double) -> (Environment, Counter, DispatchSemaphore) {
        let counter = Counter()
        let started = DispatchSemaphore(value: 0)
        let environment = Environment()
        environment.declare(
            FunctionDefinition(
                "gate", input: .none, signature: "^gate()", category: .debug, summary: "Counts, then waits."
            ) { _ in
                let count = counter.next()
                started.signal()
                Thread.sleep(forTimeInterval: delay)
                return .integer(count)
            })
        environment.variables.declareDynamic("slow", expression: "^gate()")
        environment.variables.declareDynamic("twice", expression: "#($slow * 2)")
        return (environment, counter, started)
    }

    /// The value a tree job answered (nil: no value, or no such answer).
    private static func computed(_ action: InspectorAction?) -> Value? {
        guard case .dynamicComputed(_, let value, nil, _)? = action else { return nil }
        return value
    }

    func testTheEditorWaitsForTheTreesComputation() {
        let (environment, counter, started) = gatedEnvironment(delay: 0.3)
        let engine = EngineController(environment: environment)
        let tree = engine.dynamicVariableJob("slow", generation: 0)
        let treeDone = expectation(description: "tree")
        DispatchQueue.global().async {
            XCTAssertEqual(Self.computed(tree()), .integer(1))
            treeDone.fulfill()
        }
        started.wait()
        engine.request(1)
        let outcome = engine.evaluate("$slow", generation: 1)
        XCTAssertEqual(outcome?.results[.object], .value(.integer(1)))
        wait(for: [treeDone], timeout: 10)
        XCTAssertEqual(counter.value, 1, "the editor computed $slow again")
    }

    func testTheTreeTakesWhatTheEditorComputedOrIsComputing() {
        let (environment, counter, started) = gatedEnvironment(delay: 0.3)
        let engine = EngineController(environment: environment)
        engine.request(1)
        let editorDone = expectation(description: "editor")
        let editor = engine.evaluationJob(environment.prepare("$twice"), generation: 1)
        DispatchQueue.global().async {
            XCTAssertEqual(editor { _ in }?.results[.object], .value(.decimal(2)))
            editorDone.fulfill()
        }
        // `$slow`, still queued in the tree, is being computed by the editor (inside `$twice`): the
        // tree waits for it, and so for `$twice`.
        started.wait()
        XCTAssertEqual(Self.computed(engine.dynamicVariableJob("slow", generation: 0)()), .integer(1))
        wait(for: [editorDone], timeout: 10)
        XCTAssertEqual(Self.computed(engine.dynamicVariableJob("twice", generation: 0)()), .decimal(2))
        XCTAssertEqual(counter.value, 1, "the tree computed a value the editor had")
    }

    func testAFailedDynamicVariableIsComputedByTheTreeToShowWhy() {
        let environment = Environment()
        environment.variables.declareDynamic("broken", expression: "#(1 / 0)")
        let engine = EngineController(environment: environment)
        engine.request(1)
        XCTAssertEqual(engine.evaluate("$broken", generation: 1)?.results[.object], .noValue)
        guard
            case .dynamicComputed(_, let value, let failure?, _)? = engine.dynamicVariableJob("broken", generation: 0)()
        else { return XCTFail("the tree shows the failure") }
        XCTAssertNil(value)
        XCTAssertTrue(failure.contains("divide by zero"), failure)
    }
}
