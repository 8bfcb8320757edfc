import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

final class MarkedTextTests: XCTestCase {
    func testMarkersAreRemovedAndTheirOffsetsKept() {
        let input = MarkedText("Total: #(1 1️⃣+2️⃣)")
        XCTAssertEqual(input.text, "Total: #(1 +)")
        XCTAssertEqual(input.range(), SourceRange(location: 11, length: 1))
        XCTAssertEqual(input.offsets.count, 2)
    }

    func testOffsetsCountUTF16CodeUnits() {
        let input = MarkedText("é😀 3️⃣#(1 +)4️⃣")
        XCTAssertEqual(input.text, "é😀 #(1 +)")
        XCTAssertEqual(input.offset(of: "3️⃣"), 4, "é is one unit, 😀 two, the space one")
        XCTAssertEqual(input.range(from: "3️⃣", to: "4️⃣"), SourceRange(location: 4, length: 6))
    }

    func testCharacterOffsetsCountGraphemeClusters() {
        let input = MarkedText("1️⃣é😀e\u{301} 2️⃣$x3️⃣")
        XCTAssertEqual(input.characterOffset(of: "1️⃣"), 0)
        XCTAssertEqual(input.characterOffset(of: "2️⃣"), 4, "é, 😀, e with its accent and the space")
        XCTAssertEqual(input.offset(of: "2️⃣"), 6)
        XCTAssertEqual(input.characterOffset(of: "3️⃣"), 6, "the end of the text")
    }

    func testOtherEmojiAndDigitsAreText() {
        let input = MarkedText("#1 😀 1")
        XCTAssertEqual(input.text, "#1 😀 1")
        XCTAssertTrue(input.offsets.isEmpty)
    }
}

final class ProcessEnvironmentTests: XCTestCase {
    func testVariablesAreSetForTheBodyAndRestoredAfterwards() {
        let before = ProcessInfo.processInfo.environment["MBML_TEST_VARIABLE"]
        let zoneBefore = TimeZone.current.identifier
        ProcessEnvironment.with(["MBML_TEST_VARIABLE": "set", "TZ": "Asia/Tokyo"]) {
            XCTAssertEqual(ProcessInfo.processInfo.environment["MBML_TEST_VARIABLE"], "set")
            XCTAssertEqual(TimeZone.current.identifier, "Asia/Tokyo")
        }
        XCTAssertEqual(ProcessInfo.processInfo.environment["MBML_TEST_VARIABLE"], before)
        XCTAssertEqual(TimeZone.current.identifier, zoneBefore)
    }
}
