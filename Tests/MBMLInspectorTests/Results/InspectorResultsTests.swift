import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Typing evaluates in all four contexts and the results pane shows each.
final class InspectorResultsTests: XCTestCase {
    func testTypingCountShowsNumberAndBoolean() {
        let (session, screen) = makeSession()
        session.type("$cats.count")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("number"), "3")
        XCTAssertEqual(screen.resultRow("boolean"), "true")
        XCTAssertEqual(screen.resultRow("string"), "3")
        XCTAssertTrue(screen.resultRow("object")?.hasPrefix("3") ?? false, screen.text)
    }

    func testEditorIsFocusedAtStartAndShowsText() {
        let (session, screen) = makeSession()
        XCTAssertEqual(session.state.focus, .editor)
        session.type("$name")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "› $name"))
        XCTAssertEqual(screen.resultRow("object"), "\"Cooper\"  String")
        XCTAssertEqual(screen.resultRow("string"), "Cooper")
        XCTAssertNotNil(screen.cursor)
    }

    func testCollectionResultIsACompactPreview() {
        let (session, screen) = makeSession()
        session.type("$cats")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("object"), "[3] Barrett, Duncan, Cooper  Array of 3")
    }

    func testEveryContextIsEvaluatedAfterEveryKeystroke() {
        let (session, _) = makeSession()
        session.type("#(")
        session.type("1 + 2)")
        XCTAssertEqual(session.state.results.shownText, "#(1 + 2)")
        guard case .value(let number)? = session.state.results.shown[.number] else {
            return XCTFail("no number result")
        }
        XCTAssertEqual(number.text, "3")
    }

    func testInvalidTextKeepsLastResultsDimmedAndShowsCaret() {
        let (session, screen) = makeSession()
        session.type("$cats.count")
        session.type(" #(1 +")
        session.render(on: screen)
        // `#(1 +` does not parse in the math grammar: the number row keeps its last valid result, dimmed.
        XCTAssertEqual(session.state.invalidContexts, [.number])
        XCTAssertNotNil(session.state.parseError(in: .number))
        XCTAssertEqual(screen.resultRow("number"), "3")
        XCTAssertEqual(screen.role(of: "number   3"), .label)
        let numberRow = screen.firstRow(containing: "number   3")
        XCTAssertEqual(screen.role(row: numberRow?.index ?? 0, column: (numberRow?.text.count ?? 1) - 1), .stale)
        // The object context parses it (an unclosed `#(` is text) and shows a fresh result.
        XCTAssertEqual(screen.resultRow("object"), "\"3 #(1 +\"  String")
        XCTAssertNotNil(screen.firstRow(containing: "invalid in number: last good result"))
        // A caret line under the error and the message below it.
        let editorRow = screen.firstRow(containing: "› $cats.count #(1 +")
        XCTAssertNotNil(editorRow)
        let caretLine = screen.line((editorRow?.index ?? 0) + 1)
        XCTAssertTrue(caretLine.contains("^"), screen.text)
        XCTAssertNotNil(
            screen.firstRow(containing: "number: The operator \"+\" requires both left and right operands"),
            screen.text)
        // Fixing the text brings a fresh result back in the normal role.
        session.press(.control("u"))
        session.type("#(1 + 2)")
        session.render(on: screen)
        XCTAssertTrue(session.state.invalidContexts.isEmpty)
        XCTAssertEqual(screen.resultRow("number"), "3")
        XCTAssertEqual(screen.role(row: numberRow?.index ?? 0, column: (numberRow?.text.count ?? 1) - 1), .value)
        XCTAssertNil(screen.firstRow(containing: "requires both"))
    }

    func testLastGoodResultSkipsErrors() {
        let (session, screen) = makeSession()
        session.type("$cats.count * $name")
        XCTAssertNotNil(session.state.results.shown[.number]?.error)
        session.type(" +")
        session.render(on: screen)
        XCTAssertTrue(session.state.isInvalid(.number))
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(3)))
        XCTAssertEqual(screen.resultRow("number"), "3")
    }

    func testTextInvalidEverywhereDimsEveryRow() {
        let (session, screen) = makeSession()
        session.type("$name")
        session.type(" ${x y}")
        session.render(on: screen)
        XCTAssertEqual(session.state.invalidContexts, ExpressionContext.allCases)
        // Typed one key at a time, the last text that parsed was `$name ${x y` (plain text there).
        XCTAssertEqual(screen.resultRow("string"), "Cooper ${x y")
        XCTAssertEqual(screen.role(of: "Cooper ${x y"), .stale)
        XCTAssertNotNil(screen.firstRow(containing: "invalid: last good results"))
        XCTAssertNotNil(
            screen.firstRow(containing: "Syntax error: expecting exactly one MBMLVariableReferenceToken here"))
    }

    func testCaretIsUnderTheErrorRange() throws {
        let (session, screen) = makeSession()
        session.type("ok #(1 +")
        session.render(on: screen)
        let error = try XCTUnwrap(EditorView.shownError(session.state))
        let range = try XCTUnwrap(error.range)
        let editorRow = try XCTUnwrap(screen.firstRow(containing: "› ok #(1 +"))
        let textStart = try XCTUnwrap(editorRow.text.range(of: "› ")).upperBound
        let caretLine = screen.line(editorRow.index + 1)
        let caretColumn = try XCTUnwrap(caretLine.firstIndex(of: "^"))
        XCTAssertEqual(
            caretLine.distance(from: caretLine.startIndex, to: caretColumn),
            editorRow.text.distance(from: editorRow.text.startIndex, to: textStart) + range.location)
    }

    func testContextErrorShownInItsRow() {
        let (session, screen) = makeSession()
        session.type("$name.foo")
        session.render(on: screen)
        XCTAssertTrue(screen.resultRow("object")?.hasPrefix("✗") ?? false, screen.text)
        XCTAssertTrue(screen.resultRow("object")?.contains("No such key") ?? false, screen.text)
        // Selecting the row in the results pane puts a caret under the failing subreference.
        session.press(.function(6))
        session.render(on: screen)
        let editorRow = screen.firstRow(containing: "› $name.foo")
        XCTAssertTrue(screen.line((editorRow?.index ?? 0) + 1).contains("^~~~"), screen.text)
    }

    func testNoValueIsLabelled() {
        let (session, screen) = makeSession()
        session.type("$missing")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("object"), "(no value)")
        XCTAssertEqual(screen.resultRow("boolean"), "false")
    }

    func testDecimalMathHasNoBinaryNoise() {
        let (session, screen) = makeSession()
        session.type("#(3.234 * 1.225)")
        session.render(on: screen)
        XCTAssertEqual(screen.resultRow("number"), "3.96165")
    }

    func testFullValueOverlay() {
        let (session, screen) = makeSession()
        session.type("$catGenders")
        session.press(.control("o"))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "object result of $catGenders"))
        XCTAssertNotNil(screen.firstRow(containing: "\"Barrett\": \"female\""), screen.text)
        session.press(.character("q"))
        XCTAssertNil(session.state.overlay)
    }

    func testLogPaneShowsWhatLogWrote() {
        let (session, screen) = makeSession()
        session.type("^log(hello there)")
        session.render(on: screen)
        // The four contexts logged the same line: it is shown once, labelled with all of them.
        XCTAssertNotNil(
            screen.firstRow(containing: "[object, string, number, boolean] ^log(hello there) → String"),
            screen.text)
        XCTAssertEqual(session.state.log.evaluationLines.count, 1)
        session.press(.function(6)) // results
        session.press(.character("L"))
        session.render(on: screen)
        XCTAssertNil(screen.firstRow(containing: "hello there) →"))
    }

    func testStaleEvaluationIsIgnored() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.results.requestedGeneration = 5
        let old = EvaluationOutcome(text: "old", generation: 4, results: [.object: .value(.string("old"))])
        state = Reducer.reduce(state, .evaluated(old)).0
        XCTAssertTrue(state.results.shown.isEmpty)
        XCTAssertTrue(state.results.isEvaluating)
    }
}

/// A half-typed expression that interpolates a large collection shows a cut row, quickly.
final class LargeResultRowTests: XCTestCase {
    func testInterpolatedCollectionRowEndsWithAnEllipsis() {
        let environment = Environment()
        environment.variables.declare("big", value: .array((0..<50_000).map { .string("product \($0)") }))
        let (session, screen) = makeSession(environment: environment)
        session.type("^count($big")
        session.render(on: screen)
        let object = screen.resultRow("object") ?? ""
        XCTAssertTrue(object.hasPrefix("\"^count(("), object)
        XCTAssertTrue(object.contains("…"), object)
        XCTAssertEqual(screen.resultRow("boolean")?.hasPrefix("false  ✗"), true, "a failed boolean answers false")
    }
}
