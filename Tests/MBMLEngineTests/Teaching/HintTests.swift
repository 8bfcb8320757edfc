import XCTest

@testable import MBMLEngine

/// `Environment.hints(for:context:)`: each hint code on input that deserves it, and none on correct input.
final class HintTests: ExpressionTestCase {
    private func hints(_ expression: String, _ context: ExpressionContext = .object) -> [Hint] {
        env.hints(for: expression, context: context)
    }

    private func codes(_ expression: String, _ context: ExpressionContext = .object) -> [HintCode] {
        hints(expression, context).map(\.code)
    }

    /// Asserts exactly one hint of `code` with the given range and replacement.
    private func assertHint(
        _ expression: String, _ context: ExpressionContext = .object, _ code: HintCode,
        range: SourceRange, replacement: String?, mentioning words: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = hints(expression, context).filter { $0.code == code }
        guard found.count == 1, let hint = found.first else {
            XCTFail(
                "\(context): \(expression) gave \(hints(expression, context)), expected one \(code.rawValue)",
                file: file, line: line)
            return
        }
        XCTAssertEqual(hint.range, range, expression, file: file, line: line)
        XCTAssertEqual(hint.replacement, replacement, expression, file: file, line: line)
        for word in words {
            XCTAssertTrue(hint.message.contains(word), "\(hint.message) lacks \(word)", file: file, line: line)
        }
    }

    func testCorrectInputHasNoHints() {
        let correct: [(String, ExpressionContext)] = [
            ("$cats.count -EQ 3", .boolean), ("$cats.count == 3 -AND $catGenders.Barrett == female", .boolean),
            ("#(1 + 2)", .object), ("#(2 * $ten)", .number), ("^join($cats|, )", .string),
            ("^filter($cats|$catGenders[$item] == female)", .object), ("$$5 and ^^caret", .object),
            ("My cats: ^join($cats|, )", .string), ("^matchesRegex($name|^^C.*r$$)", .boolean),
            ("${nameList[3].firstName} x", .object), ("$x <= 3 -OR $x >= 5", .boolean), ("a = b", .object),
            ("-1", .number), ("#(-1 + -2)", .object), ("well-and-good", .object),
        ]
        for (expression, context) in correct {
            XCTAssertEqual(hints(expression, context), [], "\(context): \(expression)")
        }
    }

    func testUnclosedConstruct() {
        assertHint(
            "#(1 + 2", .object, .unclosedConstruct, range: SourceRange(location: 0, length: 7),
            replacement: "#(1 + 2)", mentioning: ["#(", ")"])
        assertHint(
            "x ^join($cats|, ", .object, .unclosedConstruct, range: SourceRange(location: 2, length: 14),
            replacement: "^join($cats|, )")
        assertHint(
            "$[a b", .object, .unclosedConstruct, range: SourceRange(location: 0, length: 5), replacement: "$[a b]")
        assertHint(
            "${name", .object, .unclosedConstruct, range: SourceRange(location: 0, length: 6), replacement: "${name}")
        XCTAssertEqual(codes("##(1 + 2"), [], "an escaped # starts no construct")
    }

    func testLowercaseOperator() {
        assertHint(
            "3 -eq 3", .boolean, .lowercaseOperator, range: SourceRange(location: 2, length: 3),
            replacement: "-EQ", mentioning: ["-eq", "-EQ"])
        assertHint(
            "$yes -and $no", .boolean, .lowercaseOperator, range: SourceRange(location: 5, length: 4),
            replacement: "-AND")
        XCTAssertEqual(codes("3 -EQ 3", .boolean), [])
        XCTAssertEqual(codes("-equal", .object), [], "not a keyword")
    }

    func testSingleEquals() {
        assertHint("$x = 3", .number, .singleEquals, range: SourceRange(location: 3, length: 1), replacement: "==")
        assertHint("$x = 3", .object, .singleEquals, range: SourceRange(location: 3, length: 1), replacement: "==")
        assertHint("3 = 3", .boolean, .singleEquals, range: SourceRange(location: 2, length: 1), replacement: "==")
        for fine in ["$x == 3", "$x != 3", "$x <= 3", "$x => 3", "$x =< 3"] {
            XCTAssertEqual(codes(fine, .boolean), [], fine)
        }
        XCTAssertEqual(codes("name = value"), [], "plain text with = is not a comparison")
        XCTAssertEqual(codes("^stripQueryString(http://x.com/a?b=c)"), [], "= inside a parameter's text")
        assertHint(
            "$cats[1] = Duncan", .object, .singleEquals, range: SourceRange(location: 9, length: 1),
            replacement: "==")
    }

    func testMathOperatorSpacing() {
        assertHint(
            "#(1+2)", .object, .mathOperatorSpacing, range: SourceRange(location: 2, length: 3),
            replacement: "1 + 2", mentioning: ["+2"])
        assertHint(
            "#($ten-1)", .number, .mathOperatorSpacing, range: SourceRange(location: 2, length: 6),
            replacement: "$ten - 1")
        assertHint(
            "1+2", .number, .mathOperatorSpacing, range: SourceRange(location: 0, length: 3), replacement: "1 + 2")
        assertHint(
            "^mod(7+1|3)", .object, .mathOperatorSpacing, range: SourceRange(location: 5, length: 3),
            replacement: "7 + 1")
        XCTAssertEqual(codes("1+2", .object), [], "outside math, 1+2 is text")
        XCTAssertEqual(codes("#(2*3)"), [], "* needs no spaces")
    }

    func testUndefinedVariable() {
        env.variables.declare("catx", value: "x")
        assertHint(
            "$catz", .object, .undefinedVariable, range: SourceRange(location: 0, length: 5),
            replacement: "$cats", mentioning: ["$cats", "$catx"])
        assertHint(
            "the Ke$ha concert", .object, .undefinedVariable, range: SourceRange(location: 6, length: 3),
            replacement: "$$ha", mentioning: ["$$"])
        XCTAssertEqual(codes("$cats $missing.count", .object).filter { $0 == .undefinedVariable }.count, 1)
        XCTAssertEqual(codes("^list($cats|$item $key)"), [], "names bound by the function")
        XCTAssertEqual(codes("$nullValue"), [], "declared, even if its value is nothing")
        XCTAssertEqual(
            codes("^if($no|$nope|x)").filter { $0 == .undefinedVariable }.count, 1,
            "also in a branch not taken")
    }

    func testDictionaryProperty() {
        assertHint(
            "$catGenders.count", .object, .dictionaryProperty, range: SourceRange(location: 0, length: 17),
            replacement: "^count($catGenders)", mentioning: ["^count($catGenders)"])
        assertHint(
            "$catGenders.count == 3", .boolean, .dictionaryProperty, range: SourceRange(location: 0, length: 17),
            replacement: "^count($catGenders)")
        assertHint(
            "$catGenders.Barret", .object, .dictionaryProperty, range: SourceRange(location: 0, length: 18),
            replacement: "$catGenders.Barrett")
        XCTAssertEqual(codes("$cats.count"), [], "arrays have a count")
        XCTAssertEqual(codes("$catGenders.Barrett"), [])
    }

    func testUnknownFunction() {
        assertHint(
            "^jion($cats|, )", .object, .unknownFunction, range: SourceRange(location: 0, length: 5),
            replacement: "^join", mentioning: ["^join"])
        assertHint(
            "^nosuch(1)", .object, .unknownFunction, range: SourceRange(location: 0, length: 7),
            replacement: nil)
        XCTAssertEqual(codes("^join($cats|, )"), [])
    }

    func testRegexDollar() {
        assertHint(
            "^matchesRegex($name|^(C).*$)", .boolean, .regexDollar, range: SourceRange(location: 20, length: 1),
            replacement: "^^")
        assertHint(
            "^replaceRegex($name|o$zz|0)", .object, .regexDollar, range: SourceRange(location: 21, length: 1),
            replacement: "$$")
        XCTAssertEqual(codes("^matchesRegex($name|$name)", .boolean), [], "a defined variable is intended")
        XCTAssertEqual(codes("^matchesRegex($name|^^C.*$$)", .boolean), [])
    }

    func testHintCodesAreStable() {
        XCTAssertEqual(
            HintCode.allCases.map(\.rawValue),
            [
                "unclosed-construct", "lowercase-operator", "single-equals", "math-operator-spacing",
                "undefined-variable", "dictionary-property", "unknown-function", "regex-dollar",
            ])
    }
}

final class EditDistanceTests: XCTestCase {
    func testDistances() {
        XCTAssertEqual(EditDistance.distance("catz", "cats", limit: 3), 1)
        XCTAssertEqual(EditDistance.distance("jion", "join", limit: 3), 1, "a swap of neighbours is one edit")
        XCTAssertEqual(EditDistance.distance("kitten", "sitting", limit: 3), 3)
        XCTAssertNil(EditDistance.distance("kitten", "sitting", limit: 2))
        XCTAssertEqual(EditDistance.nearest(to: "catz", in: ["cats", "catx", "dogs", "catz"]), ["cats", "catx"])
    }
}
