import Foundation
import MBMLEngine
import XCTest

@testable import mbml

/// How `mbml eval` prints a result (``ResultFormatter``) and how an error names the option that
/// changes the limit it hit (``LimitHint``).
final class ResultFormatterTests: XCTestCase {
    private let list: Value = .array([.string("Barrett"), .integer(2)])

    func testEachContextPrintsItsOwnForm() {
        XCTAssertEqual(try ResultFormatter.text(of: list, in: .object, within: Evaluation()), #"["Barrett",2]"#)
        XCTAssertEqual(try ResultFormatter.text(of: .integer(3), in: .number, within: Evaluation()), "3")
        XCTAssertEqual(
            try ResultFormatter.text(of: .string("two\nlines "), in: .string, within: Evaluation()), "two\nlines ")
        XCTAssertEqual(try ResultFormatter.text(of: .string("x"), in: .boolean, within: Evaluation()), "true")
        XCTAssertEqual(try ResultFormatter.text(of: .boolean(false), in: .boolean, within: Evaluation()), "false")
    }

    func testNoValuePrintsNullEmptyOrFalse() {
        XCTAssertEqual(try ResultFormatter.text(of: nil, in: .object, within: Evaluation()), "null")
        XCTAssertEqual(try ResultFormatter.text(of: nil, in: .string, within: Evaluation()), "")
        XCTAssertEqual(try ResultFormatter.text(of: nil, in: .boolean, within: Evaluation()), "false")
    }

    func testTheOneLineFormQuotesStringsSoThatBreaksAndSpacesShow() {
        XCTAssertEqual(
            try ResultFormatter.line(of: .string("two\nlines "), in: .string, within: Evaluation()), #""two\nlines ""#)
        XCTAssertEqual(try ResultFormatter.line(of: nil, in: .string, within: Evaluation()), "null")
        XCTAssertEqual(
            try ResultFormatter.line(of: list, in: .object, within: Evaluation()),
            try ResultFormatter.text(of: list, in: .object, within: Evaluation()))
        XCTAssertEqual(try ResultFormatter.line(of: .integer(7), in: .number, within: Evaluation()), "7")
    }

    func testAnExpressionErrorPrintsItsHeadline() {
        XCTAssertThrowsError(try Environment().evaluate("^nope(1)", in: .object)) { error in
            XCTAssertEqual(
                ResultFormatter.message(of: error), "Evaluation error: Can't find MBMLFunction declaration for: ^nope()"
            )
        }
        XCTAssertThrowsError(try Environment().evaluate("^if()", in: .object)) { error in
            XCTAssertEqual(
                ResultFormatter.message(of: error), "Execution error: ^if() expected input parameters, but got none")
        }
    }

    func testAnErrorThatHitALimitNamesTheOptionThatChangesIt() {
        let timeout = ResultFormatter.message(of: DeadlineExceeded(seconds: 2))
        XCTAssertTrue(timeout.hasSuffix(" (--timeout SECONDS changes it; 0 turns it off)"), timeout)
        let memory = ResultFormatter.message(of: MemoryBudgetExceeded(bytes: 1024))
        XCTAssertTrue(memory.hasSuffix(" (--max-memory BYTES raises it; 0 turns it off)"), memory)
    }

    func testEveryLimitHasAHintNamingAnOptionOfTheCommandLine() {
        let limits: [EngineLimit] = [.timeBudget, .fileWrites, .fileSize, .fileReads, .memoryBudget]
        let options = limits.map { LimitHint.hint(for: $0).split(separator: " ").first.map(String.init) }
        XCTAssertEqual(
            options, ["--timeout", "--allow-file-writes", "--max-file-size", "--allow-file-reads", "--max-memory"])
    }

    func testAnErrorWithoutALimitIsLeftAlone() {
        struct Plain: Error {}
        XCTAssertNil(LimitHint.limit(of: Plain()))
        XCTAssertEqual(LimitHint.appending(to: "message", for: Plain()), "message")
    }
}
