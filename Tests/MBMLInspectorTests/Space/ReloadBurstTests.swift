import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// One save, one report (issue 32): reloads close together (the `E` round trip's own reload and the
/// watcher's, an editor's several writes) are compared with the space on show before the first of
/// them, so a later reload that brings nothing new does not replace "1 changed" with "0 changed".
final class ReloadBurstTests: XCTestCase {
    private let size = TerminalSize(rows: 30, columns: 100)
    private let start = Date(timeIntervalSince1970: 1_000)

    private func load(_ pairs: [(String, Value?)], generation: Int, at seconds: TimeInterval) -> SpaceLoad {
        SpaceLoad(
            snapshot: VariableSnapshot(variables: pairs), functions: [], manifestPath: "m.xml",
            fileCount: 1, logLines: [], date: start.addingTimeInterval(seconds), generation: generation)
    }

    private func apply(_ load: SpaceLoad, to state: inout InspectorState) {
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load), to: &state, effects: &effects)
    }

    func testASecondReloadOfTheSameSaveKeepsTheReport() {
        var state = InspectorState(size: size)
        apply(load([("a", 1), ("b", 2)], generation: 1, at: 0), to: &state)
        apply(load([("a", 1), ("b", 3)], generation: 2, at: 30), to: &state)
        XCTAssertEqual(state.status.changeSummary, "1 changed · 0 added · 0 removed")
        // The watcher's reload for the same writes, 60 ms later: nothing new on disk.
        apply(load([("a", 1), ("b", 3)], generation: 3, at: 30.06), to: &state)
        XCTAssertEqual(state.status.changeSummary, "1 changed · 0 added · 0 removed")
        XCTAssertEqual(state.reloadDiff.changed, ["b"])
        XCTAssertTrue(state.log.loadLines.contains { $0.text == "changed $b: 2 → 3" }, "\(state.log.loadLines)")
        XCTAssertEqual(
            state.reloadDiff.nodeChange(at: [.variable("b")], old: state.previousSpace, new: state.space), .changed)
    }

    func testTheWritesOfOneSaveAddUpAgainstWhatWasShownBefore() {
        var state = InspectorState(size: size)
        apply(load([("a", 1)], generation: 1, at: 0), to: &state)
        apply(load([("a", 1), ("b", 2)], generation: 2, at: 10), to: &state)
        apply(load([("a", 5), ("b", 2)], generation: 3, at: 10.5), to: &state)
        XCTAssertEqual(state.status.changeSummary, "1 changed · 1 added · 0 removed")
        XCTAssertTrue(state.log.loadLines.contains { $0.text == "added $b: 2" }, "\(state.log.loadLines)")
        XCTAssertTrue(state.log.loadLines.contains { $0.text == "changed $a: 1 → 5" }, "\(state.log.loadLines)")
    }

    func testASaveLaterIsAReportOfItsOwn() {
        var state = InspectorState(size: size)
        apply(load([("a", 1)], generation: 1, at: 0), to: &state)
        apply(load([("a", 2)], generation: 2, at: 10), to: &state)
        apply(load([("a", 2)], generation: 3, at: 10 + ReloadBurst.window + 1), to: &state)
        XCTAssertEqual(state.status.changeSummary, "0 changed · 0 added · 0 removed")
    }

    /// The editor returning: its writes are one save, answered by the round trip's own reload; the
    /// watcher forgets the events they caused.
    func testTheWatcherForgetsChangesTheCallerAnswered() throws {
        let folder = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("m.xml")
        try Data("<MBML/>".utf8).write(to: file)
        for mode in [FileWatcher.Mode.automatic, .polling] {
            let watcher = FileWatcher(paths: [file], debounce: 0.01, pollInterval: 0.01, mode: mode)
            Thread.sleep(forTimeInterval: 0.03)
            _ = watcher.changedFiles()
            try Data("<MBML><Var name=\"a\" literal=\"1\"/></MBML>".utf8).write(to: file, options: .atomic)
            Thread.sleep(forTimeInterval: 0.03)
            watcher.discardPendingChanges()
            Thread.sleep(forTimeInterval: 0.05)
            XCTAssertEqual(watcher.changedFiles(), [], "\(mode): the change was answered already")
            try Data("<MBML><Var name=\"a\" literal=\"2\"/></MBML>".utf8).write(to: file, options: .atomic)
            var seen: [URL] = []
            for _ in 0..<50 where seen.isEmpty {
                Thread.sleep(forTimeInterval: 0.02)
                seen = watcher.changedFiles()
            }
            XCTAssertEqual(seen.map(\.lastPathComponent), ["m.xml"], "\(mode): a later save is seen")
        }
    }
}
