import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// The teaching parts of the inspector: values beside tokens, hints and evaluation carets under
/// the editor, the token pane following the selected result row.
final class TeachingPaneTests: XCTestCase {
    /// The column (in `line`) where `needle` starts, counted in characters.
    private func column(of needle: String, in line: String) -> Int? {
        line.range(of: needle).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }

    func testTokenPaneShowsTheValueBesideEachToken() {
        let (session, screen) = makeSession()
        session.type("$catGenders[Barrett]")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "subreference \"[Barrett]\" {11, 9} = \"female\""), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "literal \"Barrett\" {12, 7} = \"Barrett\""), screen.text)
        guard let row = screen.firstRow(containing: "literal \"Barrett\""),
            let value = column(of: "= \"Barrett\"", in: row.text)
        else { return XCTFail(screen.text) }
        XCTAssertEqual(screen.role(row: row.index, column: value), .value, "a row that is not selected")
    }

    func testNotEvaluatedIsDimAndErrorsAreRed() {
        let (session, screen) = makeSession()
        session.type("^if($cats|yes $name|no $name) #(1 / 0)")
        session.render(on: screen)
        let skipped = screen.firstRow(containing: "parameterGroup \"no $name\"")
        XCTAssertTrue(skipped?.text.contains("· ^if branch not taken") == true, screen.text)
        XCTAssertEqual(screen.role(of: "· ^if branch not taken"), .dim)
        XCTAssertNotNil(screen.firstRow(containing: "division \"/\" {34, 1} ✗ It is mathematically"), screen.text)
        XCTAssertEqual(screen.role(of: "✗ It is mathematically"), .error)
    }

    func testFunctionParameterShownInTheContextTheFunctionUses() {
        let (session, screen) = makeSession()
        session.type("^filter($cats|$catGenders[$item] == female)")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "parameterGroup [boolean] \"$catGenders["), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "equal \"==\" {33, 2} = ×3 true"), screen.text)
        XCTAssertNil(screen.firstRow(containing: "literal \" == female\""), "not the object grammar's literal")
    }

    func testTokenPaneFollowsTheSelectedResultRow() {
        let (session, screen) = makeSession()
        session.type("1 + 2")
        session.press(.function(6)) // results
        XCTAssertEqual(session.state.focus, .results)
        session.press(.down)
        session.press(.down)
        session.render(on: screen)
        XCTAssertEqual(session.state.results.selected, .number)
        XCTAssertEqual(session.state.tokens.context, .number)
        XCTAssertNotNil(screen.firstRow(containing: "Tokens · number"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "addition \"+\" {2, 1} = 3"), screen.text)
    }

    func testHintUnderTheEditorWithItsRangeMarked() {
        let (session, screen) = makeSession()
        session.type("$catGenders.count")
        session.render(on: screen)
        guard let hint = screen.firstRow(containing: "hint: ") else { return XCTFail(screen.text) }
        XCTAssertTrue(hint.text.contains("dictionary without the key \"count\""), hint.text)
        XCTAssertNotNil(screen.firstRow(containing: "~~~~~~~~~~~~~~~~~  try: ^count($catGenders)"), screen.text)
        XCTAssertEqual(screen.role(of: "hint: "), .hint)
        guard let editor = screen.firstRow(containing: "› $catGenders.count"),
            let start = column(of: "$catGenders", in: editor.text)
        else { return XCTFail(screen.text) }
        let below = Array(screen.line(editor.index + 1))
        XCTAssertEqual(
            String(below[start..<start + 17]), String(repeating: "~", count: 17),
            "the whole $catGenders.count is marked")
        XCTAssertNotEqual(below[start - 1], "~")
        XCTAssertEqual(screen.role(row: editor.index + 1, column: start), .hint)
    }

    func testLowerCaseOperatorHint() {
        let (session, screen) = makeSession()
        session.type("$name -eq Cooper")
        session.render(on: screen)
        XCTAssertNotNil(
            screen.firstRow(containing: "hint: -eq is text here; comparisons are upper case: -EQ"),
            screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "~~~  try: -EQ"), screen.text)
    }

    func testEvaluationErrorGetsACaret() {
        let (session, screen) = makeSession()
        session.type("#(10 / (5 - 5))")
        session.render(on: screen)
        guard let editor = screen.firstRow(containing: "› #(10 / (5 - 5))"),
            let slash = column(of: "/", in: editor.text)
        else { return XCTFail(screen.text) }
        XCTAssertEqual(screen.role(row: editor.index + 1, column: slash), .caret, screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "object: It is mathematically irresponsible to divide by zero"))
    }

    func testPlainTextIsNotANumberDimly() {
        let (session, screen) = makeSession()
        session.type("hello $name")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("number"), "not a number")
        XCTAssertEqual(screen.role(of: "not a number"), .dim)
        XCTAssertNil(screen.firstRow(containing: "NSNumber"), screen.text)
    }

    func testOneParseFeedsEveryPane() {
        let (session, _) = makeSession()
        session.type("$cats.count == 3")
        let prepared = session.state.parse
        XCTAssertEqual(prepared?.text, "$cats.count == 3")
        XCTAssertEqual(session.state.results.traces[.boolean]?.result, .value(.boolean(true)))
        XCTAssertEqual(session.state.results.hints[.boolean], [], "no hint on correct input")
    }
}
