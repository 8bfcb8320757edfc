import Foundation
import XCTest

@testable import MBMLInspector

/// FileWatcher with inotify: every way an editor saves a file is noticed, unrelated files are not,
/// and bursts are debounced.
final class FileWatcherTests: XCTestCase {
    private var folder: WatcherScratchFolder!

    override func setUpWithError() throws {
        folder = try WatcherScratchFolder()
    }

    override func tearDown() {
        folder = nil
    }

    private func makeWatcher(_ names: [String]) -> FileWatcher {
        let watcher = FileWatcher(paths: names.map { folder.file($0) })
        XCTAssertFalse(watcher.isPolling, "inotify should be available on Linux")
        XCTAssertGreaterThanOrEqual(watcher.fileDescriptor, 0)
        return watcher
    }

    func testNothingIsReportedWithoutChanges() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        XCTAssertEqual(collectWatcherChanges(watcher, for: 0.15), [])
        XCTAssertNil(watcher.nextDeadline)
    }

    func testInPlaceWriteIsReported() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        try folder.writeInPlace("<MBML><Var name=\"a\" literal=\"1\"/></MBML>", to: "manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
    }

    func testRenameSaveIsReportedEveryTime() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        try folder.renameSave("one", to: "manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
        // The original inode is gone; the folder watch still sees the next save.
        try folder.renameSave("two", to: "manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
    }

    func testBackupThenWriteIsReportedOnce() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        try folder.backupThenWrite("new", to: "manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
        XCTAssertEqual(collectWatcherChanges(watcher, for: 0.15), [], "the backup file is not watched")
    }

    func testDeleteThenCreateIsReported() throws {
        try folder.write("<MBML/>", to: "data.json")
        let watcher = makeWatcher(["data.json"])
        try folder.delete("data.json")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["data.json"])
        try folder.write("{}", to: "data.json")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["data.json"])
    }

    func testFileCreatedAfterWatchingStartedIsReported() throws {
        let watcher = makeWatcher(["later.xml"])
        try folder.write("<MBML/>", to: "later.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["later.xml"])
    }

    func testUnrelatedFileInSameFolderIsIgnored() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        try folder.write("x", to: "notes.txt")
        try folder.renameSave("y", to: "notes.txt")
        try folder.write("z", to: "manifest.xml.bak")
        XCTAssertEqual(collectWatcherChanges(watcher, for: 0.2), [])
        XCTAssertNil(watcher.nextDeadline, "unrelated events must not start a debounce")
    }

    func testBurstIsCoalescedIntoOneReport() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        try folder.write("{}", to: "catalog.json")
        let watcher = makeWatcher(["manifest.xml", "catalog.json"])
        let start = Date()
        // Five writes 20 ms apart (each within the 50 ms debounce of the one before).
        for step in 0..<5 {
            try folder.writeInPlace("version \(step)", to: step.isMultiple(of: 2) ? "manifest.xml" : "catalog.json")
            let now = start.addingTimeInterval(Double(step) * 0.02)
            XCTAssertEqual(watcher.changedFiles(now: now), [], "reported before the burst ended (step \(step))")
            XCTAssertEqual(watcher.nextDeadline, now.addingTimeInterval(watcher.debounce))
        }
        let lastEvent = start.addingTimeInterval(0.08)
        XCTAssertEqual(watcher.changedFiles(now: lastEvent.addingTimeInterval(0.04)), [])
        let changed = watcher.changedFiles(now: lastEvent.addingTimeInterval(0.06))
        XCTAssertEqual(
            changed.map(\.lastPathComponent), ["manifest.xml", "catalog.json"], "in the order given, once each")
        XCTAssertEqual(watcher.changedFiles(now: lastEvent.addingTimeInterval(1)), [])
        XCTAssertNil(watcher.nextDeadline)
    }

    func testReportsTheCallersURL() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        // A non-standardized URL (with `..`) is matched and handed back unchanged.
        let given = folder.url.appendingPathComponent("sub/../manifest.xml")
        let watcher = FileWatcher(paths: [given])
        try folder.renameSave("x", to: "manifest.xml")
        let end = Date().addingTimeInterval(3)
        var changed: [URL] = []
        while changed.isEmpty && Date() < end {
            changed = watcher.changedFiles()
            usleep(10_000)
        }
        XCTAssertEqual(changed, [given])
    }

    func testFilesInSeveralFolders() throws {
        try FileManager.default.createDirectory(at: folder.file("includes"), withIntermediateDirectories: true)
        try folder.write("<MBML/>", to: "manifest.xml")
        try folder.write("<MBML/>", to: "includes/cats.xml")
        let watcher = makeWatcher(["manifest.xml", "includes/cats.xml"])
        try folder.renameSave("x", to: "includes/cats.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["cats.xml"])
    }

    func testWatchReplacesTheWatchedSet() throws {
        try folder.write("a", to: "a.xml")
        try FileManager.default.createDirectory(at: folder.file("other"), withIntermediateDirectories: true)
        try folder.write("b", to: "other/b.xml")
        let watcher = makeWatcher(["a.xml"])
        try folder.writeInPlace("a2", to: "a.xml")
        watcher.watch(paths: [folder.file("other/b.xml")]) // drops the pending change to a.xml
        XCTAssertEqual(watcher.watchedFiles.map(\.lastPathComponent), ["b.xml"])
        try folder.writeInPlace("a3", to: "a.xml")
        XCTAssertEqual(collectWatcherChanges(watcher, for: 0.15), [])
        try folder.renameSave("b2", to: "other/b.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["b.xml"])
    }

    func testEditThroughSymbolicLinkTargetIsReported() throws {
        try FileManager.default.createDirectory(at: folder.file("real"), withIntermediateDirectories: true)
        try folder.write("<MBML/>", to: "real/manifest.xml")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link.xml").path,
            withDestinationPath: folder.file("real/manifest.xml").path)
        let watcher = makeWatcher(["link.xml"])
        try folder.renameSave("x", to: "real/manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["link.xml"])
    }

    func testMissingFolderIsWatchedOnceItExists() throws {
        let watcher = makeWatcher(["later/manifest.xml"])
        XCTAssertNotNil(watcher.nextDeadline, "a folder that cannot be watched yet is polled")
        try FileManager.default.createDirectory(at: folder.file("later"), withIntermediateDirectories: true)
        try folder.write("<MBML/>", to: "later/manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
        // Now watched with inotify: a later save is seen too.
        try folder.renameSave("x", to: "later/manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
    }

    func testFolderRemovedAndRecreatedKeepsBeingWatched() throws {
        try FileManager.default.createDirectory(at: folder.file("inc"), withIntermediateDirectories: true)
        try folder.write("<MBML/>", to: "inc/a.xml")
        let watcher = makeWatcher(["inc/a.xml"])
        try FileManager.default.removeItem(at: folder.file("inc"))
        XCTAssertEqual(awaitWatcherChanges(watcher), ["a.xml"])
        try FileManager.default.createDirectory(at: folder.file("inc"), withIntermediateDirectories: true)
        try folder.write("<MBML/>", to: "inc/a.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["a.xml"])
        try folder.renameSave("y", to: "inc/a.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["a.xml"])
    }
}
