import MBMLTestSupport
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

    /// Asserts exactly one hint of `code` with the given replacement, its range marked in the
    /// expression from `1️⃣` to `2️⃣` (see ``MarkedText``).
    private func assertHint(
        marked: String, _ context: ExpressionContext = .object, _ code: HintCode,
        replacement: String?, mentioning words: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let input = MarkedText(marked)
        let (expression, range) = (input.text, input.range())
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
            marked: "1️⃣#(1 + 22️⃣", .object, .unclosedConstruct, replacement: "#(1 + 2)", mentioning: ["#(", ")"])
        assertHint(
            marked: "x 1️⃣^join($cats|, 2️⃣", .object, .unclosedConstruct, replacement: "^join($cats|, )")
        assertHint(
            marked: "1️⃣$[a b2️⃣", .object, .unclosedConstruct, replacement: "$[a b]")
        assertHint(
            marked: "1️⃣${name2️⃣", .object, .unclosedConstruct, replacement: "${name}")
        XCTAssertEqual(codes("##(1 + 2"), [], "an escaped # starts no construct")
        // Only \n and \t are escapes; any other backslash is kept, so `\#(` opens math as the scanner reads it.
        assertHint(
            marked: "\\1️⃣#(1 + 22️⃣", .object, .unclosedConstruct, replacement: "#(1 + 2)")
        XCTAssertEqual(codes("\\n$(1 + 2"), [.unclosedConstruct], "the escape \\n ends before $")
    }

    func testLowercaseOperator() {
        assertHint(
            marked: "3 1️⃣-eq2️⃣ 3", .boolean, .lowercaseOperator, replacement: "-EQ", mentioning: ["-eq", "-EQ"])
        assertHint(
            marked: "$yes 1️⃣-and2️⃣ $no", .boolean, .lowercaseOperator, replacement: "-AND")
        XCTAssertEqual(codes("3 -EQ 3", .boolean), [])
        XCTAssertEqual(codes("-equal", .object), [], "not a keyword")
    }

    func testSingleEquals() {
        assertHint(
            marked: "$x 1️⃣=2️⃣ 3", .number, .singleEquals, replacement: "==")
        assertHint(
            marked: "$x 1️⃣=2️⃣ 3", .object, .singleEquals, replacement: "==")
        assertHint(
            marked: "3 1️⃣=2️⃣ 3", .boolean, .singleEquals, replacement: "==")
        for fine in ["$x == 3", "$x != 3", "$x <= 3", "$x => 3", "$x =< 3"] {
            XCTAssertEqual(codes(fine, .boolean), [], fine)
        }
        XCTAssertEqual(codes("name = value"), [], "plain text with = is not a comparison")
        XCTAssertEqual(codes("^stripQueryString(http://x.com/a?b=c)"), [], "= inside a parameter's text")
        assertHint(
            marked: "$cats[1] 1️⃣=2️⃣ Duncan", .object, .singleEquals, replacement: "==")
    }

    func testMathOperatorSpacing() {
        assertHint(
            marked: "#(1️⃣1+22️⃣)", .object, .mathOperatorSpacing, replacement: "1 + 2", mentioning: ["+2"])
        assertHint(
            marked: "#(1️⃣$ten-12️⃣)", .number, .mathOperatorSpacing, replacement: "$ten - 1")
        assertHint(
            marked: "1️⃣1+22️⃣", .number, .mathOperatorSpacing, replacement: "1 + 2")
        assertHint(
            marked: "^mod(1️⃣7+12️⃣|3)", .object, .mathOperatorSpacing, replacement: "7 + 1")
        XCTAssertEqual(codes("1+2", .object), [], "outside math, 1+2 is text")
        XCTAssertEqual(codes("#(2*3)"), [], "* needs no spaces")
    }

    func testUndefinedVariable() {
        env.variables.declare("catx", value: "x")
        assertHint(
            marked: "1️⃣$catz2️⃣", .object, .undefinedVariable, replacement: "$cats", mentioning: ["$cats", "$catx"])
        assertHint(
            marked: "the Ke1️⃣$ha2️⃣ concert", .object, .undefinedVariable, replacement: "$$ha", mentioning: ["$$"])
        XCTAssertEqual(codes("$cats $missing.count", .object).filter { $0 == .undefinedVariable }.count, 1)
        XCTAssertEqual(codes("^list($cats|$item $key)"), [], "names bound by the function")
        XCTAssertEqual(codes("$nullValue"), [], "declared, even if its value is nothing")
        XCTAssertEqual(
            codes("^if($no|$nope|x)").filter { $0 == .undefinedVariable }.count, 1,
            "also in a branch not taken")
    }

    func testDictionaryProperty() {
        assertHint(
            marked: "1️⃣$catGenders.count2️⃣", .object, .dictionaryProperty, replacement: "^count($catGenders)",
            mentioning: ["^count($catGenders)"])
        assertHint(
            marked: "1️⃣$catGenders.count2️⃣ == 3", .boolean, .dictionaryProperty, replacement: "^count($catGenders)")
        assertHint(
            marked: "1️⃣$catGenders.Barret2️⃣", .object, .dictionaryProperty, replacement: "$catGenders.Barrett")
        XCTAssertEqual(codes("$cats.count"), [], "arrays have a count")
        XCTAssertEqual(codes("$catGenders.Barrett"), [])
    }

    func testUnknownFunction() {
        assertHint(
            marked: "1️⃣^jion2️⃣($cats|, )", .object, .unknownFunction, replacement: "^join", mentioning: ["^join"])
        assertHint(
            marked: "1️⃣^nosuch2️⃣(1)", .object, .unknownFunction, replacement: nil)
        XCTAssertEqual(codes("^join($cats|, )"), [])
    }

    func testRegexDollar() {
        assertHint(
            marked: "^matchesRegex($name|1️⃣^2️⃣(C).*$)", .boolean, .regexDollar, replacement: "^^")
        assertHint(
            marked: "^replaceRegex($name|o1️⃣$2️⃣zz|0)", .object, .regexDollar, replacement: "$$")
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
