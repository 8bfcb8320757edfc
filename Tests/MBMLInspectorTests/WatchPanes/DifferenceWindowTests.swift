import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// The compare pane shows where two long values differ (issue 32), not their first 30 columns.
final class DifferenceWindowTests: XCTestCase {
    func testShortOrEarlyDifferencesAreShownAsTheyAre() {
        XCTAssertEqual(DifferenceWindow.cut("abc", "abd", width: 10).first, "abc")
        XCTAssertEqual(DifferenceWindow.cut("same", "same", width: 2).second, "same")
        let early = DifferenceWindow.cut("x" + String(repeating: "a", count: 100), "y", width: 20)
        XCTAssertEqual(early.first.count, 101, "the difference is in the first column")
    }

    func testBothSidesStartALittleBeforeTheDifference() {
        let common = String(repeating: "a", count: 60)
        let cut = DifferenceWindow.cut(common + "FIRST" + common, common + "OTHER", width: 24)
        XCTAssertTrue(cut.first.hasPrefix("…aaaaaaaa"), cut.first)
        XCTAssertTrue(cut.first.contains("FIRST"), cut.first)
        XCTAssertTrue(cut.second.hasSuffix("aaaOTHER"), cut.second)
        let before = cut.first.dropFirst().prefix { $0 == "a" }.count
        XCTAssertEqual(before, 8, "a third of the width before the difference")
        XCTAssertLessThan(TextWidth.of(String(cut.first.prefix(before + 2))), 24, "the difference is in the window")
    }

    func testTheComparePaneShowsTheDifference() throws {
        let common = String(repeating: "a", count: 70)
        let first = "<MBML><Var name=\"s\" literal=\"\(common)FIRST\"/></MBML>"
        let second = "<MBML><Var name=\"s\" literal=\"\(common)OTHER\"/></MBML>"
        let (session, screen) = makeSession(manifest: first)
        session.compare(with: EngineController(source: .text(second, name: "v2.xml")), label: "v2.xml")
        session.type("$s")
        session.render(on: screen)
        let row = try XCTUnwrap(screen.firstRow(containing: "≠ object"), screen.text)
        XCTAssertTrue(row.text.contains("aFIRST"), row.text)
        XCTAssertTrue(row.text.contains("aOTHER"), row.text)
    }
}
