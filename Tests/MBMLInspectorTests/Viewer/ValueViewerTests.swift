import Foundation
import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class ValueViewerTests: XCTestCase {
    private let size = TerminalSize(rows: 24, columns: 80)

    private func allLines(_ viewer: ValueViewer) -> [String] {
        viewer.allLines
    }

    private func render(_ viewer: ValueViewer, rows: Int = 24, columns: Int = 80) -> BufferScreen {
        let screen = BufferScreen(rows: rows, columns: columns)
        ValueViewerView.draw(viewer, size: TerminalSize(rows: rows, columns: columns), screen: screen)
        return screen
    }

    /// Presses keys in the viewer, running the searches they ask for at once.
    private func press(_ keys: [Key], _ viewer: inout ValueViewer) {
        for key in keys {
            var effects: [InspectorEffect] = []
            guard let next = Reducer.viewerKey(key, viewer: viewer, size: size, effects: &effects) else {
                return XCTFail("closed by \(key)")
            }
            viewer = next
            for case .searching(.searchViewer(let request)) in effects {
                XCTAssertTrue(viewer.search.isRunning)
                guard let outcome = request.run(on: request.lines.detached()) else { return XCTFail("stopped") }
                var state = InspectorState(size: size)
                state.overlay = .viewer(viewer)
                Reducer.viewerSearchFinished(generation: request.generation, outcome: outcome, state: &state)
                guard case .viewer(let answered)? = state.overlay else { return XCTFail("viewer closed") }
                viewer = answered
            }
            for case .searching(.countViewerLines(let request)) in effects {
                // As the background does: count a copy, then hand it back.
                XCTAssertEqual(viewer.message, "Counting lines… (the viewer stays usable)")
                let counted = request.run(on: request.lines.detached())
                var state = InspectorState(size: size)
                state.overlay = .viewer(viewer)
                Reducer.viewerLinesCounted(generation: request.generation, lines: counted, state: &state)
                guard case .viewer(let answered)? = state.overlay else { return XCTFail("viewer closed") }
                viewer = answered
            }
        }
    }

    func testEveryValueKindAsPrettyTaggedJSON() throws {
        let value = Value.dictionary([
            "string": .string("a \"quoted\"\nline"),
            "integer": .integer(42),
            "decimal": .decimal(Decimal(string: "3.25")!),
            "double": .double(0.5),
            "boolean": .boolean(true),
            "null": .null,
            "empty": .array([]),
            "emptyMap": .dictionary([:]),
            "$dollar": .integer(1),
            "set": Value.makeSet([.string("x"), .integer(2)]),
            "emptySet": .set([]),
            "date": .date(Date(timeIntervalSince1970: 1_422_936_306)),
            "data": .data(Data([1, 2, 3])),
            "nested": .array([.array([.integer(1)]), .dictionary(["k": .string("v")])]),
        ])
        let viewer = ValueViewer(title: "t", value: value)
        let expected = """
            {
              "string": "a \\"quoted\\"\\nline",
              "integer": 42,
              "decimal": 3.25,
              "double": 0.5,
              "boolean": true,
              "null": null,
              "empty": [],
              "emptyMap": {},
              "$$dollar": 1,
              "set": {"$set": [
                "x",
                2
              ]},
              "emptySet": {"$set": []},
              "date": {"$date":"2015-02-03T04:05:06Z"},
              "data": {"$data":"AQID"},
              "nested": [
                [
                  1
                ],
                {
                  "k": "v"
                }
              ]
            }
            """
        XCTAssertEqual(allLines(viewer).joined(separator: "\n"), expected)
        // The text reads back as the same value (the tagged encoding of `mbml eval`).
        XCTAssertEqual(try JSONCodec.decodeTagged(allLines(viewer).joined(separator: "\n")), value)
        XCTAssertEqual(viewer.knownLineCount, 26)
        // The ordered walk (searches) gives the same lines from any start.
        let lines = allLines(viewer)
        for start in 0..<lines.count {
            var walked: [String] = []
            viewer.lines.detached().forEachLine(from: start) { index, text in
                XCTAssertEqual(index, start + walked.count)
                walked.append(text)
                return true
            }
            XCTAssertEqual(walked, Array(lines[start...]), "from \(start)")
        }
    }

    func testScalarsAndTopLevelStrings() {
        XCTAssertEqual(allLines(ValueViewer(title: "t", value: .boolean(false))), ["false"])
        XCTAssertEqual(allLines(ValueViewer(title: "t", value: .array([]))), ["[]"])
        XCTAssertEqual(allLines(ValueViewer(title: "t", value: nil)), ["(no value)"])
        // A string on its own is shown as text, whole, its line breaks kept and tabs as spaces.
        let text = ValueViewer(title: "t", value: .string("one\ntwo\tx"))
        XCTAssertEqual(allLines(text), ["one", "two x"])
        XCTAssertEqual(text.kind, "String · 9 characters")
    }

    func testOpeningAHugeValueBuildsOnlyTheVisibleLines() {
        let elements = (0..<500_000).map {
            Value.dictionary(["id": .integer($0), "tags": .array([.string("t\($0)")])])
        }
        let value = Value.dictionary(["meta": .string("m"), "items": .array(elements)])
        var viewer = ValueViewer(title: "big", value: value)
        let screen = render(viewer)
        XCTAssertNotNil(screen.firstRow(containing: "\"items\": ["), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "\"id\": 0,"), screen.text)
        // Nothing was counted beyond the first screen.
        XCTAssertNil(viewer.knownLineCount)
        guard let lines = viewer.lines as? JSONLines else { return XCTFail("not JSON") }
        XCTAssertLessThanOrEqual(lines.indexedContainers, 2)
        XCTAssertLessThan(lines.countedChildren, 100)
        // The end: every element has 6 lines, plus 5 around them.
        press([.end], &viewer)
        XCTAssertEqual(viewer.knownLineCount, 500_000 * 6 + 5)
        let end = render(viewer)
        XCTAssertNotNil(end.firstRow(containing: "\"id\": 499999,"), end.text)
        XCTAssertEqual(viewer.line(2_999_998), "      \"id\": 499999,")
        // Line numbers are right-aligned beside the text.
        XCTAssertNotNil(end.firstRow(containing: "3000005 }"), end.text)
    }

    func testACountThatArrivesForAnOlderRequestIsDropped() {
        let value = Value.array((0..<1_000).map { .integer($0) })
        let viewer = ValueViewer(title: "n", value: value)
        var effects: [InspectorEffect] = []
        guard var counting = Reducer.viewerKey(.end, viewer: viewer, size: size, effects: &effects),
            case .searching(.countViewerLines(let request))? = effects.first
        else { return XCTFail("G asks for a count") }
        counting.countGeneration += 1 // a newer G
        var state = InspectorState(size: size)
        state.overlay = .viewer(counting)
        Reducer.viewerLinesCounted(
            generation: request.generation, lines: request.run(on: request.lines.detached()),
            state: &state)
        guard case .viewer(let after)? = state.overlay else { return XCTFail("viewer closed") }
        XCTAssertEqual(after.top.line, 0, "not scrolled by the stale count")
        XCTAssertTrue(after.lines === viewer.lines)
    }

    func testLongLinesWrapAndScrollSidewaysWhenNotWrapping() {
        let long = String((0..<10_000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }) + "END"
        var viewer = ValueViewer(title: "long", value: .array([.string(long), .integer(7)]))
        let geometry = ViewerGeometry(size: size, knownLineCount: viewer.knownLineCount)
        var screen = render(viewer)
        let firstRows = viewer.rows(ofLine: 1, width: geometry.textWidth)
        XCTAssertEqual(firstRows.count, (long.count + 5 + geometry.textWidth - 1) / geometry.textWidth)
        XCTAssertNotNil(screen.firstRow(containing: "  \"abcdef"), screen.text)
        // The last screen holds the end of the string, then the rest of the array.
        press([.end], &viewer)
        screen = render(viewer)
        XCTAssertNotNil(screen.firstRow(containing: "END\","), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "  7"), screen.text)
        // Without wrapping, one row per line and → scrolls sideways.
        press([.home, .character("w")], &viewer)
        XCTAssertFalse(viewer.wraps)
        screen = render(viewer)
        XCTAssertNotNil(screen.firstRow(containing: "2   \"abcdefghij"), screen.text)
        press([.right, .right], &viewer)
        XCTAssertEqual(viewer.column, 16)
        screen = render(viewer)
        XCTAssertNotNil(screen.firstRow(containing: "2 nopqrstuv"), screen.text)
        press([.left, .left, .left], &viewer)
        XCTAssertEqual(viewer.column, 0)
    }

    func testScrollingStopsAtTheLastScreen() {
        var viewer = ValueViewer(title: "n", value: .array((0..<30).map { .integer($0) }))
        press(Array(repeating: .pageDown, count: 5), &viewer)
        let geometry = ViewerGeometry(size: size, knownLineCount: viewer.knownLineCount)
        // 32 lines, 22 rows on screen: the top stops at line 11 (0-based 10).
        XCTAssertEqual(viewer.top.line, 32 - geometry.rows)
        press([.up], &viewer)
        XCTAssertEqual(viewer.top.line, 32 - geometry.rows - 1)
        press([.character("g")], &viewer)
        XCTAssertEqual(viewer.top.line, 0)
    }

    func testSearchFindsLinesWithSmartCase() {
        let value = Value.array((0..<100).map { .string($0 == 70 ? "Needle here" : "hay \($0)") })
        var viewer = ValueViewer(title: "s", value: value)
        press([.character("/")] + "needle".map { .character($0) } + [.enter], &viewer)
        XCTAssertEqual(viewer.search.matchLine, 71)
        XCTAssertEqual(viewer.message, "“needle” on line 72")
        let screen = render(viewer)
        XCTAssertEqual(screen.role(of: "Needle"), .match)
        // An upper-case letter makes the search case-sensitive.
        press([.character("/")] + "NEEDLE".map { .character($0) } + [.enter], &viewer)
        XCTAssertEqual(viewer.message, "No match for “NEEDLE”")
        press([.character("/")] + "hay 3".map { .character($0) } + [.enter, .character("n")], &viewer)
        XCTAssertEqual(viewer.search.matchLine, 31)
        press([.character("N"), .character("N")], &viewer)
        XCTAssertEqual(viewer.search.matchLine, 40) // wrapped around to the last "hay 3x"
        XCTAssertFalse(viewer.search.isRunning)
    }

    func testEscStopsARunningSearchWithoutClosing() {
        var viewer = ValueViewer(title: "s", value: .array([.string("a")]))
        var effects: [InspectorEffect] = []
        for key in [Key.character("/"), .character("z"), .enter] {
            viewer = Reducer.viewerKey(key, viewer: viewer, size: size, effects: &effects) ?? viewer
        }
        XCTAssertTrue(viewer.search.isRunning)
        XCTAssertEqual(viewer.message, "Searching for “z”… (Esc stops)")
        let request = effects.compactMap { effect -> ViewerSearchRequest? in
            if case .searching(.searchViewer(let request)) = effect { return request }
            return nil
        }.first
        effects = []
        viewer = Reducer.viewerKey(.escape, viewer: viewer, size: size, effects: &effects) ?? viewer
        XCTAssertFalse(viewer.search.isRunning)
        XCTAssertEqual(effects, [.searching(.cancelViewerSearch)])
        // A late answer is ignored.
        var state = InspectorState(size: size)
        state.overlay = .viewer(viewer)
        Reducer.viewerSearchFinished(
            generation: request?.generation ?? 0, outcome: ViewerSearchOutcome(line: 1, cell: 0, wrapped: false),
            state: &state)
        XCTAssertEqual(state.overlay, .viewer(viewer))
        // A run told to stop answers nothing.
        let long = ViewerSearchRequest(
            lines: TextLines(String(repeating: "a\n", count: 20_000)), query: "z", start: 0,
            forward: true, generation: 1)
        XCTAssertNil(long.run(on: long.lines) { _ in false })
        XCTAssertEqual(long.run(on: long.lines), ViewerSearchOutcome(line: nil, cell: 0, wrapped: true))
    }

    func testTreeAndResultsOpenTheViewerAsJSON() {
        let (session, screen) = makeSession()
        session.type("$catGenders")
        session.press(.control("o"))
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "object result of $catGenders"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "\"Barrett\": \"female\","), screen.text)
        // Keys that are not the viewer's leave it open; q closes.
        session.press(.character("x"))
        XCTAssertNotNil(session.state.overlay)
        session.press(.character("q"))
        XCTAssertNil(session.state.overlay)
        XCTAssertFalse(session.state.shouldQuit)
    }

    func testOverlayIsFramedAndOpaque() {
        let (session, screen) = makeSession(rows: 24, columns: 80)
        session.type("$cats")
        session.press(.control("o"))
        session.render(on: screen)
        XCTAssertTrue(screen.line(0).contains("┌"), screen.text)
        XCTAssertTrue(screen.line(22).contains("└"), screen.text)
        // Nothing of the panes shows through.
        XCTAssertNil(screen.firstRow(containing: "Variables"), screen.text)
        XCTAssertNil(screen.firstRow(containing: "Tokens"), screen.text)
    }
}
