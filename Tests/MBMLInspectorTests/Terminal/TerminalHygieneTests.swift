import XCTest

@testable import MBMLInspector

final class TerminalHygieneTests: XCTestCase {
    func testDumbOrMissingTerminalIsRefused() {
        XCTAssertNotNil(TerminalCapabilities.unusableTerminalReason(environment: ["TERM": "dumb"]))
        XCTAssertNotNil(TerminalCapabilities.unusableTerminalReason(environment: [:]))
        XCTAssertNil(TerminalCapabilities.unusableTerminalReason(environment: ["TERM": "xterm-256color"]))
    }

    func testAsciiFallbackKeepsEveryColumn() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        session.type("$cats")
        session.render(on: screen)
        for row in 0..<24 {
            let line = screen.line(row)
            let ascii = AsciiFallback.ascii(line)
            XCTAssertTrue(ascii.unicodeScalars.allSatisfy(\.isASCII), ascii)
            XCTAssertEqual(ascii.count, TextWidth.of(line), line)
        }
        XCTAssertEqual(AsciiFallback.ascii("▸ cats │ › ✗ 表"), "> cats | } x ??")
        XCTAssertEqual(AsciiFallback.ascii("┌─┐"), "+-+")
    }

    func testZeroWidthJoinerEmojiKeepsItsWidth() {
        let family = "👨‍👩‍👧"
        XCTAssertEqual(family.count, 1)
        XCTAssertEqual(TextWidth.of(family), 2)
        // Curses is sent one two-cell emoji, so that it counts the same width.
        XCTAssertEqual(TerminalText.scalars("a" + family + "b").map(\.value), [0x61, 0x1F468, 0x62])
        XCTAssertEqual(TerminalText.scalars("é👍🏽").count, "é👍🏽".unicodeScalars.count)
        let screen = BufferScreen(rows: 1, columns: 10)
        screen.put(family + "|x", row: 0, column: 0, role: .normal)
        XCTAssertEqual(screen.cells[0][2].text, "|")
    }
}
