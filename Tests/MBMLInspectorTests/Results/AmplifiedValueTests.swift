import MBMLTestSupport
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Issue 29, item 2, in the inspector: `$big` holds 100 × 100 references to one text of about
/// 20 KB (about 200 MB as text). Its rows show a preview; writing it to a file ends in the budget
/// error; the session goes on.
final class AmplifiedValueTests: XCTestCase {
    private func amplified() throws -> Environment {
        try AmplifiedEnvironment.make(budget: 1 << 20)
    }

    func testRowsShowAPreviewAndTheNextEvaluationIsAnswered() throws {
        let (session, screen) = makeSession(environment: try amplified())
        session.type("$big")
        session.waitForBackgroundWork()
        session.render(on: screen)
        XCTAssertNotNil(screen.resultRow("object"), screen.text)
        XCTAssertTrue(screen.text.contains("[100]"), screen.text)
        session.press(.control("u"))
        session.type("$big.count")
        session.waitForBackgroundWork()
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(100)))
    }

    func testWritingTheValueToAFileEndsInTheBudgetError() throws {
        let environment = try amplified()
        let big = try XCTUnwrap(environment.variables["big"])
        XCTAssertThrowsError(try Reducer.copyText(big, within: Evaluation(options: environment.options))) { error in
            XCTAssertTrue(error is MemoryBudgetExceeded, "\(error)")
        }
        XCTAssertEqual(try Reducer.copyText(.array([1]), within: Evaluation(options: environment.options)), "[1]")
    }
}
