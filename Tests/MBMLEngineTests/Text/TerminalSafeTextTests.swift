import MBMLEngine
import XCTest

/// ``TerminalSafeText``: the one rule for text shown on a terminal.
final class TerminalSafeTextTests: XCTestCase {
    func testEveryControlAndFormatCharacterIsEscapedAndNothingUnsafeRemains() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), TerminalSafeText.isUnsafe(scalar) else { continue }
            let shown = TerminalSafeText.escaping("a" + String(scalar) + "b")
            XCTAssertTrue(shown.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F })
            XCTAssertEqual(DisplayWidth.of(shown), DisplayWidth.of("a" + String(scalar) + "b"), "U+\(value)")
        }
    }

    func testWhatIsUnsafe() {
        let unsafe: [UInt32] = [
            0x00, 0x07, 0x09, 0x0A, 0x0D, 0x1B, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0xAD, 0x061C, 0x200B, 0x200E, 0x200F,
            0x2028, 0x2029, 0x202A, 0x202E, 0x2060, 0x2066, 0x2069, 0xFEFF, 0xFFF9, 0xE0001,
        ]
        for value in unsafe {
            XCTAssertTrue(TerminalSafeText.isUnsafe(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        let safe: [UInt32] = [0x20, 0x41, 0x7E, 0xA0, 0xE9, 0x0301, 0x200C, 0x200D, 0xFE0F, 0x1F600, 0xE0067]
        for value in safe {
            XCTAssertFalse(TerminalSafeText.isUnsafe(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
    }

    func testVisibleForms() {
        XCTAssertEqual(
            TerminalSafeText.escaping("\u{1B}]0;title\u{07}\u{9B}31m\u{202E}\t\n\r\0\u{7F}"),
            #"\e]0;title\u{7}\u{9B}31m\u{202E}\t\n\r\0\u{7F}"#)
        XCTAssertEqual(TerminalSafeText.escaping("plain é 日本 👩‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿"), "plain é 日本 👩‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿")
    }

    func testMultiLineKeepsLineFeedsAndTabsOnly() {
        XCTAssertEqual(
            TerminalSafeText.escaping("a\tb\nc\r\nd\u{1B}[2J", layout: .multiLine), "a\tb\nc\\r\nd\\e[2J")
        XCTAssertEqual(TerminalSafeText.unsafeCount(in: "a\tb\n\u{1B}", layout: .multiLine), 1)
        XCTAssertEqual(TerminalSafeText.unsafeCount(in: "a\tb\n\u{1B}"), 3)
        XCTAssertTrue(TerminalSafeText.isSafe("a\tb\n", layout: .multiLine))
        XCTAssertFalse(TerminalSafeText.isSafe("a\tb\n"))
    }

    func testJSONEscapesEveryUnsafeScalarSoItIsSafeToPrint() throws {
        var text = ""
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), TerminalSafeText.isUnsafe(scalar) else { continue }
            text.unicodeScalars.append(scalar)
            text += "é"
        }
        let json = JSONCodec.encode(.string(text))
        XCTAssertTrue(TerminalSafeText.isSafe(json), "no raw unsafe scalar in JSON")
        XCTAssertEqual(try JSONCodec.decodePlain(json), .string(text), "and it reads back as the same text")
    }
}
