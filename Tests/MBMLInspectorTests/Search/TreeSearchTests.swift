import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

final class TreeSearchTests: XCTestCase {
    private func openSearch(_ session: InspectorSession) {
        if session.state.focus != .variables { session.press(.backTab) }
        session.press(.character("/"))
    }

    func testIncrementalSearchSelectsAsYouType() {
        let (session, screen) = makeSession()
        openSearch(session)
        session.type("dun")
        // Each key searched again; the first match is already selected while typing.
        XCTAssertTrue(session.state.tree.search.isEditing)
        // $cats is declared first: its "Duncan" comes before $catGenders' key.
        XCTAssertEqual(session.state.tree.selection, [.variable("cats"), .index(1)])
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "/dun  2 matches · Enter jumps"), screen.text)
        session.press(.enter)
        XCTAssertFalse(session.state.tree.search.isEditing)
        XCTAssertEqual(session.state.tree.search.current, 0)
    }

    func testSmartCaseRegexAndPaths() throws {
        let snapshot = VariableSnapshot(variables: [
            ("cats", .array([.string("Barrett"), .string("duncan")])),
            ("Names", .dictionary(["first": .string("barrett")])),
        ])
        func paths(_ query: String) throws -> [String] {
            TreeSearch.search(try SearchQuery(query), in: snapshot).matches.map { path in
                path.map(\.label).joined(separator: "/")
            }
        }
        XCTAssertEqual(try paths("barrett"), ["Names/first", "cats/[0]"])
        XCTAssertEqual(try paths("Barrett"), ["cats/[0]"], "an upper-case letter makes it case-sensitive")
        XCTAssertEqual(try paths("re:^d.n"), ["cats/[1]"])
        XCTAssertEqual(try paths("re:^names$"), ["Names"])
        XCTAssertEqual(try paths("cats["), ["cats/[0]", "cats/[1]"], "paths match as MBML writes them")
        XCTAssertEqual(try paths("$names.first"), ["Names/first"])
        XCTAssertThrowsError(try SearchQuery("re:(unclosed"))
        XCTAssertTrue(try SearchQuery("abc").matches("xABCy"))
        XCTAssertFalse(try SearchQuery("abc").matches("ab"))
        XCTAssertFalse(try SearchQuery("Abc").matches("xabc"))
        XCTAssertTrue(try SearchQuery("é").matches("CAFÉ"))
        XCTAssertTrue(try SearchQuery("fé").matches("Café au lait"))
    }

    func testInvalidRegexIsReported() {
        let (session, _) = makeSession()
        openSearch(session)
        session.type("re:(")
        XCTAssertEqual(session.state.status.message, "Not a regular expression: (")
        XCTAssertFalse(session.state.tree.search.progress.isRunning)
    }

    func testBackgroundSearchShowsProgressAndEscStopsIt() {
        let (environment, _) = InspectorBenchmark.generatedSpace(nodes: 700_000)
        let session = InspectorSession(
            engine: EngineController(environment: environment),
            size: TerminalSize(rows: 30, columns: 100), mode: .background)
        session.start()
        session.waitForBackgroundWork()
        openSearch(session)
        session.type("product 99999")
        XCTAssertTrue(session.state.tree.search.progress.isRunning)
        let screen = BufferScreen(rows: 30, columns: 100)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "searching…"), screen.text)
        // Esc stops it: its answer never arrives.
        session.press(.escape)
        XCTAssertFalse(session.state.tree.search.progress.isRunning)
        session.waitForBackgroundWork()
        XCTAssertTrue(session.state.tree.search.matches.isEmpty)
        // A search that runs to the end delivers its matches.
        session.press(.character("/"))
        session.type("product 99999")
        session.press(.enter)
        session.waitForBackgroundWork()
        XCTAssertFalse(session.state.tree.search.progress.isRunning)
        XCTAssertEqual(session.state.tree.search.matches.count, 1)
        XCTAssertEqual(session.state.tree.selection?.last, .key("name"))
        XCTAssertGreaterThan(session.state.tree.search.progress.visited, 600_000)
    }
}
