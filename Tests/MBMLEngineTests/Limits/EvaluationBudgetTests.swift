import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// The budgets of issue 12: the evaluation deadline, the file-size cap, refusing non-regular files
/// without blocking, and NUL bytes in paths. No timing is asserted beyond "it ended".
final class EvaluationBudgetTests: ExpressionTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = NSTemporaryDirectory() + "mbml-budget-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
        try super.tearDownWithError()
    }

    // MARK: Deadline

    /// A job of `seconds` under the environment's limits, with the host's `isCancelled`.
    private func limits(seconds: Double, isCancelled: @escaping @Sendable () -> Bool = { false }) -> EvaluationLimits {
        EvaluationLimits(options: env.options, seconds: seconds, isCancelled: isCancelled)
    }

    func testDeadlineStopsANestedRepeatWithAnErrorNamingTheBudget() {
        XCTAssertThrowsError(
            try env.evaluate("^repeat(1000000|^repeat(1000000|x))", in: .object, limits: limits(seconds: 0.2))
        ) { error in
            XCTAssertTrue(error is DeadlineExceeded, "\(error)")
            XCTAssertEqual((error as? DeadlineExceeded)?.limit, .timeBudget)
            XCTAssertEqual(
                String(describing: error),
                "evaluation stopped: it ran longer than its time budget of 0.2 seconds")
        }
        // The deadline is the job's: the next evaluation has none.
        assertString("^repeat(2|x)", .object, "x")
    }

    func testDeadlineStopsAFunctionThatSwallowsErrors() {
        // ^reduce swallows per-item errors; the stop must still surface as the deadline error.
        env.variables.declare("many", value: .array((0..<1_000).map { .integer($0) }))
        XCTAssertThrowsError(
            try env.evaluate("^reduce($many|0|^repeat(1000000|x))", in: .object, limits: limits(seconds: 0.2))
        ) { error in
            XCTAssertTrue(error is DeadlineExceeded, "\(error)")
        }
    }

    func testNoDeadlineAndFastEvaluationsAreUntouched() throws {
        XCTAssertEqual(try env.evaluate("#(2 + 3)", in: .number, limits: limits(seconds: 0)), .decimal(5))
        XCTAssertEqual(try env.evaluate("#(2 + 3)", in: .number, limits: limits(seconds: 30)), .decimal(5))
        XCTAssertThrowsError(try env.evaluate("#(1 / 0)", in: .number, limits: limits(seconds: 30))) { error in
            XCTAssertTrue(error is ExpressionError, "an ordinary error stays itself: \(error)")
        }
    }

    func testDeadlineKeepsTheHostsCancellation() {
        XCTAssertThrowsError(
            try env.evaluate("^repeat(10|x)", in: .object, limits: limits(seconds: 30, isCancelled: { true }))
        ) { error in
            XCTAssertTrue(error is CancellationFailure, "\(error)")
        }
    }

    // MARK: Files

    func testFileLargerThanTheCapIsRefusedByItsSize() throws {
        let path = folder + "/big.txt"
        try Data(repeating: UInt8(ascii: "x"), count: 1_000).write(to: URL(fileURLWithPath: path))
        env.options.maximumFileSize = 999
        assertError("^fileContents(\(path))", .object, containing: "larger than the limit of 999 bytes")
        assertError("^fileData(\(path))", .object, containing: "larger than the limit of 999 bytes")
        env.options.maximumFileSize = 1_000
        assertValue("^fileData(\(path))", .object, .data(Data(repeating: UInt8(ascii: "x"), count: 1_000)))
        XCTAssertEqual(EnvironmentOptions().maximumFileSize, 64 * 1024 * 1024)
    }

    func testFIFOIsRefusedWithoutBlocking() throws {
        let path = folder + "/fifo"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // Opening a FIFO for reading would wait for a writer forever; the check happens before.
        assertError("^fileContents(\(path))", .object, message: nil, containing: "is a FIFO, not a regular file")
        assertError("^fileData(\(path))", .object, containing: "is a FIFO")
    }

    func testDevicesAndDirectoriesAreRefusedByWhatTheyAre() {
        assertError("^fileContents(/dev/zero)", .object, containing: "does not read /proc, /sys or /dev")
        assertError("^fileContents(\(folder))", .object, containing: "is a directory")
        // Allowed by name, a device is still refused by what it is, before it is opened.
        var options = EnvironmentOptions()
        options.fileReadPolicy = .restricted(workFolders: [], allowedFolders: ["/dev"])
        let harness = FunctionHarness(options: options)
        harness.assertEvaluationFails(
            "^fileContents(/dev/zero)", containing: "\"/dev/zero\": it is a device, not a regular file")
        harness.assertEvaluationFails("^fileData(/dev/null)", containing: "is a device")
    }

    func testNULInAPathIsAnErrorNotATruncation() throws {
        let path = folder + "/a.txt"
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        env.variables.declare("p", value: .string(path + "\u{0}ignored"))
        assertError("^fileContents($p)", .object, containing: "the path contains a NUL character")
        assertError("^sizeOfFile($p)", .object, containing: "NUL character")
        assertError("^listDirectory($p)", .object, containing: "NUL character")
        assertValue("^fileExists($p)", .object, .boolean(false))
        assertValue("^fileIsReadable($p)", .object, .boolean(false))
        // Deletion must never act on the truncated path.
        env.options.allowsFileWrites = true
        assertError("^deleteFile($p)", .object, containing: "NUL character")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }
}

extension EvaluationBudgetTests {
    func testRenderingAHugeCollectionAsTextStopsAtTheDeadline() throws {
        let environment = Environment()
        environment.variables.declare(
            "big", value: .array((0..<200_000).map { .array([.integer($0), .string("x\($0)")]) }))
        var checks = 0
        XCTAssertNil(
            try XCTUnwrap(environment.variables["big"]).text(stoppingWhen: {
                checks += 1
                return checks > 3
            }))
        XCTAssertEqual(checks, 4)
        XCTAssertNotNil(try XCTUnwrap(environment.variables["big"]).text(stoppingWhen: { false }))
        XCTAssertThrowsError(
            try environment.evaluate("text: $big", in: .object, limits: EvaluationLimits(isCancelled: { true }))
        ) { error in
            XCTAssertTrue(error is CancellationFailure || "\(error)".contains("cancel"), "\(error)")
        }
    }

    func testQuotedElementsEscapeAsBefore() {
        let value: Value = ["plain", "with \"quotes\" and \\ and\nnewline", ""]
        XCTAssertEqual(value.text, "(\n    plain,\n    \"with \\\"quotes\\\" and \\\\ and\\nnewline\",\n    \"\"\n)")
    }
}
