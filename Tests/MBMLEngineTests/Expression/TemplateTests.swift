import XCTest

@testable import MBMLEngine

/// ``Template``: a whole file as one string-context expression.
final class TemplateTests: XCTestCase {
    private func environment() -> Environment {
        let environment = Environment()
        environment.variables.declare("name", value: "Ada")
        return environment
    }

    func testRendersVerbatimWithoutAddingOrTrimming() throws {
        let template = try Template(bytes: Array("  Hello, $name!\n\n".utf8), path: "t.txt")
        XCTAssertEqual(try template.render(in: environment()), "  Hello, Ada!\n\n")
        XCTAssertEqual(try Template(bytes: Array("no newline".utf8), path: "t").render(in: environment()), "no newline")
        XCTAssertEqual(try Template(bytes: [], path: "t").render(in: environment()), "")
    }

    func testInvalidUTF8NamesTheByteOffset() {
        XCTAssertThrowsError(try Template(bytes: Array("héllo".utf8) + [0xFF, 0x41], path: "t.txt")) { error in
            XCTAssertEqual(error as? TemplateError, .invalidUTF8(path: "t.txt", byteOffset: 6))
            XCTAssertTrue(String(describing: error).hasPrefix("t.txt: not valid UTF-8 text: the byte at offset 6"))
        }
    }

    func testErrorsNameTheTemplatePositionOfTheFailingPart() throws {
        let text = "line one\n  ok $name\n    bad: #(10 / (5 - 5))\n"
        let template = try Template(bytes: Array(text.utf8), path: "t.txt")
        XCTAssertThrowsError(try template.render(in: environment())) { error in
            guard case .evaluation(let diagnostic, _)? = error as? TemplateError else { return XCTFail("\(error)") }
            XCTAssertEqual(diagnostic.file, "t.txt")
            XCTAssertEqual(diagnostic.line, 3)
            XCTAssertEqual(diagnostic.column, 15) // the "/" that divides by zero
            XCTAssertTrue(diagnostic.message.contains("divide by zero"), diagnostic.message)
        }
    }

    func testColumnsCountUnicodeScalars() {
        XCTAssertEqual(Template.lineAndColumn(ofUTF16Offset: 4, in: "😀ab$x").column, 4)
        XCTAssertEqual(Template.lineAndColumn(ofUTF16Offset: 3, in: "a\nb$x").line, 2)
    }
}

/// ``TemplateChunks``: a large template renders one piece at a time, to the same text.
final class TemplateChunkTests: XCTestCase {
    func testPiecesJoinToTheTemplateAndCutOnlyBetweenTopLevelTokens() {
        let text = String(repeating: "a $x.y ^join($list|, ) $$5 #(1 + 2)\n(open [x] {y}) ", count: 2_000)
        let pieces = TemplateChunks(text: text, targetLength: 1_000).chunks
        XCTAssertGreaterThan(pieces.count, 50)
        XCTAssertEqual(pieces.map(\.text).joined(), text)
        for piece in pieces.dropFirst() {
            XCTAssertTrue(
                piece.text.first == "$" || piece.text.first == "^" || piece.text.first == "#" || piece.column == 1,
                piece.text)
            XCTAssertFalse(piece.text.hasPrefix("$5"), "never inside an escape")
        }
    }

    func testAnUnclosedBracketKeepsTheRestWhole() {
        let text = "^join(" + String(repeating: "$a.", count: 2_000)
        XCTAssertEqual(TemplateChunks(text: text, targetLength: 100).chunks.count, 1)
    }

    func testALargeTemplateRendersAsTheWholeDoesAndPlacesErrorsInTheTemplate() throws {
        let environment = Environment()
        environment.variables.declare("x", value: .dictionary(["y": .string("Y")]))
        let body = String(repeating: "a $x.y #(1 + 2) $$ ^uppercase(b)\n", count: 30_000)
        let rendered = try Template(bytes: Array(body.utf8), path: "big.tpl").render(in: environment)
        XCTAssertEqual(rendered, String(repeating: "a Y 3 $ B\n", count: 30_000))

        let broken = body + "ok ^nope(1)\n"
        XCTAssertThrowsError(try Template(bytes: Array(broken.utf8), path: "big.tpl").render(in: environment)) {
            error in
            guard case .evaluation(let diagnostic, _)? = error as? TemplateError else { return XCTFail("\(error)") }
            XCTAssertEqual(diagnostic.line, 30_001)
            XCTAssertEqual(diagnostic.column, 4)
        }
    }
}
