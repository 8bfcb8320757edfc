import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Ctrl-P pins the editor's expression; pins are re-evaluated after every reload, marked when the
/// reload changed them, and ✓/✗ against an expected value when they come from an expectation file.
final class PinsTests: XCTestCase {
    private func pinsSession(_ manifest: String = catsManifest) throws -> (
        InspectorSession, BufferScreen, ScratchFolder, URL
    ) {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest, to: "manifest.xml", atomically: true)
        let session = InspectorSession(
            engine: EngineController(source: .manifest(url)),
            size: TerminalSize(rows: 40, columns: 120))
        session.start()
        let screen = BufferScreen(rows: 40, columns: 120)
        session.render(on: screen)
        return (session, screen, folder, url)
    }

    func testNoPinsNoPane() throws {
        let (session, screen) = makeSession()
        XCTAssertEqual(session.state.layout.pins.height, 0)
        XCTAssertNil(screen.firstRow(containing: "Pins ("))
    }

    func testCtrlPPinsTheExpressionAndShowsItsValue() throws {
        let (session, screen) = makeSession()
        session.type("$cats.count")
        session.press(.control("p"))
        XCTAssertEqual(session.state.pins.pins.map(\.expectation.expression), ["$cats.count"])
        XCTAssertEqual(session.state.pins.pins.first?.expectation.context, .object)
        XCTAssertEqual(session.state.pins.pins.first?.result?.actual.displayText, "3")
        XCTAssertEqual(session.state.editor.text, "$cats.count", "pinning keeps the text")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Pins (1)"))
        let row = try XCTUnwrap(screen.firstRow(containing: "$cats.count = 3"))
        XCTAssertGreaterThan(row.index, session.state.layout.tokens.row, "the pins pane is below the tokens")
        XCTAssertEqual(session.state.status.message, "Pinned (object); Ctrl-P again unpins")
    }

    func testCtrlPAgainUnpins() {
        let (session, screen) = makeSession()
        session.type("$name")
        session.press(.control("p"))
        session.press(.control("p"))
        XCTAssertTrue(session.state.pins.pins.isEmpty)
        session.render(on: screen)
        XCTAssertNil(screen.firstRow(containing: "Pins ("))
    }

    func testEmptyEditorPinsNothing() {
        let (session, _) = makeSession()
        session.press(.control("p"))
        XCTAssertTrue(session.state.pins.pins.isEmpty)
        XCTAssertEqual(session.state.status.message, "Type an expression to pin")
    }

    func testPinsInTheSelectedResultContext() {
        let (session, _) = makeSession()
        session.type("$cats.count == 3")
        var state = session.state
        state.results.selected = .boolean
        let (next, effects) = Reducer.reduce(state, .key(.control("p")))
        XCTAssertEqual(next.pins.pins.first?.expectation.context, .boolean)
        guard case .watchPanes(.evaluatePins(let expectations, let generation, let afterReload))? = effects.first else {
            return XCTFail("pinning asks for an evaluation: \(effects)")
        }
        XCTAssertEqual(expectations.map(\.expression), ["$cats.count == 3"])
        XCTAssertEqual(generation, next.pins.requestedGeneration)
        XCTAssertFalse(afterReload)
    }

    func testReloadReEvaluatesAndMarksChangedPins() throws {
        let (session, screen, folder, _) = try pinsSession()
        session.type("$cats.count")
        session.press(.control("p"))
        session.press(.control("u"))
        session.type("$name")
        session.press(.control("p"))
        XCTAssertEqual(session.state.pins.pins.map(\.changed), [false, false])
        // A fourth cat.
        try folder.write(
            catsManifest.replacingOccurrences(
                of: "<Var literal=\"Cooper\"/>", with: "<Var literal=\"Cooper\"/><Var literal=\"Gabby\"/>"),
            to: "manifest.xml", atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.pins.pins.map { $0.result?.actual.displayText }, ["4", "\"Cooper\""])
        XCTAssertEqual(session.state.pins.pins.map(\.changed), [true, false])
        session.render(on: screen)
        let row = try XCTUnwrap(screen.firstRow(containing: "$cats.count = 4"))
        XCTAssertTrue(row.text.contains("* $cats.count = 4"), row.text)
        // Reloading again without a change clears the mark.
        session.send(.filesChanged)
        XCTAssertEqual(session.state.pins.pins.map(\.changed), [false, false])
    }

    func testPinsFromAnExpectationFileShowPassAndFail() throws {
        let (session, screen) = makeSession()
        let file = ExpectationFile(
            parsing: """
                {"id": "count", "context": "number", "expr": "$cats.count", "expect": 3}
                {"id": "first", "expr": "$cats[0]", "expect": "Duncan"}
                """, path: "pins.jsonl")
        session.send(.addPins(file.expectations))
        XCTAssertEqual(session.state.pins.pins.map { $0.result?.status }, [.passed, .failed])
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Pins (2)"))
        XCTAssertNotNil(screen.firstRow(containing: "1 failing"))
        XCTAssertNotNil(screen.firstRow(containing: "✓ number: $cats.count = 3"))
        let failing = try XCTUnwrap(screen.firstRow(containing: "✗ $cats[0]"))
        XCTAssertTrue(failing.text.contains("\"Barrett\" (expected \"Duncan\")"), failing.text)
    }

    func testStaleAnswersAreIgnored() {
        var pins = PinsState()
        _ = pins.toggle("$a", context: .object)
        pins.requestedGeneration = 2
        let result = ExpectationChecker.judge(pins.pins[0].expectation, actual: .value(.integer(1)))
        pins.apply([result], generation: 1, afterReload: false)
        XCTAssertNil(pins.pins[0].result)
        pins.apply([result], generation: 2, afterReload: false)
        XCTAssertEqual(pins.pins[0].result?.actual.displayText, "1")
    }

    func testPinsPaneNeverSquashesTheTokens() {
        var state = InspectorState(size: TerminalSize(rows: 24, columns: 80))
        for index in 0..<20 { _ = state.pins.toggle("$v\(index)", context: .object) }
        XCTAssertEqual(state.pins.paneRows, PinsState.maximumRows)
        XCTAssertGreaterThanOrEqual(state.layout.tokens.height, 4)
        XCTAssertEqual(state.layout.pins.row, state.layout.tokens.row + state.layout.tokens.height)
    }

    func testALoadErrorReplacesTheTransientMessage() throws {
        let (session, screen, folder, _) = try pinsSession()
        session.type("$cats.count")
        session.press(.control("p"))
        XCTAssertNotNil(session.state.status.message)
        try folder.write("<MBML>\n  <Var name=\"x\"\n</MBML>\n", to: "manifest.xml", atomically: true)
        session.send(.filesChanged)
        XCTAssertNil(session.state.status.message)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "✗ "), "the load error is on the status line")
        XCTAssertEqual(session.state.pins.pins.first?.result?.actual.displayText, "3", "the last good space stays")
    }

    func testCtrlSSavesPinsAsAnExpectationFileThatChecksWhatTheyShow() throws {
        let (session, screen, folder, _) = try pinsSession()
        session.type("$cats.count")
        session.press(.control("p"))
        session.press(.control("u"))
        session.type("#(1 / 0)")
        session.press(.control("p"))
        session.press(.control("s"))
        XCTAssertEqual(session.state.pins.savePrompt?.text, "pins.jsonl")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Save pins to: pins.jsonl"))
        for _ in 0..<"pins.jsonl".count { session.press(.backspace) }
        let path = folder.url.appendingPathComponent("explored.jsonl").path
        session.type(path)
        session.press(.enter)
        XCTAssertNil(session.state.pins.savePrompt)
        XCTAssertEqual(session.state.status.message, "Saved 2 pins to \(path) (mbml check runs it)")
        XCTAssertEqual(session.state.editor.text, "#(1 / 0)", "typing the name never touched the editor")
        let saved = try ExpectationFile(contentsOf: path)
        XCTAssertEqual(saved.problems, [])
        XCTAssertEqual(saved.expectations.map(\.expression), ["$cats.count", "#(1 / 0)"])
        guard case .value(let count)? = saved.expectations.first?.expected,
            case .error? = saved.expectations.last?.expected
        else {
            return XCTFail("the saved pins expect what they showed: \(saved.expectations.map(\.jsonLine))")
        }
        XCTAssertEqual(count, .integer(3))
        let checker = ExpectationChecker(environment: session.engine.environment)
        XCTAssertTrue(saved.expectations.allSatisfy { checker.check($0).status == .passed })
        // Loading the file as pins offers to save back to it.
        let (other, _) = makeSession()
        other.send(.addPins(saved.expectations))
        XCTAssertEqual(other.state.pins.fileName, path)
    }

    func testSavePromptCancelsAndNeedsPins() {
        let (session, _) = makeSession()
        session.press(.control("s"))
        XCTAssertNil(session.state.pins.savePrompt)
        XCTAssertEqual(session.state.status.message, "No pins to save (Ctrl-P pins the expression)")
        session.type("$name")
        session.press(.control("p"))
        session.press(.control("s"))
        session.type("x")
        XCTAssertEqual(session.state.pins.savePrompt?.text, "pins.jsonlx")
        session.press(.escape)
        XCTAssertNil(session.state.pins.savePrompt)
        XCTAssertEqual(session.state.status.message, "Not saved")
        XCTAssertEqual(session.state.editor.text, "$name")
    }

    func testSaveFailureIsReported() {
        let (session, _) = makeSession()
        session.type("$name")
        session.press(.control("p"))
        session.press(.control("s"))
        session.press(.control("u"))
        session.type("/nonexistent-folder/pins.jsonl")
        session.press(.enter)
        XCTAssertTrue(
            session.state.status.message?.hasPrefix("Could not save the pins: ") == true,
            session.state.status.message ?? "")
    }

    func testRefreshReEvaluatesTimeDependentPinsWithoutMarkingThem() throws {
        let (session, _) = makeSession()
        session.type("^currentTime()")
        session.press(.control("p"))
        let first = try XCTUnwrap(session.state.pins.pins.first?.result?.actual.displayText)
        let generation = session.state.results.requestedGeneration
        Thread.sleep(forTimeInterval: 0.01)
        session.send(.refresh)
        let second = try XCTUnwrap(session.state.pins.pins.first?.result?.actual.displayText)
        XCTAssertNotEqual(first, second, "time moved on")
        XCTAssertEqual(session.state.pins.pins.first?.changed, false, "only a reload marks changes")
        XCTAssertEqual(
            session.state.results.requestedGeneration, generation + 1, "the expression is evaluated again too")
        Thread.sleep(forTimeInterval: 0.01)
        session.press(.control("r"))
        XCTAssertNotEqual(session.state.pins.pins.first?.result?.actual.displayText, second, "Ctrl-R refreshes now")
        XCTAssertEqual(session.state.editor.text, "^currentTime()")
    }

    func testResultsPanePinsTheSelectedRowOrAllFour() {
        let (session, _) = makeSession()
        session.type("$cats.count")
        session.press(.function(6))
        XCTAssertEqual(session.state.focus, .results)
        session.press(.down)
        session.press(.down)
        session.press(.character("p"))
        XCTAssertEqual(session.state.pins.pins.map(\.expectation.context), [.number])
        session.press(.character("P"))
        XCTAssertEqual(session.state.pins.pins.map(\.expectation.context), [.number, .object, .string, .boolean])
        XCTAssertEqual(session.state.pins.pins.map { $0.result?.actual.displayText }, ["3", "3", "\"3\"", "true"])
        XCTAssertEqual(Set(session.state.pins.pins.map(\.expectation.id)).count, 4, "ids stay unique")
    }

    func testRefreshTakesANewSnapshotSoDynamicVariablesMoveOn() throws {
        let (session, _) = makeSession(
            manifest: """
                <MBML>
                    <Var name="now" type="dynamic" value="^currentTime()"/>
                    <Var name="cats" type="list"><Var literal="Barrett"/></Var>
                </MBML>
                """)
        let before = try XCTUnwrap(session.state.space.value(of: "now"))
        session.press(.function(6))
        session.press(.function(6))
        session.press(.function(6))
        session.press(.function(6))
        XCTAssertEqual(session.state.focus, .variables)
        let selection = session.state.tree.selection
        Thread.sleep(forTimeInterval: 0.01)
        session.send(.refresh)
        let after = try XCTUnwrap(session.state.space.value(of: "now"))
        XCTAssertNotEqual(before, after, "the dynamic variable was read again")
        XCTAssertEqual(session.state.tree.selection, selection, "the selection stays")
        XCTAssertEqual(session.state.status.lastReload, Date(timeIntervalSince1970: 0), "a refresh is not a reload")
    }
}
