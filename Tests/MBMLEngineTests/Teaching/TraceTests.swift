import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// `Environment.trace`: the token tree of each example of the token-tree list of <doc:ExpressionSyntax> with what each token
/// produced, reasons for parts that were not evaluated, and parameters traced in their context.
final class TraceTests: ExpressionTestCase {
    private func node(
        _ trace: ExpressionTrace, _ kind: Token.Kind, _ text: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> TraceNode? {
        let found = trace.allNodes.first { $0.kind == kind && $0.text == text }
        if found == nil {
            XCTFail("no \(kind) \"\(text)\" in the trace of \(trace.expression)", file: file, line: line)
        }
        return found
    }

    private func assertOutcome(
        _ trace: ExpressionTrace, _ kind: Token.Kind, _ text: String, _ expected: TraceOutcome,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let found = node(trace, kind, text, file: file, line: line) else { return }
        XCTAssertEqual(found.outcome, expected, "\(kind) \"\(text)\" in \(trace.expression)", file: file, line: line)
    }

    private func isError(_ outcome: TraceOutcome?) -> Bool {
        if case .error? = outcome { return true }
        return false
    }

    // MARK: token-tree examples

    func testObjectExampleWithUnknownFunction() {
        let input = MarkedText("This $aint.no 1️⃣^party()2️⃣")
        let trace = env.trace(input.text, context: .object)
        XCTAssertEqual(trace.nodes.map(\.kind), [.literal, .variableReference, .literal, .functionCall])
        assertOutcome(trace, .literal, "This ", .value("This "))
        assertOutcome(trace, .variableReference, "$aint", .value(nil))
        assertOutcome(trace, .subreference, ".no", .notEvaluated(.afterNoValue))
        assertOutcome(trace, .literal, " ", .value(" "))
        XCTAssertTrue(isError(node(trace, .functionCall, "^party()")?.outcome))
        XCTAssertTrue(isError(trace.result))
        XCTAssertEqual(trace.nodes[3].range, input.range())
    }

    func testBooleanInequalityWithFailingOperand() {
        let trace = env.trace("This != ^party()", context: .boolean)
        XCTAssertEqual(trace.nodes.map(\.kind), [.notEqual])
        assertOutcome(trace, .literal, "This", .value("This"))
        XCTAssertTrue(isError(node(trace, .functionCall, "^party()")?.outcome))
        XCTAssertTrue(isError(node(trace, .notEqual, "!=")?.outcome), "the failure passes through the operator")
    }

    func testMathGroupingWithSubreferences() {
        let input = MarkedText("($user.firstName.length + $user.lastName.length) 1️⃣+2️⃣ 1")
        let trace = env.trace(input.text, context: .number)
        XCTAssertEqual(trace.result, .value(.decimal(10)))
        XCTAssertEqual(trace.nodes.first?.outcome, .value(.decimal(10)))
        assertOutcome(trace, .mathGrouping, "($user.firstName.length + $user.lastName.length)", .value(.decimal(9)))
        assertOutcome(trace, .subreference, ".firstName", .value("Evan"))
        assertOutcome(trace, .subreference, ".lastName", .value("Coyne"))
        assertOutcome(trace, .numericLiteral, "1", .value(.decimal(1)))
        let lengths = trace.allNodes.filter { $0.text == ".length" }.map(\.outcome.value)
        XCTAssertEqual(lengths, [.integer(4), .integer(5)])
        XCTAssertEqual(trace.nodes.first?.range, input.range())
    }

    func testBooleanAndWithBracketSubreference() {
        let input = MarkedText("1️⃣$catName -AND $catGenders[2️⃣$catName] == female")
        let trace = env.trace(input.text, context: .boolean)
        XCTAssertEqual(trace.result, .value(.boolean(true)))
        assertOutcome(trace, .and, "-AND", .value(.boolean(true)))
        assertOutcome(trace, .equal, "==", .value(.boolean(true)))
        assertOutcome(trace, .subreference, "[$catName]", .value("female"))
        assertOutcome(trace, .literal, "female", .value("female"))
        let names = trace.allNodes.filter { $0.text == "$catName" }
        XCTAssertEqual(names.map(\.outcome), [.value("Barrett"), .value("Barrett")])
        XCTAssertEqual(
            names.map(\.range.location), [input.offset(of: "1️⃣"), input.offset(of: "2️⃣")],
            "the bracket's reference maps into the top-level text")
    }

    func testCurlyReference() {
        let trace = env.trace("${nameList[3].firstName} x", context: .object)
        XCTAssertEqual(trace.result, .value("Jill x"))
        assertOutcome(
            trace, .variableReference, "$nameList",
            .value([["firstName": "A"], ["firstName": "B"], ["firstName": "C"], ["firstName": "Jill"]]))
        assertOutcome(trace, .subreference, "[3]", .value(["firstName": "Jill"]))
        assertOutcome(trace, .literal, "3", .value("3"))
        assertOutcome(trace, .subreference, ".firstName", .value("Jill"))
        assertOutcome(trace, .literal, " x", .value(" x"))
    }

    func testMathExpression() {
        let trace = env.trace("#(1 + 2 * 3)", context: .object)
        XCTAssertEqual(trace.result, .value(.decimal(7)))
        assertOutcome(trace, .mathExpression, "#(1 + 2 * 3)", .value(.decimal(7)))
        assertOutcome(trace, .addition, "+", .value(.decimal(7)))
        assertOutcome(trace, .multiplication, "*", .value(.decimal(6)))
        assertOutcome(trace, .numericLiteral, "3", .value(.decimal(3)))
    }

    func testPipedObjectsParameters() {
        let input = MarkedText("^array(1️⃣ab2️⃣|3️⃣$cd4️⃣)")
        let trace = env.trace(input.text, context: .object)
        let groups = trace.allNodes.filter { $0.kind == .parameterGroup }
        XCTAssertEqual(groups.map(\.parameterContext), [.object, .object])
        XCTAssertEqual(groups.map(\.outcome), [.value("ab"), .value(.null)])
        XCTAssertEqual(groups.map(\.range), [input.range(), input.range(from: "3️⃣", to: "4️⃣")])
        assertOutcome(trace, .variableReference, "$cd", .value(nil))
    }

    // MARK: Not evaluated

    func testShortCircuitedRightSide() {
        let trace = env.trace("$no -AND $catName == Barrett", context: .boolean)
        XCTAssertEqual(trace.result, .value(.boolean(false)))
        assertOutcome(trace, .equal, "==", .notEvaluated(.shortCircuit("-AND")))
        assertOutcome(trace, .variableReference, "$catName", .notEvaluated(.shortCircuit("-AND")))
        let orTrace = env.trace("$yes -OR $catName", context: .boolean)
        assertOutcome(orTrace, .variableReference, "$catName", .notEvaluated(.shortCircuit("-OR")))
    }

    func testIfBranchNotTaken() {
        let trace = env.trace("^if($yes|A $name|B $name)", context: .object)
        XCTAssertEqual(trace.result, .value("A Cooper"))
        let groups = trace.allNodes.filter { $0.kind == .parameterGroup }
        XCTAssertEqual(groups.map(\.parameterContext), [.boolean, .object, nil])
        XCTAssertEqual(groups[2].outcome, .notEvaluated(.notUsedByFunction("if")))
        XCTAssertEqual(groups[2].outcome.preview(), "not evaluated: ^if branch not taken")
        XCTAssertEqual(groups[2].children.first?.outcome, .notEvaluated(.notUsedByFunction("if")))
    }

    func testConstantShortcut() {
        let trace = env.trace("plain text", context: .object)
        XCTAssertTrue(trace.usedConstantShortcut)
        XCTAssertEqual(trace.result, .value("plain text"))
        XCTAssertEqual(trace.nodes.first?.outcome, .notEvaluated(.constantText))
    }

    func testSeveralPartsInTheBooleanContext() {
        let trace = env.trace("3 -eq 3", context: .boolean)
        XCTAssertEqual(trace.nodes.map(\.outcome), Array(repeating: .notEvaluated(.severalValues), count: 3))
    }

    func testParameterThatDoesNotParseInTheFunctionsContext() {
        // The test parameter parses as object text, but not in the boolean context ^filter uses.
        let trace = env.trace("^filter($cats|$item == )", context: .object)
        let groups = trace.allNodes.filter { $0.kind == .parameterGroup }
        XCTAssertEqual(groups.last?.parameterContext, .boolean)
        XCTAssertTrue(
            groups.last?.outcomes.allSatisfy { if case .error = $0 { return true } else { return false } } == true,
            "\(String(describing: groups.last?.outcomes))")
        XCTAssertEqual(groups.last?.children.first?.outcome, .notEvaluated(.parseFailed))
    }

    func testPartsAfterAnErrorWereNotEvaluated() {
        let trace = env.trace("#(1 / 0) $name", context: .object)
        XCTAssertTrue(isError(trace.nodes.first?.outcome))
        XCTAssertEqual(trace.nodes.last?.outcome, .notEvaluated(.afterFailure))
    }

    // MARK: Parameter contexts per input type

    func testParameterContextPerInputType() {
        let cases: [(String, [ExpressionContext?])] = [
            ("^count($cats)", [.object]), // object
            ("^indentLines($name)", [.string]), // string
            ("^formatInteger(1000)", [.number]), // math
            ("^q($name)", [nil]), // raw
            ("^split(,|a,b)", [.string, .string]), // pipedStrings
            ("^array($name|x)", [.object, .object]), // pipedObjects
            ("^mod(7|3)", [.number, .number]), // pipedMath
            ("^filter($cats|$item == Duncan)", [.object, .boolean]), // pipedExpressions: object, then test
            ("^list($cats|$item)", [.object, .object]),
            ("^sort($cats|$item)", [.object, nil]), // the key is rewritten, not evaluated as written
        ]
        for (expression, contexts) in cases {
            let trace = env.trace(expression, context: .object)
            let groups = trace.nodes.first?.children.filter { $0.kind == .parameterGroup } ?? []
            XCTAssertEqual(groups.map(\.parameterContext), contexts, expression)
            XCTAssertFalse(isError(trace.result), "\(expression): \(trace.result)")
        }
        let raw = env.trace("^q($name)", context: .object)
        XCTAssertEqual(raw.allNodes.last?.outcome, .notEvaluated(.rawParameter("q")))
    }

    func testSelfEvaluatedParameterIsTracedPerItem() {
        let input = MarkedText("^filter($cats|$genders[$item] 1️⃣==2️⃣ female)")
        let trace = env.trace(input.text, context: .object)
        XCTAssertEqual(trace.result, .value(["Barrett"]))
        guard let test = node(trace, .equal, "==") else { return }
        XCTAssertEqual(test.evaluationCount, 3)
        XCTAssertEqual(test.outcomes, [.value(.boolean(true)), .value(.boolean(false)), .value(.boolean(false))])
        XCTAssertEqual(test.range, input.range(), "ranges point into the whole expression")
        let items = trace.allNodes.filter { $0.text == "$item" }.first
        XCTAssertEqual(items?.outcomes, [.value("Barrett"), .value("Duncan"), .value("Gabby")])
    }

    func testNestedSelfEvaluatingFunctions() {
        let input = MarkedText("^list($cats|^if($item 1️⃣== Duncan|D|-))")
        let trace = env.trace(input.text, context: .object)
        XCTAssertEqual(trace.result, .value(["-", "D", "-"]))
        guard let comparison = node(trace, .equal, "==") else { return }
        XCTAssertEqual(comparison.evaluationCount, 3)
        XCTAssertEqual(comparison.range.location, input.offset(of: "1️⃣"))
    }

    func testTracingDoesNotChangeResults() throws {
        for (expression, context) in [
            ("^join(^filter($cats|$item.length > 5)|, )", ExpressionContext.string),
            ("N: 7%3", .number), ("#(2 * $ten)", .number), ("$catName == Barrett", .boolean),
        ] {
            let fresh = TestEnvironment.make()
            let expected = try? fresh.evaluate(expression, in: context)
            XCTAssertEqual(env.trace(expression, context: context).result.value, expected, expression)
        }
    }

    func testPreviewIsBounded() {
        let big = Value.array((0..<10_000).map { Value.integer($0) })
        let preview = TraceOutcome.value(big).preview(limit: 40)
        XCTAssertLessThanOrEqual(preview.count, 42)
        XCTAssertTrue(preview.hasPrefix("[0, 1, 2"), preview)
        XCTAssertTrue(preview.hasSuffix("…]"), preview)
        XCTAssertEqual(TraceOutcome.value("female").preview(), "\"female\"")
        XCTAssertEqual(TraceOutcome.value(nil).preview(), "(no value)")
    }

    func testPreparedExpressionParsesEachGrammarOnce() throws {
        let prepared = env.prepare("$cats.count == 3")
        XCTAssertEqual(prepared.tokens(in: .object).count, 2)
        XCTAssertEqual(prepared.tokens(in: .boolean).map(\.kind), [.equal])
        XCTAssertNil(prepared.parseError(in: .number))
        let broken = env.prepare("#(1 + )")
        XCTAssertNotNil(broken.parseError(in: .object))
        XCTAssertThrowsError(try env.evaluate(broken, in: .object))
        XCTAssertEqual(try env.evaluate(prepared, in: .boolean).value, .boolean(true))
    }
}
