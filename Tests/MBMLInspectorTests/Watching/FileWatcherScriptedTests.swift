import Foundation
import Glibc
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// A ``DirectoryEventSource`` whose events the test queues. Like the kernel, it hands out a new
/// watch descriptor for a folder watched again after its watch was removed, and answers
/// `removeWatch` with an `IN_IGNORED` event; removed descriptors are recorded.
final class ScriptedDirectoryEvents: DirectoryEventSource {
    let fileDescriptor: Int32 = -1
    private(set) var watches: [String: Int32] = [:]
    private(set) var removed: [Int32] = []
    /// Folders `addWatch` refuses (as inotify does for a folder that does not exist).
    var unwatchable: Set<String> = []
    private var queued: [InotifyEvent] = []
    private var nextWatch: Int32 = 1

    func addWatch(directory: String) -> Int32? {
        if unwatchable.contains(directory) { return nil }
        if let watch = watches[directory] { return watch }
        defer { nextWatch += 1 }
        watches[directory] = nextWatch
        return nextWatch
    }

    func removeWatch(_ watch: Int32) {
        removed.append(watch)
        watches = watches.filter { $0.value != watch }
        queued.append(InotifyEvent(watch: watch, mask: UInt32(IN_IGNORED), name: ""))
    }

    func readEvents() -> [InotifyEvent] {
        defer { queued.removeAll() }
        return queued
    }

    /// Queues an event for `name` in `directory` (which must be watched).
    func queue(_ mask: Int32, _ name: String, in directory: String) {
        guard let watch = watches[directory] else { return XCTFail("\(directory) is not watched") }
        queued.append(InotifyEvent(watch: watch, mask: UInt32(mask), name: name))
    }

    /// Queues an event for the watch descriptor `watch`, current or not.
    func queue(_ mask: Int32, _ name: String, watch: Int32) {
        queued.append(InotifyEvent(watch: watch, mask: UInt32(mask), name: name))
    }

    /// Queues an event without a watch (a queue overflow).
    func queueOverflow() {
        queued.append(InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: ""))
    }
}

/// FileWatcher's handling of event sequences, driven by scripted events and explicit times: no
/// kernel, no sleeps. The real-inotify behaviour is covered by ``FileWatcherTests``.
final class FileWatcherScriptedTests: XCTestCase {
    private var folder: ScratchFolder!
    private var events: ScriptedDirectoryEvents!
    private let start = Date(timeIntervalSince1970: 1_000_000)

    override func setUpWithError() throws {
        folder = try ScratchFolder(prefix: "FileWatcherScriptedTests")
        try folder.write("<MBML/>", to: "manifest.xml")
        try folder.write("<MBML/>", to: "more.xml")
        events = ScriptedDirectoryEvents()
    }

    override func tearDown() {
        folder = nil
        events = nil
    }

    private var directory: String { folder.url.path }

    private func makeWatcher(_ names: [String]) -> FileWatcher {
        FileWatcher(paths: names.map { folder.file($0) }, debounce: 0.05, pollInterval: 0.1, events: events)
    }

    private func changes(_ watcher: FileWatcher, after seconds: TimeInterval) -> [String] {
        watcher.changedFiles(now: start.addingTimeInterval(seconds)).map(\.lastPathComponent)
    }

    func testTheFolderIsWatchedNotTheFile() {
        let watcher = makeWatcher(["manifest.xml", "more.xml"])
        XCTAssertEqual(events.watches.keys.sorted(), [directory])
        XCTAssertFalse(watcher.isPolling)
        XCTAssertNil(watcher.nextDeadline)
    }

    func testARenameSaveIsReportedOnceAfterTheDebounce() {
        let watcher = makeWatcher(["manifest.xml"])
        events.queue(IN_CREATE, ".manifest.xml.swp", in: directory)
        events.queue(IN_MOVED_FROM, ".manifest.xml.swp", in: directory)
        events.queue(IN_MOVED_TO, "manifest.xml", in: directory)
        XCTAssertEqual(changes(watcher, after: 0), [], "debounced")
        XCTAssertEqual(watcher.nextDeadline, start.addingTimeInterval(0.05))
        events.queue(IN_ATTRIB, "manifest.xml", in: directory)
        XCTAssertEqual(changes(watcher, after: 0.04), [], "a later event restarts the quiet time")
        XCTAssertEqual(changes(watcher, after: 0.08), [], "still within 50 ms of the last event")
        XCTAssertEqual(changes(watcher, after: 0.1), ["manifest.xml"])
        XCTAssertEqual(changes(watcher, after: 0.2), [], "reported once")
    }

    func testDeleteAndRecreateIsOneChange() {
        let watcher = makeWatcher(["manifest.xml", "more.xml"])
        events.queue(IN_DELETE, "manifest.xml", in: directory)
        events.queue(IN_CREATE, "manifest.xml", in: directory)
        events.queue(IN_CLOSE_WRITE, "manifest.xml", in: directory)
        XCTAssertEqual(changes(watcher, after: 0), [])
        XCTAssertEqual(changes(watcher, after: 0.06), ["manifest.xml"])
    }

    func testEventsForOtherFilesAreIgnored() {
        let watcher = makeWatcher(["manifest.xml"])
        events.queue(IN_MODIFY, "notes.txt", in: directory)
        events.queue(IN_MOVED_TO, "manifest.xml.bak", in: directory)
        XCTAssertEqual(changes(watcher, after: 0), [])
        XCTAssertEqual(changes(watcher, after: 1), [])
        XCTAssertNil(watcher.nextDeadline)
    }

    func testAQueueOverflowReportsEveryFileInTheOrderGiven() {
        let watcher = makeWatcher(["more.xml", "manifest.xml"])
        events.queueOverflow()
        XCTAssertEqual(changes(watcher, after: 0), [])
        XCTAssertEqual(changes(watcher, after: 0.06), ["more.xml", "manifest.xml"])
    }

    func testAFolderThatGoesAwayReportsItsFilesAndIsPolledUntilItCanBeWatchedAgain() throws {
        let watcher = makeWatcher(["manifest.xml"])
        let firstWatch = try XCTUnwrap(events.watches[directory])
        events.queue(IN_DELETE_SELF, "", in: directory)
        events.queue(IN_IGNORED, "", in: directory)
        events.unwatchable = [directory] // gone: it cannot be watched again for now
        XCTAssertEqual(changes(watcher, after: 0), [])
        XCTAssertEqual(events.removed, [firstWatch], "the ended watch is removed")
        XCTAssertNotNil(watcher.nextDeadline, "the folder is polled now")
        XCTAssertEqual(changes(watcher, after: 0.06), ["manifest.xml"])
        // Back again: the next poll watches it with a new descriptor.
        events.unwatchable = []
        XCTAssertEqual(changes(watcher, after: 0.2), [])
        let secondWatch = try XCTUnwrap(events.watches[directory])
        XCTAssertNotEqual(secondWatch, firstWatch)
        events.queue(IN_MODIFY, "manifest.xml", in: directory)
        XCTAssertEqual(changes(watcher, after: 0.3), [])
        XCTAssertEqual(changes(watcher, after: 0.4), ["manifest.xml"])
    }

    func testAnUnwatchableFolderIsPolled() throws {
        events.unwatchable = [directory]
        let watcher = makeWatcher(["manifest.xml"])
        XCTAssertTrue(events.watches.isEmpty)
        XCTAssertEqual(changes(watcher, after: 0), [])
        try folder.write("<MBML><Var name=\"a\" literal=\"a longer file\"/></MBML>", to: "manifest.xml")
        XCTAssertEqual(changes(watcher, after: 0.15), [], "noticed by the poll, then debounced")
        XCTAssertEqual(changes(watcher, after: 0.25), ["manifest.xml"])
    }

    func testEventsOfAWatchThatWasRemovedAreIgnored() throws {
        let watcher = makeWatcher(["manifest.xml"])
        let watch = try XCTUnwrap(events.watches[directory])
        watcher.watch(paths: [])
        XCTAssertEqual(events.removed, [watch])
        events.queue(IN_MODIFY, "manifest.xml", watch: watch)
        XCTAssertEqual(changes(watcher, after: 1), [])
    }
}
