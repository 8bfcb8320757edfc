import MBMLEngine
import XCTest

/// ``DisplayWidth``: the one rule for how many columns text takes.
final class DisplayWidthTests: XCTestCase {
    func testWidths() {
        XCTAssertEqual(DisplayWidth.of("cats"), 4)
        XCTAssertEqual(DisplayWidth.of("日本"), 4, "East Asian wide")
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining accent takes no column")
        XCTAssertEqual(DisplayWidth.of("👩‍👩‍👧"), 2, "a joined emoji sequence is one two-column character")
        XCTAssertEqual(DisplayWidth.of("a\tb"), 4, "a control character is as wide as its escape, \\t")
        XCTAssertEqual(DisplayWidth.of("\u{202E}"), 8, "\\u{202E}")
        XCTAssertEqual(DisplayWidth.of("\r\n"), 4, "one character of two scalars: \\r\\n")
    }

    func testTheCallerCanSupplyScalarWidths() {
        XCTAssertEqual(DisplayWidth.of("ab", scalarWidth: { _ in 3 }), 6)
    }
}
