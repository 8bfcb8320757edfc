import XCTest
@testable import MBMLEngine

/// `Value.text(limit:)` (a bounded prefix of the text form, for previews) and parsing without
/// touching the expression cache.
final class TextPreviewTests: ExpressionTestCase {
    func testPreviewOfLargeCollectionIsAPrefixOfTheFullText() {
        let big = Value.array((0..<20_000).map { ["id": .integer($0), "name": .string("Product \($0)")] })
        let preview = big.text(limit: 100)
        XCTAssertTrue(preview.isTruncated)
        XCTAssertEqual(preview.text.count, 100)
        XCTAssertTrue(big.text.hasPrefix(preview.text))
    }

    func testPreviewOfSmallValuesIsTheWholeText() {
        XCTAssertEqual(Value.array(["a", "b c"]).text(limit: 100).text, "(\n    a,\n    \"b c\"\n)")
        XCTAssertFalse(Value.array(["a"]).text(limit: 100).isTruncated)
        XCTAssertEqual(Value.string("héllo wörld").text(limit: 5).text, "héllo")
        XCTAssertTrue(Value.string("héllo wörld").text(limit: 5).isTruncated)
        XCTAssertFalse(Value.string("héllo").text(limit: 5).isTruncated)
        XCTAssertEqual(Value.decimal(2.5).text(limit: 10).text, "2.5")
    }

    func testParsingWithoutCachingKeepsTheConstantShortcut() throws {
        _ = try env.parse("7%3", grammar: .math, caching: false)
        XCTAssertEqual(try env.evaluate("7%3", in: .number), .decimal(7), "the shortcut still answers")
        _ = try env.parse("7%3", grammar: .math)
        XCTAssertEqual(try env.evaluate("7%3", in: .number), .decimal(1), "a cached tree is used first (§15)")
    }

    func testDoublesAndDatesRenderAsTheOriginal() {
        XCTAssertEqual(Value.double(5).text, "5")
        XCTAssertEqual(Value.double(-0.0).text, "-0")
        XCTAssertEqual(Value.double(0.1 + 0.2).text, "0.3")
        XCTAssertEqual(Value.double(1e20).text, "1e+20")
        XCTAssertEqual(Value.double(1.0 / 3.0).text, "0.3333333333333333")
        XCTAssertEqual(Value.date(Date(timeIntervalSince1970: 1_422_936_306)).text, "2015-02-03 04:05:06 +0000")
    }
}

/// Error messages stay readable when the offending text is huge.
final class ErrorMessageLengthTests: ExpressionTestCase {
    func testLoggedDescriptionAbbreviatesLongClauses() {
        let expression = String(repeating: "#(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        XCTAssertThrowsError(try env.evaluate(expression, in: .object)) { error in
            guard let error = error as? ExpressionError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("nested more than"))
            XCTAssertLessThan(error.loggedDescription.count, 600)
            XCTAssertTrue(error.loggedDescription.contains("…"))
            XCTAssertEqual(error.range?.location, 202, "the range points at the contents of the 101st #(, the first level past the limit")
        }
    }
}
