import XCTest

@testable import MBMLInspector

final class KeyDecoderTests: XCTestCase {
    private func characters(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    func testControlAndPrintableCharacters() {
        XCTAssertEqual(
            KeyDecoder.decode(characters("a\u{1}\u{5}\u{17}\t\r\u{7F}é")),
            [
                .character("a"), .control("a"), .control("e"), .control("w"), .tab, .enter, .backspace,
                .character("é"),
            ])
    }

    func testEscapeSequences() {
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}b\u{1B}f\u{1B}d")), [.alt("b"), .alt("f"), .alt("d")])
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}")), [.escape])
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}\u{1B}")), [.escape, .escape])
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}[Z")), [.backTab])
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}[A\u{1B}[1;3D\u{1B}[3~")), [.up, .alt("b"), .delete])
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}\u{7F}")), [.alt("\u{7F}")])
        XCTAssertEqual(KeyDecoder.decode(characters("\u{1B}\u{15}")), [.escape, .control("u")])
    }

    func testKeysFromTheTerminalLibraryPassThrough() {
        XCTAssertEqual(
            KeyDecoder.decode([.key(.up), .character(0x71), .key(.resize)]), [.up, .character("q"), .resize])
    }

    func testClipboardSequence() {
        XCTAssertEqual(Clipboard.osc52Sequence(for: "$cats[1]"), "\u{1B}]52;c;JGNhdHNbMV0=\u{07}")
    }
}
