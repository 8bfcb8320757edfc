import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

final class DebugFunctionsTests: XCTestCase {
    private let harness = FunctionHarness()

    /// Counts how often the test function `^tick()` ran.
    private final class Counter: Sendable {
        private let storedCount = Mutex(0)
        var count: Int { storedCount.withLock { $0 } }
        func increment() { storedCount.withLock { $0 += 1 } }
    }

    private func declareTick(in environment: Environment) -> Counter {
        let counter = Counter()
        environment.declare(
            FunctionDefinition(
                "tick", input: .none, signature: "^tick()", category: .debug,
                summary: "Test counter."
            ) { _ in
                counter.increment()
                return .string("tick")
            })
        return counter
    }

    // MARK: dump, debugBreak

    func testDumpReturnsTheStringFormAndLogs() throws {
        try harness.environment.variables.set("list", to: ["a", "b"])
        XCTAssertEqual(try harness.call("dump", .text("$list")), .string(Value.array(["a", "b"]).text))
        XCTAssertEqual(try harness.call("dump", .text("hello")), .string("hello"))
        XCTAssertNil(try harness.call("dump", .text("$undefined")))
        XCTAssertNil(try harness.call("dump", .absent))
        XCTAssertTrue(
            harness.environment.log.lines.contains { $0.contains("^dump($list)") && $0.contains("Array (2 elements)") },
            "\(harness.environment.log.lines)")
        XCTAssertThrowsError(try harness.call("dump", .text("^noSuchFunction()")))
    }

    func testDebugBreakReturnsItsTextUnevaluated() throws {
        XCTAssertEqual(
            try harness.call("debugBreak", .text("Here is the first problem")), .string("Here is the first problem"))
        XCTAssertEqual(try harness.evaluate("^debugBreak($x)"), .string("$x"))
        XCTAssertNil(try harness.call("debugBreak", .absent))
        XCTAssertTrue(harness.environment.log.lines.contains("^debugBreak($x)"))
    }

    // MARK: bench, benchBool

    func testBenchPassesTheResultThroughAndLogsTheTime() throws {
        XCTAssertEqual(try harness.evaluate("^bench(^array(a|b))[1]"), .string("b"))
        XCTAssertTrue(
            harness.environment.log.lines.contains { $0.hasPrefix("^bench(^array(a|b))") && $0.hasSuffix(" ms") })
        XCTAssertNil(try harness.call("bench", .absent))
    }

    func testBenchPropagatesErrorsAndStillLogs() {
        XCTAssertThrowsError(try harness.call("bench", .text("^noSuchFunction()")))
        XCTAssertTrue(
            harness.environment.log.lines.contains { $0.hasPrefix("^bench(^noSuchFunction()) failed after") },
            "\(harness.environment.log.lines)")
    }

    func testBenchBool() throws {
        XCTAssertEqual(try harness.call("benchBool", .text("T -AND F")), .boolean(false))
        XCTAssertEqual(try harness.call("benchBool", .text("T -OR F")), .boolean(true))
        XCTAssertEqual(try harness.call("benchBool", .absent), .boolean(false))
        XCTAssertThrowsError(try harness.call("benchBool", .text("-OR")))
    }

    // MARK: repeat, repeatBool

    func testRepeatEvaluatesCountTimesAndReturnsTheLastResult() throws {
        let counter = declareTick(in: harness.environment)
        XCTAssertEqual(try harness.call("repeat", .expressions(["#(1 + 2)", "^tick()"])), .string("tick"))
        XCTAssertEqual(counter.count, 3)
        XCTAssertEqual(try harness.call("repeat", .expressions(["2.9", "^tick()"])), .string("tick"))
        XCTAssertEqual(counter.count, 5)
        XCTAssertNil(try harness.call("repeat", .expressions(["0", "^tick()"])))
        XCTAssertNil(try harness.call("repeat", .expressions(["-4", "^tick()"])))
        XCTAssertEqual(counter.count, 5)
        XCTAssertEqual(try harness.evaluate("^repeat(3|^q(x))"), .string("x"))
    }

    func testRepeatValidation() {
        XCTAssertEqual(harness.failure("repeat", .absent), "expected input parameters, but got none")
        XCTAssertEqual(
            harness.failure("repeat", .expressions(["3"])), "expected exactly 2 input parameters, but got 1 instead")
        XCTAssertEqual(
            harness.failure("repeatBool", .expressions(["1", "2", "3"])),
            "expected exactly 2 input parameters, but got 3 instead")
        XCTAssertEqual(
            harness.failure("repeat", .expressions(["", "x"])),
            "expected the repetition count \"\" to have a number value")
        XCTAssertThrowsError(try harness.call("repeat", .expressions(["2", "^noSuchFunction()"])))
        XCTAssertThrowsError(try harness.call("repeatBool", .expressions(["2", "-OR"])))
    }

    func testRepeatStopsWhenCancelled() {
        let counter = declareTick(in: harness.environment)
        let limits = EvaluationLimits(isCancelled: { counter.count >= 10 })
        XCTAssertThrowsError(try harness.call("repeat", .expressions(["1000000", "^tick()"]), limits: limits)) {
            error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
        XCTAssertEqual(counter.count, 10)
        XCTAssertThrowsError(try harness.call("repeatBool", .expressions(["1000000", "T"]), limits: limits)) { error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
    }

    func testRepeatBool() throws {
        XCTAssertEqual(try harness.call("repeatBool", .expressions(["2", "T"])), .boolean(true))
        XCTAssertEqual(try harness.call("repeatBool", .expressions(["2", "T -AND F"])), .boolean(false))
        XCTAssertEqual(try harness.call("repeatBool", .expressions(["0", "T"])), .boolean(false))
    }

    // MARK: deprecateVariableInFavorOf

    func testDeprecationPassesTheNewValueThroughAndWarns() throws {
        try harness.environment.variables.set("newData", to: ["a": "1"])
        XCTAssertEqual(
            try harness.call("deprecateVariableInFavorOf", .expressions(["$oldData", "$newData"])), ["a": "1"])
        XCTAssertTrue(harness.environment.log.lines.contains { $0.contains("$oldData") && $0.contains("$newData") })
        XCTAssertEqual(
            try harness.call("deprecateVariableInFavorOf", .expressions(["place", "location", "MyModule"])),
            .string("location"))
        XCTAssertTrue(harness.environment.log.lines.contains { $0.contains("place") && $0.contains("MyModule") })
        XCTAssertNil(try harness.call("deprecateVariableInFavorOf", .expressions(["x", "^noSuchFunction()"])))
    }

    func testDeprecationValidation() {
        XCTAssertEqual(
            harness.failure("deprecateVariableInFavorOf", .absent), "expected input parameters, but got none")
        XCTAssertEqual(
            harness.failure("deprecateVariableInFavorOf", .expressions(["x"])),
            "expected at least 2 and at most 3 input parameters, but got 1 instead")
        XCTAssertEqual(
            harness.failure("deprecateVariableInFavorOf", .expressions(["a", "b", "c", "d"])),
            "expected at least 2 and at most 3 input parameters, but got 4 instead")
    }

    func testEachDiagnosticCallWritesOneLogLine() throws {
        harness.environment.log.clear()
        _ = try harness.call("dump", .text("x"))
        _ = try harness.call("bench", .text("x"))
        _ = try harness.call("benchBool", .text("T"))
        _ = try harness.call("debugBreak", .text("x"))
        XCTAssertEqual(harness.environment.log.lines.count, 4)
    }
}
