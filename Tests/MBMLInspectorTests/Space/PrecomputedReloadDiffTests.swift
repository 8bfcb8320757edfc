import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// A reload's diff is worked out on the loading queue; the reducer takes it only when it was made
/// against the space still on show.
final class PrecomputedReloadDiffTests: XCTestCase {
    private let size = TerminalSize(rows: 30, columns: 100)

    private func load(_ pairs: [(String, Value?)], generation: Int, diff: PrecomputedReloadDiff? = nil) -> SpaceLoad {
        var load = SpaceLoad(
            snapshot: VariableSnapshot(variables: pairs), functions: [], manifestPath: "m.xml",
            fileCount: 1, logLines: [], date: Date(), generation: generation)
        load.reloadDiff = diff
        return load
    }

    private func loadedState() -> InspectorState {
        var state = InspectorState(size: size)
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load([("a", 1), ("b", 2)], generation: 1)), to: &state, effects: &effects)
        return state
    }

    func testADiffMadeAgainstTheSpaceOnShowIsTaken() {
        var state = loadedState()
        // A diff claiming "b" changed (it did not): taken as it is, so it must be the precomputed one.
        let claimed = PrecomputedReloadDiff(
            old: VariableSnapshot(variables: [("a", 1), ("b", 0)]), baseGeneration: 1,
            new: VariableSnapshot(variables: [("a", 1), ("b", 2)]))
        var effects: [InspectorEffect] = []
        Reducer.apply(
            .spaceLoaded(load([("a", 1), ("b", 2)], generation: 2, diff: claimed)), to: &state, effects: &effects)
        XCTAssertEqual(state.reloadDiff.changed, ["b"])
    }

    func testADiffMadeAgainstAnotherSpaceIsWorkedOutAgain() {
        var state = loadedState()
        let stale = PrecomputedReloadDiff(
            old: VariableSnapshot(variables: [("a", 1), ("b", 0)]), baseGeneration: 7,
            new: VariableSnapshot(variables: [("a", 1), ("b", 2)]))
        var effects: [InspectorEffect] = []
        Reducer.apply(
            .spaceLoaded(load([("a", 1), ("b", 2)], generation: 2, diff: stale)), to: &state, effects: &effects)
        XCTAssertEqual(state.reloadDiff.changed, [], "compared with the space on show, not the stale base")
        Reducer.apply(
            .spaceLoaded(load([("a", 5), ("b", 2)], generation: 3, diff: stale)), to: &state, effects: &effects)
        XCTAssertEqual(state.reloadDiff.changed, ["a"])
    }

    func testABackgroundReloadArrivesWithItsDiff() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("d.json")
        try Data(#"{"n":1}"#.utf8).write(to: file)
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "d", path: file.path)])
        let session = InspectorSession(engine: engine, size: size, mode: .background)
        session.start()
        session.waitForBackgroundWork()
        try Data(#"{"n":2}"#.utf8).write(to: file)
        session.send(.filesChanged)
        XCTAssertTrue(session.state.status.isLoading)
        session.waitForBackgroundWork()
        XCTAssertFalse(session.state.status.isLoading)
        XCTAssertEqual(session.state.reloadDiff.changed, ["d"])
        XCTAssertEqual(session.state.status.changeSummary, "1 changed · 0 added · 0 removed")
    }
}

/// Dynamic variables are computed in the order a person sees them: those on screen first.
final class DynamicComputingOrderTests: XCTestCase {
    func testVariablesOnScreenAreComputedFirst() {
        var state = InspectorState(size: TerminalSize(rows: 20, columns: 100))
        let names = (0..<100).map { String(format: "v%03d", $0) }
        var effects: [InspectorEffect] = []
        let first = SpaceLoad(
            snapshot: VariableSnapshot(variables: names.map { ($0, .integer(1)) }), functions: [],
            manifestPath: "m.xml", fileCount: 1, logLines: [], date: Date(), generation: 1)
        Reducer.apply(.spaceLoaded(first), to: &state, effects: &effects)
        state.tree.selection = [.variable("v060")]
        Reducer.keepTreeSelectionVisible(&state)
        let top = state.tree.scrollTop
        XCTAssertGreaterThan(top, 0)
        let reload = SpaceLoad(
            snapshot: VariableSnapshot(variables: names.map { ($0, nil) }, pending: Set(names)),
            functions: [], manifestPath: "m.xml", fileCount: 1, logLines: [], date: Date(), generation: 2)
        effects = []
        Reducer.apply(.spaceLoaded(reload), to: &state, effects: &effects)
        guard
            case .loading(.computeDynamicVariables(let order, _))? = effects.first(where: {
                if case .loading(.computeDynamicVariables) = $0 { return true } else { return false }
            })
        else { return XCTFail("no computation asked: \(effects)") }
        XCTAssertEqual(order.count, 100)
        XCTAssertEqual(Set(order), Set(names))
        let onScreen = state.variableTree.rows(from: state.tree.scrollTop, count: state.layout.treeRows)
            .compactMap { row -> String? in
                if case .variable(let name)? = row.path.first { return name } else { return nil }
            }
        XCTAssertFalse(onScreen.isEmpty)
        XCTAssertEqual(Array(order.prefix(onScreen.count)), onScreen)
        XCTAssertTrue(onScreen.contains("v060"))
    }
}
