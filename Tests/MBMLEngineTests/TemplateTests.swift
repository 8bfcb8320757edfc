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
