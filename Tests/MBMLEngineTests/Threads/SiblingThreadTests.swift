import CSiblingThread
import Dispatch
import Synchronization
import XCTest

@testable import MBMLEngine

/// ``SiblingThread``: the work runs once, on a processor other than the caller's when the caller
/// may use more than one, and is then free to run on every processor the caller may.
final class SiblingThreadTests: XCTestCase {
    func testEachStartRunsItsWorkOnce() {
        let runs = Mutex<[Int]>([])
        let group = DispatchGroup()
        for index in 0..<40 {
            group.enter()
            SiblingThread.start(stackSize: 1 << 20) {
                runs.withLock { $0.append(index) }
                group.leave()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(runs.withLock { $0.sorted() }, Array(0..<40))
    }

    func testTheThreadStartsElsewhereThenMayRunAnywhereTheCallerMay() throws {
        let allowed = mbml_allowed_processor_count()
        try XCTSkipUnless(allowed >= 2, "the caller may run on one processor only")
        let trials = 50
        let seen = Mutex<[(caller: Int32, first: Int32, allowed: Int32)]>([])
        for _ in 0..<trials {
            let started = Atomic(false)
            let caller = mbml_current_processor()
            SiblingThread.start {
                let first = mbml_current_processor()
                let count = mbml_allowed_processor_count()
                seen.withLock { $0.append((caller, first, count)) }
                started.store(true, ordering: .releasing)
            }
            // Busy, as a loading thread is when it starts its helper (a waiting caller would leave
            // its own processor free).
            let deadline = ContinuousClock.now + .seconds(10)
            while !started.load(ordering: .acquiring), ContinuousClock.now < deadline {}
        }
        let results = seen.withLock { $0 }
        XCTAssertEqual(results.count, trials)
        // The caller may move between reading its processor and starting the thread: nearly every
        // trial, not every one.
        let elsewhere = results.filter { $0.caller != $0.first }.count
        XCTAssertGreaterThanOrEqual(elsewhere, trials * 9 / 10, "\(results)")
        XCTAssertTrue(results.allSatisfy { $0.allowed == allowed }, "\(results)")
    }
}
