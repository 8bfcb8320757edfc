import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Watching is an effect: loads say which files they read, the reducer asks for them to be watched.
final class WatchListTests: XCTestCase {
    private let size = TerminalSize(rows: 40, columns: 120)
    private let manifest = URL(fileURLWithPath: "/work/m.xml")
    private let include = URL(fileURLWithPath: "/work/more.xml")
    private let other = URL(fileURLWithPath: "/elsewhere/o.xml")

    private func load(files: [URL], generation: Int) -> SpaceLoad {
        var load = SpaceLoad(
            snapshot: VariableSnapshot(variables: [("a", 1)], pending: []), functions: [], manifestPath: "m.xml",
            fileCount: files.count, logLines: [], date: Date(), generation: generation)
        load.files = files
        return load
    }

    func testLoadsAskForTheirFilesToBeWatched() {
        var state = InspectorState(size: size)
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load(files: [manifest, include], generation: 1)), to: &state, effects: &effects)
        XCTAssertTrue(effects.contains(.loading(.watch([manifest, include]))), "\(effects)")

        // A failed reload keeps watching what the last good load read, and adds what it read.
        effects = []
        Reducer.apply(
            .loadFailed(message: "broken", diagnostics: [], at: Date(), files: [manifest, other]), to: &state,
            effects: &effects)
        XCTAssertTrue(effects.contains(.loading(.watch([manifest, include, other]))), "\(effects)")

        // A good load replaces them.
        effects = []
        Reducer.apply(.spaceLoaded(load(files: [manifest], generation: 2)), to: &state, effects: &effects)
        XCTAssertTrue(effects.contains(.loading(.watch([manifest]))), "\(effects)")
    }

    func testTheComparedSpacesFilesAreWatchedToo() {
        var state = InspectorState(size: size)
        var effects: [InspectorEffect] = []
        Reducer.apply(.spaceLoaded(load(files: [manifest], generation: 1)), to: &state, effects: &effects)
        effects = []
        Reducer.apply(.comparisonLoaded(files: [other], failed: false), to: &state, effects: &effects)
        XCTAssertEqual(effects, [.loading(.watch([manifest, other]))])
        XCTAssertEqual(state.watchList.space, [manifest])
        XCTAssertEqual(state.watchList.comparison, [other])
    }

    func testASessionWatchesWhatItsLoadRead() throws {
        let folder = try ScratchFolder(prefix: "WatchListTests")
        try folder.write(#"<MBML><Var name="b" literal="2"/></MBML>"#, to: "more.xml")
        let manifest = try folder.write(#"<MBML><Include file="more.xml"/></MBML>"#, to: "manifest.xml")
        let session = InspectorSession(engine: EngineController(source: .manifest(manifest)), size: size)
        let watcher = FileWatcher(paths: [], debounce: 0, pollInterval: 60, events: nil)
        session.watcher = watcher
        session.start()
        XCTAssertEqual(watcher.watchedFiles.map(\.lastPathComponent), ["manifest.xml", "more.xml"])
        XCTAssertEqual(watcher.watchedFiles, session.state.watchList.all)
    }
}
