import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

/// The example that opens the DocC landing page (MBMLEngine.docc/MBMLEngine.md) runs here, and the
/// page must show exactly this code, so that the first thing a reader sees is known to work.
final class LandingPageExampleTests: XCTestCase {
    // The landing page shows the example exactly as written here: the formatter leaves it alone.
    // swift-format-ignore
    func testTheExampleGivesWhatItsCommentsSay() throws {
        // landing-page-example:begin
        let environment = Environment()
        environment.variables.declare("cats", value: ["Barrett", "Duncan", "Gabby"])
        environment.variables.declare("price", value: "2.50")

        let second = try environment.evaluate("$cats[1]", in: .object)                   // "Duncan"
        let sentence = try environment.evaluate("My cats: ^join($cats|, )", in: .string) // "My cats: Barrett, Duncan, Gabby"
        let total = try environment.evaluate("#($price * $cats.count)", in: .number)     // 7.5
        let many = try environment.evaluateBoolean("$cats.count > 2 -AND $cats[0] == Barrett") // true
        let text = try environment.evaluate("$cats.count > 2", in: .object)              // "3 > 2"
        // landing-page-example:end

        XCTAssertEqual(second, "Duncan")
        XCTAssertEqual(sentence, "My cats: Barrett, Duncan, Gabby")
        XCTAssertEqual(total, .decimal(Decimal(string: "7.5") ?? 0))
        XCTAssertTrue(many)
        XCTAssertEqual(text, "3 > 2")
    }

    func testTheLandingPageShowsThisExample() throws {
        let test = try RepositoryFile.text(of: "Tests/MBMLEngineTests/Documentation/LandingPageExampleTests.swift")
        let lines = test.components(separatedBy: "\n")
        let begin = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// landing-page-example:begin") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("// landing-page-example:end") })
        let example = lines[(begin + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }

        let page = try RepositoryFile.text(of: "Sources/MBMLEngine/MBMLEngine.docc/MBMLEngine.md")
        let blocks = MarkdownCodeBlocks.blocks(in: page, language: "swift")
        let first = try XCTUnwrap(blocks.first, "the landing page has no swift code block")
        XCTAssertEqual(
            first, ["import MBMLEngine", ""] + example,
            "the landing page's first example differs from the tested code in this file")
    }
}
