import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Plain text in the editor: a boolean evaluation that fails answers `false`, as the original's
/// `asBoolean:` does, with the error beside it dimmed (issue 21).
final class PlainTextBooleanTests: XCTestCase {
    func testPlainTextIsTrueLikeTheOriginal() {
        let (session, screen) = makeSession()
        session.type("Hello")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("boolean"), "true")
        XCTAssertEqual(screen.resultRow("string"), "Hello")
    }

    func testAFailedBooleanAnswersFalseWithTheErrorDimmed() {
        let (session, screen) = makeSession(columns: 220)
        session.type("Hello $name")
        session.render(on: screen)
        let row = screen.resultRow("boolean") ?? ""
        XCTAssertTrue(row.hasPrefix("false  ✗ "), row)
        XCTAssertTrue(row.contains("expecting one and only one value here"), row)
        XCTAssertTrue(row.hasSuffix("(the original answers false)"), row)
        XCTAssertEqual(screen.resultRow("string"), "Hello Cooper")
        guard let found = screen.firstRow(containing: "false  ✗") else { return XCTFail(screen.text) }
        let column =
            (found.text.range(of: "✗").map { found.text.distance(from: found.text.startIndex, to: $0.lowerBound) }) ?? 0
        XCTAssertNotEqual(screen.role(row: found.index, column: column), .error, "not drawn as a red error")
    }
}
