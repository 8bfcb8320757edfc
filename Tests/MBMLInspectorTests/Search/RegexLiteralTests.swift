import Foundation
import XCTest

@testable import MBMLInspector

/// The literal every match of a `re:` search contains, used to skip candidates with a byte scan;
/// the filtered search finds what the regular expression alone finds.
final class RegexLiteralTests: XCTestCase {
    func testTheLongestRequiredRunIsFound() {
        XCTAssertEqual(RegexLiteral.required(in: "product 4999(98|99)"), "product 4999")
        XCTAssertEqual(RegexLiteral.required(in: "^ab+cdef$"), "cdef")
        XCTAssertEqual(RegexLiteral.required(in: "colou?r: red"), "r: red")
        XCTAssertEqual(RegexLiteral.required(in: "[a-z]+ing\\d"), "ing")
        XCTAssertNil(RegexLiteral.required(in: "cat|dog"), "a top-level alternative")
        XCTAssertNil(RegexLiteral.required(in: "(?i)Cat"), "inline options")
        XCTAssertNil(RegexLiteral.required(in: "\\d+"))
        XCTAssertNil(RegexLiteral.required(in: "a*b?"))
        XCTAssertEqual(RegexLiteral.required(in: "x{2}yz[]a]"), "yz")
    }

    func testAFilteredSearchFindsWhatTheRegexFinds() throws {
        let candidates = [
            "Product 499998", "product 499999", "product 49999", "PRODUCT 4999 98", "a product 499998 b",
            "ünïcode product 499999",
        ]
        for pattern in ["re:product 4999(98|99)", "re:Product 4999", "re:^product", "re:duct\\s+4", "re:o.*9$"] {
            let query = try SearchQuery(pattern)
            let source = String(pattern.dropFirst(3))
            let regex = try NSRegularExpression(
                pattern: source, options: source.contains(where: \.isUppercase) ? [] : [.caseInsensitive])
            for candidate in candidates {
                let expected =
                    regex.firstMatch(in: candidate, range: NSRange(candidate.startIndex..., in: candidate)) != nil
                XCTAssertEqual(query.matches(candidate), expected, "\(pattern) on \(candidate)")
            }
        }
    }

    func testTheViewerMatcherStillPlacesTheMatch() {
        let matcher = SearchQuery(literal: "needle")
        XCTAssertNil(matcher.firstCell(in: "hay and more hay"))
        XCTAssertEqual(matcher.firstCell(in: "ünï hay NEEDLE"), 8)
        XCTAssertEqual(SearchQuery(literal: "Needle").firstCell(in: "needle Needle"), 7)
        XCTAssertEqual(
            SearchQuery(literal: "née").firstCell(in: "une NÉE"), 4, "a non-ASCII query is lower-cased as before")
    }
}
