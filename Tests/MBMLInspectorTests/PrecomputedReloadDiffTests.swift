import Foundation
import MBMLEngine
import XCTest
@testable import MBMLInspector

/// A reload's diff is worked out on the loading queue; the reducer takes it only when it was made
/// against the space still on show.
final class PrecomputedReloadDiffTests: XCTestCase {
    private let size = TerminalSize(rows: 30, columns: 100)

    private func load(_ pairs: [(String, Value?)], generation: Int, diff: PrecomputedReloadDiff? = nil) -> SpaceLoad {
        var load = SpaceLoad(snapshot: VariableSnapshot(variables: pairs), functions: [], manifestPath: "m.xml",
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
        let claimed = PrecomputedReloadDiff(old: VariableSnapshot(variables: [("a", 1), ("b", 0)]), baseGeneration: 1,
                                            new: VariableSnapshot(variables: [("a", 1), ("b", 2)]))
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load([("a", 1), ("b", 2)], generation: 2, diff: claimed)), to: &state, effects: &effects)
        XCTAssertEqual(state.reloadDiff.changed, ["b"])
    }

    func testADiffMadeAgainstAnotherSpaceIsWorkedOutAgain() {
        var state = loadedState()
        let stale = PrecomputedReloadDiff(old: VariableSnapshot(variables: [("a", 1), ("b", 0)]), baseGeneration: 7,
                                          new: VariableSnapshot(variables: [("a", 1), ("b", 2)]))
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load([("a", 1), ("b", 2)], generation: 2, diff: stale)), to: &state, effects: &effects)
        XCTAssertEqual(state.reloadDiff.changed, [], "compared with the space on show, not the stale base")
        Reducer.apply(.spaceLoaded(load([("a", 5), ("b", 2)], generation: 3, diff: stale)), to: &state, effects: &effects)
        XCTAssertEqual(state.reloadDiff.changed, ["a"])
    }

    func testABackgroundReloadArrivesWithItsDiff() throws {
        let folder = try FileManager.default.url(for: .itemReplacementDirectory, in: .userDomainMask,
                                                 appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("d.json")
        try Data(#"{"n":1}"#.utf8).write(to: file)
        let engine = EngineController(source: .empty, dataFiles: [DataFileSpec(name: "d", path: file.path)])
        let session = InspectorSession(engine: engine, size: size, mode: .background)
        session.start()
        while !session.deliverFinishedLoads() { Thread.sleep(forTimeInterval: 0.005) }
        try Data(#"{"n":2}"#.utf8).write(to: file)
        session.send(.filesChanged)
        while !session.deliverFinishedLoads() { Thread.sleep(forTimeInterval: 0.005) }
        XCTAssertEqual(session.state.reloadDiff.changed, ["d"])
        XCTAssertEqual(session.state.status.changeSummary, "1 changed · 0 added · 0 removed")
    }
}
