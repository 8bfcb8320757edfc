import XCTest

@testable import MBMLInspector

/// A theme becomes the terminal's plain cell styles (the terminal backend knows no themes).
final class ThemeCellStylesTests: XCTestCase {
    private func theme() throws -> Theme {
        try Theme(
            parsing: """
                normal = default
                error = color196 bold
                selection = black on color250
                dim = color244
                """, name: "t")
    }

    func testColoursAreAdaptedToThePalette() throws {
        let styles = try theme().cellStyles(colorCount: 256)
        XCTAssertEqual(styles[.error], CellStyle(colors: .init(foreground: 196, background: nil), attributes: .bold))
        XCTAssertEqual(styles[.normal], CellStyle(), "default colours need no colour pair")
        XCTAssertEqual(styles[.selection]?.colors, .init(foreground: 0, background: 250))

        let eight = try theme().cellStyles(colorCount: 8)
        XCTAssertEqual(eight[.error]?.colors?.foreground, 1, "red 196 is red on 8 colours")
        XCTAssertEqual(eight[.dim]?.colors?.foreground, 7)
        XCTAssertTrue(eight[.dim]?.attributes.contains(.dim) ?? false, "a grey is dimmed white")
    }

    func testNoColoursBelowEight() throws {
        let styles = try theme().cellStyles(colorCount: 0)
        XCTAssertNil(styles[.error]?.colors)
        XCTAssertEqual(styles[.error]?.attributes, .bold, "attributes stay")
        XCTAssertEqual(styles.count, StyleRole.allCases.count)
    }
}
