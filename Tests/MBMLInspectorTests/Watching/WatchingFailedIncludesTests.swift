import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// Issue #20: an include that once failed to load (unreadable, or for a moment a link to
/// `/dev/zero`) was dropped from the watch list, so restoring it was never picked up.
final class WatchingFailedIncludesTests: XCTestCase {
    private let size = TerminalSize(rows: 40, columns: 120)

    /// A session whose reloads are driven by a polling watcher, as the event loop drives them.
    private func watchedSession(_ manifest: URL) -> (InspectorSession, EngineController, FileWatcher) {
        let engine = EngineController(source: .manifest(manifest))
        let session = InspectorSession(engine: engine, size: size)
        let watcher = FileWatcher(paths: [], debounce: 0, pollInterval: 0, events: nil)
        session.watcher = watcher
        session.start()
        return (session, engine, watcher)
    }

    private func watches(_ watcher: FileWatcher, _ url: URL) -> Bool {
        watcher.watchedFiles.map(\.standardizedFileURL.path).contains(url.standardizedFileURL.path)
    }

    func testAnIncludeLinkedToADeviceStaysWatchedAndIsPickedUpWhenItComesBack() throws {
        let folder = try ScratchFolder()
        let manifest = try folder.write(
            #"<MBML><Var name="a" literal="1"/><Include file="more.xml"/></MBML>"#, to: "manifest.xml")
        let more = folder.file("more.xml")
        try FileManager.default.createSymbolicLink(atPath: more.path, withDestinationPath: "/dev/zero")
        let (session, _, watcher) = watchedSession(manifest)
        XCTAssertEqual(session.state.space.value(of: "a"), "1")
        XCTAssertNil(session.state.space.value(of: "b"))
        XCTAssertTrue(watches(watcher, more), "the include that failed is still watched")
        XCTAssertEqual(watcher.changedFiles(now: Date()), [])

        try FileManager.default.removeItem(at: more)
        try folder.write(#"<MBML><Var name="b" literal="2"/></MBML>"#, to: "more.xml")
        let changed = watcher.changedFiles(now: Date().addingTimeInterval(1))
        XCTAssertEqual(changed.map(\.lastPathComponent), ["more.xml"])
        if !changed.isEmpty { session.send(.filesChanged) }
        XCTAssertEqual(session.state.space.value(of: "b"), "2", "the include is picked up")
        XCTAssertTrue(watches(watcher, more))
    }

    func testAnIncludeThatBreaksAfterLoadingStaysWatchedThroughTheFailedReload() throws {
        let folder = try ScratchFolder()
        let manifest = try folder.write(#"<MBML><Include file="more.xml"/></MBML>"#, to: "manifest.xml")
        let more = try folder.write(#"<MBML><Var name="b" literal="2"/></MBML>"#, to: "more.xml")
        let (session, _, watcher) = watchedSession(manifest)
        XCTAssertEqual(session.state.space.value(of: "b"), "2")

        try FileManager.default.removeItem(at: more)
        try FileManager.default.createSymbolicLink(atPath: more.path, withDestinationPath: "/dev/zero")
        session.send(.filesChanged)
        XCTAssertNil(session.state.space.value(of: "b"))
        XCTAssertTrue(watches(watcher, more), "still watched after the reload that could not read it")
        _ = watcher.changedFiles(now: Date())

        try FileManager.default.removeItem(at: more)
        try folder.write(#"<MBML><Var name="b" literal="3"/></MBML>"#, to: "more.xml")
        XCTAssertEqual(watcher.changedFiles(now: Date().addingTimeInterval(1)).map(\.lastPathComponent), ["more.xml"])
        session.send(.filesChanged)
        XCTAssertEqual(session.state.space.value(of: "b"), "3")
    }

    func testAnUnreadableIncludeIsAmongTheFilesTheSpaceWasBuiltFrom() throws {
        try XCTSkipIf(getuid() == 0, "root reads files whatever their permissions")
        let folder = try ScratchFolder()
        let manifest = try folder.write(#"<MBML><Include file="more.xml"/></MBML>"#, to: "manifest.xml")
        let more = try folder.write(#"<MBML><Var name="b" literal="2"/></MBML>"#, to: "more.xml")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: more.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: more.path) }
        let load = EnvironmentBuilder().build([.manifest(manifest)])
        XCTAssertTrue(load.files.map(\.standardizedFileURL.path).contains(more.path))
    }

    func testAnIncludeLinkedToADeviceIsAmongTheFilesTheSpaceWasBuiltFrom() throws {
        let folder = try ScratchFolder()
        let manifest = try folder.write(#"<MBML><Include file="more.xml"/></MBML>"#, to: "manifest.xml")
        let more = folder.file("more.xml")
        try FileManager.default.createSymbolicLink(atPath: more.path, withDestinationPath: "/dev/zero")
        let load = EnvironmentBuilder().build([.manifest(manifest)])
        XCTAssertFalse(load.diagnostics.isEmpty, "the include did not load")
        XCTAssertTrue(load.files.map(\.standardizedFileURL.path).contains(more.path))
    }
}
