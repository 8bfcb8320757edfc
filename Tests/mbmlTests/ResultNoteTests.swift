import XCTest

@testable import mbml

/// The note after an escaped result.
final class ResultNoteTests: XCTestCase {
    func testTheNoteSaysHowManyAndHowToGetThemRaw() {
        XCTAssertTrue(ResultOutputOptions.note(count: 1).contains("1 control or invisible character in"))
        XCTAssertTrue(ResultOutputOptions.note(count: 3).contains("--raw"))
    }
}
