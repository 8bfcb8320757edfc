import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// Issue 29, items 1–3: one evaluation is one job with one context (``Evaluation``), every text made
/// from a value is written under its budget, and every loop sees its stop.
final class EvaluationContextTests: XCTestCase {
    /// A budget far below what the amplified value is as text (about 200 MB), far above what it
    /// holds in memory.
    private let budget = 1 << 20

    /// `$a` is a text of about 20 KB; `$b` holds 100 references to it, `$big` 100 references to
    /// `$b`: a few kilobytes in memory, about 200 MB as text.
    private func amplified() throws -> Environment {
        try AmplifiedEnvironment.make(budget: budget, separator: ", and then some ")
    }

    private func assertBudgetError(
        _ body: @autoclosure () throws -> Any?, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue(
                error is MemoryBudgetExceeded || (error as? ExpressionError)?.limit == .memoryBudget
                    || "\(error)".contains("memory budget"),
                "\(error)", file: file, line: line)
        }
    }

    // MARK: Text under the budget

    func testAmplifiedTextEndsInTheBudgetErrorOnEveryWriter() throws {
        let environment = try amplified()
        let big = try XCTUnwrap(environment.variables["big"])
        assertBudgetError(try Evaluation(options: environment.options).text(of: big))
        assertBudgetError(try Evaluation(options: environment.options).json(of: big))
        let evaluation = Evaluation(options: environment.options)
        assertBudgetError(try evaluation.text(of: big))
        XCTAssertLessThan(evaluation.bytesUsed, Int.max, "the job is spent")
        XCTAssertTrue(evaluation.isStopped, "a spent job stays stopped")
        assertBudgetError(try evaluation.text(of: .string("small")))
    }

    func testAmplifiedTextInsideAnEvaluationEndsInTheBudgetError() throws {
        let environment = try amplified()
        for expression in ["^dump($big)", "^log($big)", "x$big", "^eval($big)"] {
            assertBudgetError(try environment.evaluate(expression, in: .object))
        }
        assertBudgetError(try environment.evaluate("$big", in: .string))
        assertBudgetError(try Template(bytes: Array("<p>$big</p>".utf8), path: "t.html").render(in: environment))
        XCTAssertEqual(try environment.evaluate("$big.count", in: .object), .integer(100), "reading it costs nothing")
    }

    func testPreviewsStopAtTheirWidthWithoutWritingTheRest() throws {
        let big = try XCTUnwrap(try amplified().variables["big"])
        let (text, isTruncated) = big.text(limit: 80)
        XCTAssertTrue(isTruncated)
        XCTAssertEqual(text.count, 80)
        let (json, jsonIsTruncated) = JSONCodec.encode(big, limit: 200)
        XCTAssertTrue(jsonIsTruncated)
        XCTAssertLessThanOrEqual(json.utf8.count, 200)
        XCTAssertTrue(json.hasPrefix(#"[["1"#), json)
        XCTAssertNil(JSONCodec.encode(big, maximumBytes: 1 << 20))
        XCTAssertEqual(JSONCodec.encode(.array([1, "x"]), maximumBytes: 100), #"[1,"x"]"#)
    }

    func testOrdinaryTextIsWholeAndCharged() throws {
        let evaluation = Evaluation(limits: EvaluationLimits(maximumBytes: 1_000))
        XCTAssertEqual(try evaluation.text(of: .array([1, "two"])), "(\n    1,\n    two\n)")
        XCTAssertEqual(try evaluation.json(of: .array([1, "two"])), #"[1,"two"]"#)
        XCTAssertGreaterThan(evaluation.bytesUsed, 20)
    }

    // MARK: One budget per job

    func testAManifestLoadIsOneJobWithOneBudget() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mbml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Each <Var> builds about 1.5 MB; twelve of them pass a 12 MiB budget only together.
        let doubled = String(repeating: "$a", count: 10)
        let variables = (1...12).map { #"<Var name="v\#($0)" value="\#(doubled)"/>"# }.joined(separator: "\n")
        let manifest = folder.appendingPathComponent("m.xml")
        try """
        <MBML>
        <Var name="a" value="^join(^arrayFilledWithIntegers(1|10000)|, and then some )"/>
        \(variables)
        </MBML>
        """.write(to: manifest, atomically: true, encoding: .utf8)
        var options = EnvironmentOptions()
        options.maximumEvaluationBytes = 12 << 20
        let load = EnvironmentBuilder(options: options).build([.manifest(manifest)])
        XCTAssertTrue(load.hasFailures, "\(load.diagnostics)")
        XCTAssertTrue(
            load.errors.contains {
                $0.message.hasPrefix("Loading stopped: what it built passed its memory budget of 12 MiB")
            },
            "\(load.errors)")
        XCTAssertNotNil(load.environment.variables["v1"], "the first variables fit")
        XCTAssertNil(load.environment.variables["v12"], "the load stopped at the budget")
        // Each variable alone fits: a budget per variable would have loaded them all.
        let alone = EnvironmentBuilder(options: options).build(
            [.manifest(manifest)], limits: EvaluationLimits(maximumBytes: 0))
        XCTAssertFalse(alone.hasFailures, "\(alone.errors)")
    }

    func testOneEnvironmentServesJobsWithTheirOwnLimits() throws {
        let environment = Environment()
        let stopped = Evaluation(limits: EvaluationLimits(isCancelled: { true }))
        XCTAssertThrowsError(try environment.evaluate("^repeat(3|x)", in: .object, within: stopped)) { error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
        XCTAssertEqual(try environment.evaluate("^repeat(3|x)", in: .object), "x", "another job is not stopped")
        let group = DispatchGroup()
        let failures = Mutex(0)
        for index in 0..<4 {
            DispatchQueue.global().async(group: group) {
                let limits = EvaluationLimits(isCancelled: { index % 2 == 0 })
                let result = try? environment.evaluate(
                    "^repeat(50|^count(^arrayFilledWithIntegers(1|100)))", in: .object, limits: limits)
                let expected: Value? = index % 2 == 0 ? nil : .integer(100)
                if result != expected { failures.withLock { $0 += 1 } }
            }
        }
        group.wait()
        XCTAssertEqual(failures.withLock { $0 }, 0, "each thread's job saw only its own limits")
    }

    // MARK: Every loop stops

    func testSortComparisonsPropagateTheStop() throws {
        let environment = Environment()
        environment.variables.declare("many", value: .array((0..<3_000).map { .integer($0) }))
        let calls = Mutex(0)
        let limits = EvaluationLimits(isCancelled: {
            calls.withLock {
                $0 += 1; return $0 > 50
            }
        })
        XCTAssertThrowsError(
            try environment.evaluate("^sort($many|^repeat(1000|$item))", in: .object, limits: limits)
        ) { error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
        XCTAssertLessThan(calls.withLock { $0 }, 2_000, "the sort stopped at the first comparisons after the stop")
        let plain = Mutex(0)
        let plainLimits = EvaluationLimits(isCancelled: {
            plain.withLock {
                $0 += 1; return $0 > 3
            }
        })
        environment.variables.declare("more", value: .array((0..<100_000).reversed().map { .integer($0) }))
        XCTAssertThrowsError(try environment.evaluate("^sort($more)", in: .object, limits: plainLimits)) { error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
    }

    func testQuietHelpersDoNotSwallowTheStop() throws {
        let environment = Environment()
        environment.variables.declare("many", value: .array((0..<10_000).map { .integer($0) }))
        let count = Mutex(0)
        let limits = EvaluationLimits(isCancelled: {
            count.withLock {
                $0 += 1; return $0 > 100
            }
        })
        for expression in [
            "^filter($many|$item -GT 5)", "^list($many|$item)", "^collectionPassesTest($many|$item -GT -1)",
            "^reduce($many|0|#($currentValue + 1))", "^valuesPassingTest($many|$item -GT -1)",
        ] {
            count.withLock { $0 = 0 }
            XCTAssertThrowsError(try environment.evaluate(expression, in: .object, limits: limits), expression) {
                error in
                XCTAssertTrue(error is CancellationFailure, "\(expression): \(error)")
            }
            XCTAssertLessThan(count.withLock { $0 }, 5_000, expression)
        }
    }

    func testAQuadraticSubstringSearchIsLinear() throws {
        let environment = Environment()
        environment.variables.declare("hay", value: .string(String(repeating: "a", count: 200_000)))
        environment.variables.declare("needle", value: .string(String(repeating: "a", count: 100_000) + "b"))
        XCTAssertEqual(try environment.evaluate("^containsString($hay|$needle)", in: .object), .boolean(false))
        XCTAssertEqual(try environment.evaluate("^containsString(xxabcab|abcab)", in: .object), .boolean(true))
        XCTAssertEqual(try environment.evaluate("^rangeOfString(aabaabaaab|aaab)", in: .object), [6, 4])
    }
}
