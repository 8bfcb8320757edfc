import MBMLEngine
import MBMLTestSupport
import XCTest

/// ``EnvironmentOptions/maximumEvaluationBytes``: what one evaluation may build.
final class MemoryBudgetTests: XCTestCase {
    private func environment(budget: Int) -> Environment {
        var options = EnvironmentOptions()
        options.maximumEvaluationBytes = budget
        return Environment(options: options)
    }

    private func assertExceedsBudget(
        _ expression: String, budget: Int = 1 << 20, file: StaticString = #filePath, line: UInt = #line
    ) {
        let environment = environment(budget: budget)
        XCTAssertThrowsError(try environment.evaluate(expression, in: .object), file: file, line: line) { error in
            XCTAssertEqual(
                error as? MemoryBudgetExceeded, MemoryBudgetExceeded(bytes: budget), "\(error)", file: file, line: line)
        }
    }

    func testADoublingTextStopsAtTheBudget() {
        assertExceedsBudget("^reduce(^arrayFilledWithIntegers(1|40)|x|$currentValue$currentValue)")
    }

    func testAListOfListsStopsAtTheBudget() {
        assertExceedsBudget("^list(^arrayFilledWithIntegers(1|1000)|^arrayFilledWithIntegers(1|1000))")
    }

    func testTheTextOfAHugeCollectionStopsAtTheBudget() {
        assertExceedsBudget("x ^list(^arrayFilledWithIntegers(1|2000)|^arrayFilledWithIntegers(1|50))", budget: 200_000)
    }

    func testFileReadsCountTowardsTheBudget() throws {
        let folder = try ScratchFolder()
        let path = try folder.write(String(repeating: "x", count: 100_000), to: "big.txt").path
        assertExceedsBudget("^list(^arrayFilledWithIntegers(1|20)|^fileContents(\(path)))", budget: 1_000_000)
        XCTAssertNotNil(try environment(budget: 1_000_000).evaluate("^fileContents(\(path))", in: .object))
    }

    func testEachEvaluationHasItsOwnBudgetAndSmallOnesPass() throws {
        let environment = environment(budget: 100_000)
        for _ in 0..<50 {
            XCTAssertEqual(
                try environment.evaluate("^join(^list(^arrayFilledWithIntegers(1|1000)|$item)|,)", in: .string)?
                    .stringValue?.count, 3_892)
        }
    }

    func testZeroTurnsTheBudgetOff() throws {
        let environment = environment(budget: 0)
        XCTAssertEqual(
            try environment.evaluate(
                "^reduce(^arrayFilledWithIntegers(1|16)|x|$currentValue$currentValue)", in: .object)?
                .stringValue?.count, 65_536)
    }

    func testTheMessageNamesTheBudget() {
        XCTAssertEqual(
            MemoryBudgetExceeded(bytes: 1 << 30).description,
            "evaluation stopped: what it built passed its memory budget of 1 GiB (1073741824 bytes)")
        XCTAssertEqual(MemoryBudgetExceeded(bytes: 1000).limit, .memoryBudget)
    }
}
