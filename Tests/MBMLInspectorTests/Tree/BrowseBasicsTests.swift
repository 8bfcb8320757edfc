import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// A browser's basics (issue 32): the manifest's order (`s` sorts by name), `z` zooms the tree,
/// `+` expands everything, a search match lands in the middle of the pane, `E` on a node of a JSON
/// data file opens its line.
final class BrowseBasicsTests: XCTestCase {
    private func focusTree(_ session: InspectorSession) {
        while session.state.focus != .variables { session.press(.backTab) }
    }

    private func topLevelNames(_ session: InspectorSession) -> [String] {
        session.state.variableTree.rows(from: 0, count: 100).filter { $0.depth == 0 }.map(\.label)
    }

    func testVariablesComeInTheManifestsOrderAndSSortsThemByName() {
        let (session, screen) = makeSession()
        focusTree(session)
        let declared = topLevelNames(session).filter { !["Environment", "Platform"].contains($0) }
        XCTAssertEqual(declared, ["cats", "catGenders", "Barrett Test", "name"])
        session.type("s")
        XCTAssertEqual(
            topLevelNames(session).filter { !["Environment", "Platform"].contains($0) },
            ["Barrett Test", "catGenders", "cats", "name"])
        session.render(on: screen)
        XCTAssertEqual(session.state.status.message, "Variables sorted by name (s: as declared)")
        session.type("s")
        XCTAssertEqual(topLevelNames(session).filter { !["Environment", "Platform"].contains($0) }, declared)
    }

    func testTheOrderFollowsTheFilesInTheOrderTheyWereRead() {
        let provenance: [String: VariableProvenance] = [
            "z": VariableProvenance(kind: .literal, file: "/m/main.xml", line: 2),
            "a": VariableProvenance(kind: .literal, file: "/m/inc.xml", line: 1),
            "b": VariableProvenance(kind: .literal, file: "/m/main.xml", line: 9),
            "Environment": VariableProvenance(kind: .builtIn),
            "data": VariableProvenance(kind: .dataFile, file: "/m/d.json"),
        ]
        let files = ["/m/main.xml", "/m/inc.xml", "/m/d.json"].map { URL(fileURLWithPath: $0) }
        XCTAssertEqual(
            DeclarationOrder.names(["a", "b", "data", "Environment", "z"], provenance: provenance, files: files),
            ["Environment", "z", "b", "a", "data"])
    }

    func testZGivesTheTreeTheWholeScreenAndBack() {
        let (session, screen) = makeSession()
        focusTree(session)
        session.type("z")
        XCTAssertTrue(session.state.layout.isZoomed)
        XCTAssertEqual(session.state.layout.variables.width, 120)
        session.render(on: screen)
        XCTAssertNil(screen.firstRow(containing: "Results"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "catGenders"), screen.text)
        session.type("z")
        session.render(on: screen)
        XCTAssertFalse(session.state.layout.isZoomed)
        XCTAssertNotNil(screen.firstRow(containing: "Results"), screen.text)
        session.type("z")
        session.press(.escape) // back to the editor: the panes come back
        XCTAssertEqual(session.state.focus, .editor)
        XCTAssertFalse(session.state.tree.isZoomed)
    }

    func testPlusExpandsEverythingWithinTheRowLimit() {
        let (session, _) = makeSession()
        focusTree(session)
        session.type("+")
        let rows = session.state.variableTree.rows(from: 0, count: 1000)
        XCTAssertTrue(rows.contains { $0.path == [.variable("Barrett Test"), .key("owners"), .index(1)] })
        XCTAssertEqual(session.state.status.message?.hasPrefix("Expanded everything"), true)
        session.type("-")
        XCTAssertEqual(session.state.variableTree.rowCount, session.state.space.names.count)

        let environment = Environment()
        environment.variables.declare("big", value: .array((0..<5000).map { .array([.integer($0)]) }))
        let (large, _) = makeSession(environment: environment)
        focusTree(large)
        large.type("+")
        XCTAssertLessThanOrEqual(large.state.variableTree.rowCount, Reducer.expandAllRowLimit)
        XCTAssertEqual(large.state.status.message?.hasPrefix("Expanded as far as 2000 rows go"), true)
    }

    func testASearchMatchLandsInTheMiddleOfThePane() {
        let environment = Environment()
        environment.variables.declare(
            "items", value: .array((0..<200).map { .string($0 == 150 ? "needle" : "hay \($0)") }))
        let (session, _) = makeSession(environment: environment)
        focusTree(session)
        session.type("/needle")
        session.press(.enter)
        let tree = session.state.variableTree
        let index = tree.index(of: [.variable("items"), .index(150)]) ?? -1
        let visible = session.state.layout.treeRows
        let offset = index - session.state.tree.scrollTop
        XCTAssertGreaterThan(offset, visible / 4, "not on the pane's last rows: \(offset) of \(visible)")
        XCTAssertLessThan(offset, visible * 3 / 4, "\(offset) of \(visible)")
    }

    func testEOnANodeOfAJSONFileOpensItsLine() throws {
        let folder = try ScratchFolder(prefix: "mbml-json-line")
        let text = """
            {
              "a": 1,
              "list": [
                {"x": 1},
                {
                  "x": 2,
                  "deep": [true, false]
                }
              ]
            }
            """
        let url = try folder.write(text, to: "d.json", atomically: true)
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "d", path: url.path)])
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: 40, columns: 120))
        session.start()
        let space = session.state.space
        XCTAssertEqual(DataNodeLine.line(of: [.variable("d"), .key("list")], in: space), 3)
        XCTAssertEqual(DataNodeLine.line(of: [.variable("d"), .key("list"), .index(1)], in: space), 5)
        XCTAssertEqual(DataNodeLine.line(of: [.variable("d"), .key("list"), .index(1), .key("x")], in: space), 6)
        XCTAssertEqual(
            DataNodeLine.line(of: [.variable("d"), .key("list"), .index(1), .key("deep"), .index(1)], in: space), 7)
        var opened: [(String, Int)] = []
        session.openEditor = { file, line in
            opened.append((file, line))
            return nil
        }
        focusTree(session)
        while session.state.tree.selection != [.variable("d")] { session.press(.down) }
        session.press(.right)
        session.press(.down)
        session.press(.down) // list
        session.press(.right)
        session.press(.down)
        session.press(.down) // list[1]
        XCTAssertEqual(session.state.tree.selection, [.variable("d"), .key("list"), .index(1)])
        session.type("E")
        XCTAssertEqual(opened.last?.1, 5)
        XCTAssertEqual(opened.last?.0, url.path)
    }

    func testTheLineOfAJSONLinesRecord() throws {
        let folder = try ScratchFolder(prefix: "mbml-jsonl-line")
        let url = try folder.write("{\"n\":0}\n\n  \n{\"n\":1}\r\n{\"n\":2}\n", to: "r.jsonl", atomically: true)
        XCTAssertEqual(JSONLinesRecordLine.line(ofRecord: 0, inFile: url.path), 1)
        XCTAssertEqual(JSONLinesRecordLine.line(ofRecord: 1, inFile: url.path), 4)
        XCTAssertEqual(JSONLinesRecordLine.line(ofRecord: 2, inFile: url.path), 5)
        XCTAssertNil(JSONLinesRecordLine.line(ofRecord: 3, inFile: url.path))
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "r", path: url.path)])
        let session = InspectorSession(engine: engine, size: TerminalSize(rows: 40, columns: 120))
        session.start()
        var opened: [Int] = []
        session.openEditor = { _, line in
            opened.append(line)
            return nil
        }
        focusTree(session)
        while session.state.tree.selection != [.variable("r")] { session.press(.down) }
        session.press(.right)
        session.press(.down)
        session.press(.down) // r[1]
        XCTAssertEqual(session.state.tree.selection, [.variable("r"), .index(1)])
        session.type("E")
        XCTAssertEqual(opened, [4])
    }
}
