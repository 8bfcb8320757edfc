import MBMLEngine
import MBMLTestSupport
import XCTest

/// The caret line under an error's range: the one renderer the CLI and the inspector's editor use.
final class CaretLineTests: XCTestCase {
    /// The caret line under the range from `1️⃣` to `2️⃣` of `marked` (see ``MarkedText``).
    private func caret(_ marked: String) -> CaretLine {
        let input = MarkedText(marked)
        return CaretLine(text: input.text, range: input.range())
    }

    /// For ranges no marker can show: past the end, negative, inside a character.
    private func caret(_ text: String, _ location: Int, _ length: Int) -> CaretLine {
        CaretLine(text: text, range: SourceRange(location: location, length: length))
    }

    func testMarksTheRangeUnderItsCharacters() {
        let line = caret("#(10 1️⃣/2️⃣ (5 - 5))")
        XCTAssertEqual(line.line, "#(10 / (5 - 5))")
        XCTAssertEqual(line.caret, "     ^")
        XCTAssertEqual(caret("1️⃣$cats2️⃣.count").caret, "^~~~~")
        XCTAssertEqual(caret("1️⃣$cats2️⃣.count").marks(first: "~", rest: "~"), "~~~~~")
    }

    func testWideCharactersTakeTwoColumns() {
        // 猫 is one UTF-16 unit and two columns wide; the range after it starts two columns later.
        let line = caret("猫猫 1️⃣$x2️⃣")
        XCTAssertEqual(line.column, 5)
        XCTAssertEqual(line.caret, "     ^~")
        XCTAssertEqual(caret("1️⃣猫猫2️⃣ $x").caret, "^~~~", "two wide characters: four columns")
    }

    func testSurrogatePairsAndCombiningMarksCountAsTheyShow() {
        // 😀 is two UTF-16 units, two columns; é (e + U+0301) is two units, one column.
        XCTAssertEqual(caret("😀 1️⃣$x2️⃣").column, 3)
        XCTAssertEqual(caret("1️⃣😀2️⃣ $x").width, 2)
        XCTAssertEqual(caret("e\u{301}1️⃣$x2️⃣").column, 1)
        // A range starting inside a character marks the whole character.
        XCTAssertEqual(caret("😀 $x", 1, 1).column, 0)
    }

    func testTabsAndControlCharactersShowAsTheirEscapes() {
        let line = caret("a\tb\u{1B}[31m\u{202E} 1️⃣$x2️⃣")
        XCTAssertEqual(line.line, "a\\tb\\e[31m\\u{202E} $x", "no control character reaches the terminal")
        XCTAssertFalse(line.line.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
        XCTAssertEqual(line.column, 19, "each escape is as wide as it is shown")
        XCTAssertEqual(line.caret, String(repeating: " ", count: 19) + "^~")
    }

    func testRangesAtAndBeyondTheEndGetOneMarkAfterTheText() {
        XCTAssertEqual(caret("^if(1️⃣2️⃣").caret, "    ^")
        XCTAssertEqual(caret("^if(", 40, 3).caret, "    ^", "clamped to the end")
        XCTAssertEqual(caret("$x", 1, 30).caret, " ^", "a range past the end marks what exists")
        XCTAssertEqual(caret("", 0, 0).caret, "^")
        XCTAssertEqual(caret("$x", -3, 1).caret, "^", "a negative location starts at the first character")
    }

    func testMultiLineTextShowsTheLineTheRangeStartsIn() {
        let line = caret("first\n  $x.y\nlast", 8, 20)
        XCTAssertEqual(line.line, "  $x.y")
        XCTAssertEqual(line.lineStart, 6)
        XCTAssertEqual(line.caret, "  ^~~~", "marks stop at the end of the line")
    }

    func testTheScalarWidthCanComeFromTheTerminal() {
        let input = MarkedText("ab 1️⃣$2️⃣x")
        let line = CaretLine(characters: Array(input.text), range: input.range(), scalarWidth: { _ in 3 })
        XCTAssertEqual(line.column, 9)
        XCTAssertEqual(line.width, 3)
    }

    func testCharacterOffsetsMapUTF16RangesToCharacters() {
        let offsets = CharacterOffsets(Array("a😀b"))
        XCTAssertEqual(offsets.offsets, [0, 1, 3, 4])
        XCTAssertEqual(offsets.characters(in: SourceRange(location: 1, length: 2)), 1..<2)
        XCTAssertEqual(offsets.characters(in: SourceRange(location: 2, length: 2)), 1..<3)
        XCTAssertEqual(offsets.characters(in: SourceRange(location: 4, length: 0)), 3..<3)
        XCTAssertEqual(offsets.characters(in: SourceRange(location: 9, length: 2)), 3..<3)
    }
}
