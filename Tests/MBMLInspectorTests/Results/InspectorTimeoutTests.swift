import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// `mbml inspect --timeout SECONDS` (issue 32): an evaluation of the editor's text past its time
/// budget stops, and the result rows say why, as `mbml eval` does.
final class InspectorTimeoutTests: XCTestCase {
    func testAnEvaluationPastItsBudgetShowsTheBudgetError() throws {
        let engine = EngineController(source: .text("<MBML/>", name: "t.xml"))
        engine.evaluationTimeout = 0.2
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: 40, columns: 120))
        session.start()
        let start = Date()
        session.send(.setExpression("^repeat(1000000|^repeat(1000000|x))"))
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
        let object = try XCTUnwrap(session.state.results.shown[.object])
        XCTAssertEqual(
            object.error?.message.hasPrefix("evaluation stopped: it ran longer than its time budget"), true,
            "\(object)")
        XCTAssertEqual(session.state.results.shown[.number]?.error?.message, object.error?.message)
    }

    func testNoBudgetNoError() throws {
        let (session, _) = makeSession()
        session.type("$cats.count")
        XCTAssertNil(session.state.results.shown[.object]?.error)
    }
}
