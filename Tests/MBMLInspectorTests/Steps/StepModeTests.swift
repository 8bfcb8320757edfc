import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// Step mode (F8): the reducer's state, the keys of its section, and what the editor and the token
/// pane show on each step.
final class StepModeTests: XCTestCase {
    private let expression = "^filter($cats|$item.length > 5)"

    /// The editor's step row (`step 5/15  $item.length = 7`), not the title's counter.
    private func stepLine(_ screen: BufferScreen) -> String {
        for row in 0..<screen.size.rows
        where screen.line(row).range(of: #"│  step \d+/\d+  "#, options: .regularExpression) != nil {
            return screen.line(row)
        }
        return screen.text
    }

    func testF8AsksForTheStepsOffTheUIThreadAndDropsStaleAnswers() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.editor.setText(expression)
        let (entered, effects) = Reducer.reduce(state, .key(.function(8)))
        XCTAssertEqual(effects, [.evaluation(.computeSteps(text: expression, context: .object, generation: 1))])
        XCTAssertEqual(entered.stepper?.counter, "step …", "no steps until the answer comes")
        let environment = Environment()
        environment.variables.declare("cats", value: ["Barrett", "Duncan", "Gabby"])
        let steps = environment.steps(expression, context: .object)
        let (stale, _) = Reducer.reduce(entered, .stepsComputed(steps, generation: 0))
        XCTAssertNil(stale.stepper?.steps, "an answer to another request is dropped")
        let (shown, _) = Reducer.reduce(entered, .stepsComputed(steps, generation: 1))
        XCTAssertEqual(shown.stepper?.counter, "step 1/\(steps.steps.count)")
        let (left, leaveEffects) = Reducer.reduce(entered, .key(.escape))
        XCTAssertNil(left.stepper)
        XCTAssertEqual(leaveEffects, [.evaluation(.cancelEvaluation)], "leaving while computing stops the work")
    }

    func testEmptyEditorSaysWhatF8Does() {
        let state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        let (next, effects) = Reducer.reduce(state, .key(.function(8)))
        XCTAssertNil(next.stepper)
        XCTAssertTrue(effects.isEmpty)
        XCTAssertNotNil(next.status.message)
    }

    func testWalkingForwardAndBackShowsTheSameSteps() {
        let (session, screen) = makeSession()
        session.type(expression)
        session.press(.function(8))
        session.render(on: screen)
        guard let steps = session.state.stepper?.steps else { return XCTFail("no steps: \(screen.text)") }
        let count = steps.steps.count
        XCTAssertEqual(count, 15)
        var forward: [String] = []
        for index in 0..<count {
            session.render(on: screen)
            let line = stepLine(screen)
            XCTAssertTrue(line.contains("step \(index + 1)/\(count)  "), line)
            forward.append(line)
            session.press(index.isMultiple(of: 2) ? .right : .character("n"))
        }
        XCTAssertTrue(forward[1].contains("$cats = [\"Barrett\", \"Duncan\", \"Cooper\"]"), forward[1])
        XCTAssertTrue(forward[4].contains("$item.length = 7"), forward[4])
        var backward: [String] = []
        for index in 0..<count {
            session.render(on: screen)
            backward.append(stepLine(screen))
            session.press(index.isMultiple(of: 2) ? .left : .character("p"))
        }
        XCTAssertEqual(backward, forward.reversed(), "back over the same steps")
    }

    func testJumpKeysAndLeaving() {
        let (session, _) = makeSession()
        session.type(expression)
        session.press(.function(8))
        session.press(.character("i"))
        XCTAssertEqual(session.state.stepper?.current, 2, "i: the first iteration")
        session.press(.character("o"))
        XCTAssertEqual(session.state.stepper?.current, 6, "o: over iteration 1")
        session.press(.character("I"))
        XCTAssertEqual(session.state.stepper?.current, 2, "I: back to iteration 1")
        session.press(.character("u"))
        XCTAssertEqual(session.state.stepper?.current, 14, "u: the call's result")
        session.press(.character("g"))
        XCTAssertEqual(session.state.stepper?.current, 0)
        session.press(.end)
        XCTAssertEqual(session.state.stepper?.current, 14)
        session.press(.character("x"))
        XCTAssertEqual(session.state.editor.text, expression, "other keys do not edit the text")
        session.press(.escape)
        XCTAssertNil(session.state.stepper)
        session.press(.character("x"))
        XCTAssertEqual(session.state.editor.text, expression + "x", "after Esc the editor edits again")
    }

    func testEachStepHighlightsItsSpanAndSelectsItsNode() {
        let (session, screen) = makeSession()
        session.type(expression)
        session.press(.function(8))
        for _ in 0..<4 { session.press(.right) }
        session.render(on: screen)
        XCTAssertTrue(stepLine(screen).contains("$item.length = 7"), stepLine(screen))
        guard let row = screen.firstRow(containing: "› " + expression) else { return XCTFail(screen.text) }
        let promptEnd = row.text.range(of: "› ").map { row.text.distance(from: row.text.startIndex, to: $0.upperBound) }
        let highlighted = (0..<expression.count).filter {
            screen.role(row: row.index, column: (promptEnd ?? 0) + $0) == .highlight
        }
        XCTAssertEqual(highlighted, Array(14..<26), "$item.length is highlighted")
        let selected = EditorView.selectedToken(session.state)
        XCTAssertEqual(selected?.kind, .subreference)
        XCTAssertEqual(selected?.text, ".length")
        XCTAssertNotNil(screen.firstRow(containing: "step mode · step 5/15"), screen.text)
    }

    func testACutLogSaysSoOnItsLastStep() {
        let environment = Environment()
        environment.variables.declare("big", value: .array((0..<20_000).map { .integer($0) }))
        let (session, screen) = makeSession(environment: environment)
        session.type("^filter($big|$item > 19990)")
        session.press(.function(8))
        guard let steps = session.state.stepper?.steps else { return XCTFail("no steps") }
        XCTAssertTrue(steps.isCut)
        XCTAssertLessThanOrEqual(steps.steps.count, ExpressionSteps.defaultLimit + 1)
        session.press(.end)
        session.render(on: screen)
        XCTAssertNotNil(
            screen.firstRow(containing: "the step log was cut at \(ExpressionSteps.defaultLimit) events"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "result: ^filter($big|$item > 19990) = [19991,"), screen.text)
    }

    func testTheKeysAreInTheKeyTable() {
        XCTAssertEqual(KeyTable.command(for: .function(8), in: .everywhere), .enterSteps)
        let expected: [(Key, KeyCommand)] = [
            (.right, .nextStep), (.character("n"), .nextStep), (.left, .previousStep), (.character("p"), .previousStep),
            (.character("o"), .stepOver), (.character("i"), .nextIteration), (.character("I"), .previousIteration),
            (.character("u"), .stepOut), (.escape, .leaveSteps),
        ]
        for (key, command) in expected {
            XCTAssertEqual(KeyTable.command(for: key, in: .steps), command, key.displayName)
        }
        XCTAssertTrue(KeyTable.markdown.contains("| **Step mode** (F8) | |"))
        XCTAssertTrue(KeyTable.summary(of: .steps).hasPrefix("→ n / ← p next / previous step"))
    }
}
