import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// `--compare`: the editor's expression (every context) and each pin evaluated in two spaces,
/// side by side, `≠` where they differ; both spaces reload together.
final class CompareTests: XCTestCase {
    private let second = catsManifest.replacingOccurrences(
        of: "<Var literal=\"Cooper\"/>",
        with: "<Var literal=\"Cooper\"/><Var literal=\"Gabby\"/>")

    private func comparing() -> (InspectorSession, BufferScreen) {
        let (session, screen) = makeSession()
        session.compare(with: EngineController(source: .text(second, name: "v2.xml")), label: "v2.xml")
        return (session, screen)
    }

    func testTheSecondSpaceLoadsOnTheLoadingQueue() {
        let session = InspectorSession(
            engine: EngineController(source: .text(catsManifest, name: "test.xml")),
            size: TerminalSize(rows: 30, columns: 100), mode: .background)
        session.start()
        session.compare(with: EngineController(source: .text(second, name: "v2.xml")), label: "v2.xml")
        XCTAssertFalse(session.state.compare.isActive, "not before the second space has loaded")
        session.waitForBackgroundWork()
        XCTAssertTrue(session.state.compare.isActive)
        XCTAssertEqual(session.comparison?.environment.variables["cats"]?.collectionCount, 4)
    }

    func testNotComparingNoPane() {
        let (session, screen) = makeSession()
        session.type("$name")
        XCTAssertFalse(session.state.compare.isActive)
        XCTAssertEqual(session.state.compare.paneRows, 0)
        XCTAssertNil(screen.firstRow(containing: "Compare:"))
    }

    func testTheExpressionIsShownInBothSpacesMarkedWhereTheyDiffer() throws {
        let (session, screen) = comparing()
        session.type("$cats.count")
        let rows = session.state.compare.rows
        XCTAssertEqual(rows.map(\.label), ["object", "string", "number", "boolean"])
        XCTAssertEqual(rows.map(\.first.displayText), ["3", "\"3\"", "3", "true"])
        XCTAssertEqual(rows.map(\.second.displayText), ["4", "\"4\"", "4", "true"])
        XCTAssertEqual(rows.map(\.differs), [true, true, true, false])
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "Compare (3 differ): test.xml (built in) │ v2.xml"))
        let number = try XCTUnwrap(screen.firstRow(containing: "≠ number"))
        XCTAssertTrue(number.text.contains("3") && number.text.contains("│ 4"), number.text)
        let boolean = try XCTUnwrap(screen.firstRow(containing: "  boolean true"))
        XCTAssertTrue(boolean.text.contains("│ true"), boolean.text)
        XCTAssertFalse(boolean.text.contains("≠"), boolean.text)
    }

    func testPinsAreComparedToo() {
        let (session, _) = comparing()
        session.type("$name")
        session.press(.control("p"))
        XCTAssertEqual(session.state.compare.rows.last?.label, "$name")
        XCTAssertEqual(session.state.compare.rows.last?.differs, false)
        session.press(.control("u"))
        session.type("$cats[3]")
        session.press(.control("p"))
        XCTAssertEqual(session.state.compare.rows.suffix(2).map(\.label), ["$name", "$cats[3]"])
        XCTAssertEqual(session.state.compare.rows.last?.second.displayText, "\"Gabby\"")
        XCTAssertEqual(session.state.compare.rows.last?.first.displayText, "null")
        XCTAssertEqual(session.state.compare.rows.last?.differs, true)
    }

    func testBothSpacesReloadTogether() throws {
        let folder = try ScratchFolder()
        let secondURL = try folder.write(second, to: "v2.xml", atomically: true)
        let (session, _) = makeSession()
        session.compare(with: EngineController(source: .manifest(secondURL)), label: "v2.xml")
        session.type("$cats.count")
        XCTAssertEqual(session.state.compare.rows.first?.second.displayText, "4")
        try folder.write(catsManifest, to: "v2.xml", atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.compare.rows.first?.second.displayText, "3")
        XCTAssertEqual(session.state.compare.differences, 0)
    }

    func testStaleComparisonsAreIgnored() {
        var state = InspectorState(size: TerminalSize(rows: 40, columns: 120))
        state.compare.label = "v2"
        state.compare.requestedGeneration = 3
        let row = CompareRow(label: "object", first: .value(1), second: .value(2))
        let (older, _) = Reducer.reduce(state, .compared([row], generation: 2))
        XCTAssertTrue(older.compare.rows.isEmpty)
        let (current, _) = Reducer.reduce(state, .compared([row], generation: 3))
        XCTAssertEqual(current.compare.rows.count, 1)
    }

    func testF7ShowsTheOtherSpaceInTheTreeAndBack() throws {
        let (session, screen) = comparing()
        session.type("$cats.count")
        session.press(.function(7))
        XCTAssertEqual(session.state.status.manifestPath, "v2.xml (built in)")
        XCTAssertEqual(session.state.compare.label, "test.xml (built in)")
        XCTAssertEqual(session.state.results.shown[.number], .value(.integer(4)), "results are the shown space's")
        XCTAssertEqual(session.state.compare.rows.first?.first.displayText, "4")
        XCTAssertEqual(session.state.compare.rows.first?.second.displayText, "3")
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "cats  [4] Barrett, Duncan, Cooper, Gabby"))
        XCTAssertNotNil(screen.firstRow(containing: "Compare (3 differ): v2.xml (built in) │ test.xml (built in)"))
        XCTAssertEqual(CompareView.shortName("/a/b/v1/manifest.xml"), "v1/manifest.xml")
        session.press(.function(7))
        XCTAssertEqual(session.state.status.manifestPath, "test.xml (built in)")
        XCTAssertEqual(session.state.compare.rows.first?.first.displayText, "3")
    }

    func testF7DoesNothingWithoutASecondSpace() {
        let (session, _) = makeSession()
        let (_, effects) = Reducer.reduce(session.state, .key(.function(7)))
        XCTAssertEqual(effects, [])
    }

    func testLessonsCompareAndPinsShareASmallTerminal() throws {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        session.compare(with: EngineController(source: .text(second, name: "v2.xml")), label: "v2.xml")
        session.send(
            .showLessons([Expectation(id: "a", expression: "$name", expected: .value("Cooper"), origin: "Step 1")]))
        for name in ["$name", "$cats", "$cats.count"] {
            session.press(.control("u"))
            session.type(name)
            session.press(.control("p"))
        }
        session.render(on: screen)
        let layout = session.state.layout
        XCTAssertGreaterThanOrEqual(layout.tokens.height, 4)
        XCTAssertEqual(layout.pins.row + layout.pins.height, layout.log.row, "the watch panes end where the log starts")
        let lesson = try XCTUnwrap(screen.firstRow(containing: "Lesson 1/1"))
        let compare = try XCTUnwrap(screen.firstRow(containing: "Compare ("))
        XCTAssertLessThan(lesson.index, compare.index)
        XCTAssertLessThan(compare.index, layout.log.row)
    }
}
