import MBMLTestSupport
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
        XCTAssertEqual(try env.evaluate("7%3", in: .number), .decimal(1), "a cached tree is used first")
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
        // 1️⃣: the contents of the 101st #(, the first level past the limit.
        let input = MarkedText(
            String(repeating: "#(", count: 101) + "1️⃣" + String(repeating: "#(", count: 4_899) + "1"
                + String(repeating: ")", count: 5_000))
        XCTAssertThrowsError(try env.evaluate(input.text, in: .object)) { error in
            guard let error = error as? ExpressionError else { return XCTFail("\(error)") }
            XCTAssertTrue(error.message.contains("nested more than"))
            XCTAssertLessThan(error.loggedDescription.count, 600)
            XCTAssertTrue(error.loggedDescription.contains("…"))
            XCTAssertEqual(error.range?.location, input.offset(of: "1️⃣"), "the range points at 1️⃣")
        }
    }
}

/// `Environment.evaluatePreview`: the same results as `evaluate`, with text bounded.
final class EvaluatePreviewTests: ExpressionTestCase {
    override func setUp() {
        super.setUp()
        env.variables.declare("big", value: .array((0..<10_000).map { .string("item \($0)") }))
    }

    func testSmallResultsEqualFullEvaluation() throws {
        for context in ExpressionContext.allCases {
            for expression in ["$cats", "Hello $name!", "$count", "#($count * 2)", "$missing", "T -AND $name"] {
                let full = try? env.evaluate(expression, in: context)
                let preview = try? env.evaluatePreview(expression, in: context, limit: 1000)
                XCTAssertEqual(preview?.value, full, "\(context) \(expression)")
                XCTAssertEqual(
                    preview?.isTruncated, full == nil && preview == nil ? nil : false, "\(context) \(expression)")
            }
        }
    }

    func testLongInterpolationIsCutAtTheLimit() throws {
        let full = try XCTUnwrap(env.evaluate("All: $big", in: .object)?.stringValue)
        let preview = try env.evaluatePreview("All: $big", in: .object, limit: 50)
        XCTAssertTrue(preview.isTruncated)
        let text = try XCTUnwrap(preview.value?.stringValue)
        XCTAssertEqual(text.count, 50)
        XCTAssertTrue(full.hasPrefix(text))
    }

    func testCollectionStaysWholeInTheObjectContextAndIsCutInTheStringContext() throws {
        XCTAssertEqual(try env.evaluatePreview("$big", in: .object, limit: 10).value?.collectionCount, 10_000)
        let string = try env.evaluatePreview("$big", in: .string, limit: 10)
        XCTAssertTrue(string.isTruncated)
        XCTAssertEqual(string.value, .string("(\n    \"ite"))
    }

    func testNumberContextReadsThePrefixAndErrorsStayErrors() throws {
        XCTAssertEqual(try env.evaluatePreview("12 $big", in: .number, limit: 20).value, .decimal(12))
        XCTAssertThrowsError(try env.evaluatePreview("x $big", in: .number, limit: 20))
        XCTAssertThrowsError(try env.evaluatePreview("#(1 +) $big", in: .object, limit: 20))
    }
}
