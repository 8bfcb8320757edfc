import Foundation
import Glibc
import XCTest

@testable import MBMLInspector

/// The background primitive: generations that supersede and cancel work, and the one mailbox
/// whose descriptor wakes the loop.
final class BackgroundLanesTests: XCTestCase {
    func testANewerGenerationSupersedesAndCancelStops() {
        let generation = Generation()
        let first = generation.advance()
        XCTAssertTrue(generation.isCurrent(first))
        let second = generation.advance()
        XCTAssertFalse(generation.isCurrent(first))
        XCTAssertTrue(generation.isCurrent(second))
        generation.cancel()
        XCTAssertFalse(generation.isCurrent(second))
        generation.start(7)
        XCTAssertTrue(generation.isCurrent(7))
        XCTAssertEqual(generation.currentNumber, 7)
        XCTAssertEqual(generation.advance(), 8)
    }

    func testTheMailboxWakesItsDescriptorAndCollapsesProgress() {
        let mailbox = Mailbox<String>()
        XCTAssertFalse(isReadable(mailbox.fileDescriptor))
        mailbox.post("progress 1")
        mailbox.post("progress 2") { $0.hasPrefix("progress") }
        mailbox.post("done")
        XCTAssertTrue(isReadable(mailbox.fileDescriptor))
        XCTAssertEqual(mailbox.take(), ["progress 2", "done"])
        XCTAssertFalse(isReadable(mailbox.fileDescriptor))
        XCTAssertEqual(mailbox.take(), [])
    }

    func testLanesDoNotWaitForEachOther() {
        let lanes = BackgroundLanes<String>(label: "test")
        let release = DispatchSemaphore(value: 0)
        lanes.submit(on: .loading) {
            release.wait()
            return "loaded"
        }
        lanes.submit(on: .evaluation) { "evaluated" }
        var descriptor = pollfd(fd: lanes.mailbox.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&descriptor, 1, 5_000), 1, "the evaluation answered while the load still ran")
        XCTAssertEqual(lanes.mailbox.take(), ["evaluated"])
        release.signal()
        lanes.waitUntilIdle()
        XCTAssertEqual(lanes.mailbox.take(), ["loaded"])
    }

    private func isReadable(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
