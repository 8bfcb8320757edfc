import Foundation
import XCTest

@testable import MBMLInspector

/// FileWatcher in polling mode (what it falls back to without inotify), and the inotify event decoder.
final class FileWatcherPollingTests: XCTestCase {
    private var folder: WatcherScratchFolder!

    override func setUpWithError() throws {
        folder = try WatcherScratchFolder()
    }

    override func tearDown() {
        folder = nil
    }

    private func makeWatcher(_ names: [String]) -> FileWatcher {
        let watcher = FileWatcher(paths: names.map { folder.file($0) }, pollInterval: 0.02, mode: .polling)
        XCTAssertTrue(watcher.isPolling)
        XCTAssertEqual(watcher.fileDescriptor, -1)
        XCTAssertNotNil(watcher.nextDeadline, "polling always has a next deadline")
        return watcher
    }

    func testPollingSeesInPlaceWrite() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        XCTAssertEqual(collectWatcherChanges(watcher, for: 0.1), [])
        try folder.writeInPlace("<MBML>changed</MBML>", to: "manifest.xml")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
    }

    func testPollingSeesRenameSaveOfSameSize() throws {
        try folder.write("aaaa", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        try folder.renameSave("bbbb", to: "manifest.xml") // same size: the inode tells
        XCTAssertEqual(awaitWatcherChanges(watcher), ["manifest.xml"])
    }

    func testPollingSeesDeleteAndCreate() throws {
        try folder.write("{}", to: "data.json")
        let watcher = makeWatcher(["data.json"])
        try folder.delete("data.json")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["data.json"])
        try folder.write("{}", to: "data.json")
        XCTAssertEqual(awaitWatcherChanges(watcher), ["data.json"])
    }

    func testPollingIgnoresUnrelatedFile() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = makeWatcher(["manifest.xml"])
        try folder.write("x", to: "other.xml")
        XCTAssertEqual(collectWatcherChanges(watcher, for: 0.15), [])
    }

    func testPollingDebouncesAndReportsOnce() throws {
        try folder.write("<MBML/>", to: "manifest.xml")
        let watcher = FileWatcher(
            paths: [folder.file("manifest.xml")], debounce: 0.05, pollInterval: 0.01, mode: .polling)
        let start = Date()
        try folder.writeInPlace("one", to: "manifest.xml")
        XCTAssertEqual(watcher.changedFiles(now: start), [], "detected, but the debounce has not passed")
        try folder.writeInPlace("two!", to: "manifest.xml")
        XCTAssertEqual(watcher.changedFiles(now: start.addingTimeInterval(0.03)), [])
        XCTAssertEqual(
            watcher.changedFiles(now: start.addingTimeInterval(0.07)), [], "second change restarted the debounce")
        XCTAssertEqual(
            watcher.changedFiles(now: start.addingTimeInterval(0.09)).map(\.lastPathComponent), ["manifest.xml"])
        XCTAssertEqual(watcher.changedFiles(now: start.addingTimeInterval(0.2)), [])
    }

    func testInotifyEventDecoding() {
        var bytes: [UInt8] = []
        func append(watch: Int32, mask: UInt32, name: String, padded length: Int) {
            withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: mask.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0).littleEndian) { bytes += $0 } // cookie
            withUnsafeBytes(of: UInt32(length).littleEndian) { bytes += $0 }
            bytes += Array(name.utf8) + Array(repeating: 0, count: length - name.utf8.count)
        }
        append(watch: 3, mask: UInt32(IN_MOVED_TO), name: "manifest.xml", padded: 16)
        append(watch: 3, mask: UInt32(IN_DELETE_SELF), name: "", padded: 0)
        append(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: "", padded: 0)
        let events = bytes.withUnsafeBytes { InotifyChannel.parse($0) }
        XCTAssertEqual(
            events,
            [
                InotifyEvent(watch: 3, mask: UInt32(IN_MOVED_TO), name: "manifest.xml"),
                InotifyEvent(watch: 3, mask: UInt32(IN_DELETE_SELF), name: ""),
                InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: ""),
            ])
        XCTAssertFalse(events[0].endsWatch)
        XCTAssertTrue(events[1].endsWatch)
        XCTAssertTrue(events[2].isOverflow)
    }
}
