import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Live editing without a terminal: reload diffs, warnings versus failed loads, dynamic variables
/// computed later, provenance in the tree, and the diagnostics view.
final class ReloadDiffTests: XCTestCase {
    private func snapshot(_ pairs: [(String, Value?)], pending: Set<String> = []) -> VariableSnapshot {
        VariableSnapshot(variables: pairs, pending: pending)
    }

    func testChangedAddedAndRemovedTopLevelVariables() {
        let old = snapshot([("a", .integer(1)), ("b", "same"), ("gone", .integer(3))])
        let new = snapshot([("a", .integer(2)), ("b", "same"), ("fresh", .boolean(true))])
        let diff = ReloadDiff(old: old, new: new)
        XCTAssertEqual(diff.changed, ["a"])
        XCTAssertEqual(diff.added, ["fresh"])
        XCTAssertEqual(diff.removed, ["gone"])
        XCTAssertEqual(diff.summary, "1 changed · 1 added · 1 removed")
        XCTAssertEqual(diff.nodeChange(at: [.variable("b")], old: old, new: new), nil)
        XCTAssertEqual(diff.nodeChange(at: [.variable("fresh")], old: old, new: new), .added)
    }

    func testNestedPathsAndArraysAreComparedWhereTheyAre() {
        let old = snapshot([("order", .dictionary(["items": .array([1, 2]), "id": "x"]))])
        let new = snapshot([("order", .dictionary(["items": .array([1, 5, 6]), "id": "x"]))])
        let diff = ReloadDiff(old: old, new: new)
        XCTAssertEqual(diff.changed, ["order"])
        let items: NodePath = [.variable("order"), .key("items")]
        XCTAssertEqual(diff.nodeChange(at: [.variable("order")], old: old, new: new), .changed)
        XCTAssertEqual(diff.nodeChange(at: items, old: old, new: new), .changed)
        XCTAssertEqual(diff.nodeChange(at: items + [.index(0)], old: old, new: new), nil)
        XCTAssertEqual(diff.nodeChange(at: items + [.index(1)], old: old, new: new), .changed)
        XCTAssertEqual(diff.nodeChange(at: items + [.index(2)], old: old, new: new), .added)
        XCTAssertEqual(diff.nodeChange(at: [.variable("order"), .key("id")], old: old, new: new), nil)
    }

    func testPendingVariablesSettleWhenTheirValueArrives() {
        let old = snapshot([("d", .integer(1))])
        var new = snapshot([("d", nil)], pending: ["d"])
        var diff = ReloadDiff(old: old, new: new)
        XCTAssertTrue(diff.isEmpty)
        new.resolve("d", value: .integer(2), failure: nil)
        XCTAssertEqual(diff.settle("d", old: old, new: new), .changed)
        XCTAssertEqual(diff.changed, ["d"])
    }
}

final class LiveEditingTests: XCTestCase {
    private let size = TerminalSize(rows: 40, columns: 120)

    private func session(_ folder: ScratchFolder, manifest: String) throws -> InspectorSession {
        let url = try folder.write(manifest, to: "manifest.xml", atomically: true)
        let session = InspectorSession(engine: EngineController(source: .manifest(url)), size: size)
        session.start()
        return session
    }

    func testWarningsNeverBlockAReload() throws {
        let folder = try ScratchFolder()
        let warned = #"<MBML><Var name="t" type="lsit"/><Var name="p" literal="1" colour="red"/></MBML>"#
        let session = try session(folder, manifest: warned)
        XCTAssertEqual(session.state.status.diagnosticCounts, "1 error · 1 warning")
        XCTAssertNil(session.state.status.loadError)
        for value in ["2", "3", "4"] {
            try folder.write(
                warned.replacingOccurrences(of: #"literal="1""#, with: "literal=\"\(value)\""), to: "manifest.xml",
                atomically: true)
            session.send(.filesChanged)
            XCTAssertEqual(session.state.space.value(of: "p"), .string(value))
            XCTAssertEqual(session.state.status.changeSummary, "1 changed · 0 added · 0 removed")
        }
    }

    func testAFailedLoadKeepsTheLastGoodSpaceAndItsDiagnostics() throws {
        let folder = try ScratchFolder()
        let session = try session(folder, manifest: #"<MBML><Var name="p" literal="1"/></MBML>"#)
        try folder.write("<MBML>\n<Var name=\"p\" literal=\"2\">\n</MBML>", to: "manifest.xml", atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.space.value(of: "p"), "1")
        let error = try XCTUnwrap(session.state.status.loadError)
        XCTAssertTrue(error.contains("manifest.xml:"), error)
        XCTAssertFalse(session.state.status.diagnostics.isEmpty)
        XCTAssertEqual(session.state.status.isLoading, false)
    }

    func testChangesAreLoggedAndMarkedInTheTree() throws {
        let folder = try ScratchFolder()
        let session = try session(
            folder, manifest: #"<MBML><Var name="p" literal="1"/><Var name="q" literal="x"/></MBML>"#)
        try folder.write(
            #"<MBML><Var name="p" literal="2"/><Var name="r" literal="new"/></MBML>"#, to: "manifest.xml",
            atomically: true)
        session.send(.filesChanged)
        XCTAssertEqual(session.state.status.changeSummary, "1 changed · 1 added · 1 removed")
        XCTAssertTrue(
            session.state.log.loadLines.contains("changed $p: \"1\" → \"2\""), "\(session.state.log.loadLines)")
        XCTAssertTrue(session.state.log.loadLines.contains("added $r: \"new\""))
        XCTAssertTrue(session.state.log.loadLines.contains("removed $q"))
        let screen = BufferScreen(rows: 40, columns: 120)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "~  p  \"2\""), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "+  r  \"new\""), screen.text)
    }

    func testDynamicVariablesArePendingUntilComputed() throws {
        let folder = try ScratchFolder()
        let session = try session(
            folder,
            manifest: """
                <MBML><Var name="d" type="dynamic" expression="#(6 * 7)"/>\
                <Var name="bad" type="dynamic" expression="#(1 / 0)"/></MBML>
                """)
        // Synchronous sessions compute at once; the snapshot records values and failures.
        XCTAssertTrue(session.state.space.pending.isEmpty)
        XCTAssertEqual(session.state.space.value(of: "d"), .decimal(42))
        XCTAssertTrue(session.state.space.failures["bad"]?.contains("divide by zero") ?? false)
        let screen = BufferScreen(rows: 40, columns: 120)
        session.render(on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "bad ƒ  ✗ It is mathematically"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "d ƒ  42"), screen.text)
    }

    func testComputedValuesOfAnOlderLoadAreDropped() {
        var state = InspectorState(size: size)
        let load = SpaceLoad(
            snapshot: VariableSnapshot(variables: [("d", nil)], pending: ["d"]), functions: [],
            manifestPath: "m.xml", fileCount: 1, logLines: [], date: Date(), generation: 2)
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load), to: &state, effects: &effects)
        XCTAssertTrue(effects.contains(.loading(.computeDynamicVariables(names: ["d"], generation: 2))))
        (state, effects) = Reducer.reduce(state, .dynamicComputed(name: "d", value: 1, failure: nil, generation: 1))
        XCTAssertEqual(state.space.pending, ["d"])
        (state, effects) = Reducer.reduce(state, .key(.escape))
        XCTAssertTrue(effects.contains(.loading(.cancelLoad)))
        XCTAssertEqual(state.space.pending, [])
        XCTAssertTrue(state.space.failures["d"]?.contains("cancelled") ?? false)
    }

    func testLoadingStateAndTheDiagnosticsView() {
        var state = InspectorState(size: size)
        (state, _) = Reducer.reduce(state, .loadStarted)
        XCTAssertTrue(state.status.isLoading)
        let screen = BufferScreen(rows: 40, columns: 120)
        InspectorRenderer.render(state, on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "loading…"), screen.text)
        let warning = Diagnostic(
            file: "m.xml", line: 3, column: 5, message: "a long message " + String(repeating: "word ", count: 40),
            severity: .warning)
        (state, _) = Reducer.reduce(
            state, .loadFailed(message: "m.xml:9:1: broken", diagnostics: [warning], at: Date()))
        XCTAssertFalse(state.status.isLoading)
        var effects: [InspectorEffect] = []
        (state, _) = Reducer.reduce(state, .key(.function(4)))
        guard case .diagnostics? = state.overlay else { return XCTFail("F4 opens the diagnostics view") }
        InspectorRenderer.render(state, on: screen)
        XCTAssertNotNil(screen.firstRow(containing: "! m.xml:3:5"), screen.text)
        XCTAssertNotNil(screen.firstRow(containing: "word word"), "the whole message is shown, wrapped")
        (state, effects) = Reducer.reduce(state, .key(.enter))
        XCTAssertEqual(effects, [.outside(.openInEditor(file: "m.xml", line: 3))])
        XCTAssertNil(state.overlay)
    }

    func testProvenanceShowsInTheValueViewAndEOpensTheDeclaration() throws {
        let folder = try ScratchFolder()
        let session = try session(folder, manifest: "<MBML>\n  <Var name=\"t\" value=\"#(1 + 1)\"/>\n</MBML>")
        session.press(.backTab)
        session.press(.character("g"))
        while session.state.tree.selection != [.variable("t")] { session.press(.down) }
        session.press(.character("o"))
        guard case .viewer(let viewer)? = session.state.overlay else { return XCTFail("o opens the value") }
        let lines = viewer.allLines
        XCTAssertEqual(
            Array(lines.prefix(3)),
            ["kind: value", "expression: #(1 + 1)", "declared at: manifest.xml:2:3   (E opens it in $EDITOR)"].map {
                $0.replacingOccurrences(
                    of: "manifest.xml", with: folder.url.appendingPathComponent("manifest.xml").path)
            })
        session.press(.escape)
        var opened: (String, Int)?
        session.openEditor = { file, line in
            opened = (file, line); return nil
        }
        session.press(.character("E"))
        XCTAssertEqual(opened?.0, folder.url.appendingPathComponent("manifest.xml").path)
        XCTAssertEqual(opened?.1, 2)
    }

    func testAMissingDataFileIsOneErrorAndTheManifestStillLoads() throws {
        let folder = try ScratchFolder()
        let manifest = try folder.write(
            #"<MBML><Var name="p" literal="1"/></MBML>"#, to: "manifest.xml", atomically: true)
        let engine = EngineController(
            source: .manifest(manifest), dataFiles: [DataFileSpec(name: "d", path: "/nonexistent/d.json")])
        let session = InspectorSession(engine: engine, size: size)
        session.start()
        XCTAssertEqual(session.state.space.value(of: "p"), "1")
        XCTAssertEqual(session.state.status.diagnosticCounts, "1 error")
        XCTAssertTrue(session.state.watchList.all.map(\.path).contains("/nonexistent/d.json"))
    }

    func testIncludeTargetsThatDoNotExistYetAreWatched() throws {
        let folder = try ScratchFolder()
        let manifest = try folder.write(
            #"<MBML><Include file="later.xml"/></MBML>"#, to: "manifest.xml", atomically: true)
        let engine = EngineController(source: .manifest(manifest))
        let session = InspectorSession(engine: engine, size: size)
        session.start()
        let later = folder.url.appendingPathComponent("later.xml").standardizedFileURL.path
        XCTAssertTrue(session.state.watchList.all.map { $0.standardizedFileURL.path }.contains(later))
        XCTAssertTrue(
            WatchedPaths(session.state.watchList.all).directories.contains(folder.url.standardizedFileURL.path))
    }
}
