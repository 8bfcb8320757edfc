import MBMLEngine
import XCTest

/// ``DisplayWidth``: the one rule for how many columns text takes.
final class DisplayWidthTests: XCTestCase {
    func testWidths() {
        XCTAssertEqual(DisplayWidth.of("cats"), 4)
        XCTAssertEqual(DisplayWidth.of("日本"), 4, "East Asian wide")
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining accent takes no column")
        XCTAssertEqual(DisplayWidth.of("👩‍👩‍👧"), 2, "a joined emoji sequence is one two-column character")
        XCTAssertEqual(DisplayWidth.of("a\tb"), 3, "a control character is shown as one stand-in")
    }

    func testPrintableReplacesControlCharacters() {
        XCTAssertEqual(DisplayWidth.printable("a\u{1B}[2Jb\nc\u{85}"), "a [2Jb c ")
        XCTAssertEqual(DisplayWidth.printable("plain é"), "plain é")
    }

    func testTheCallerCanSupplyScalarWidths() {
        XCTAssertEqual(DisplayWidth.of("ab", scalarWidth: { _ in 3 }), 6)
    }
}
