import Foundation
import XCTest

@testable import mbml

/// `mbml bench` reports a spawned program's own peak memory, not the bench's: on Linux a child's
/// `rusage` carries the memory of the process that spawned it.
final class ChildProcessPeakTests: XCTestCase {
    /// 200 MB allocated and touched here first; a program as small as `true` must still report a
    /// few megabytes.
    func testSmallProgramReportsItsOwnPeakNotTheSpawner() throws {
        let size = 200 * 1024 * 1024
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
        let truePath = FileManager.default.isExecutableFile(atPath: "/bin/true") ? "/bin/true" : "/usr/bin/true"
        let run = try ChildProcess.run(truePath, [])
        XCTAssertEqual(run.status, 0)
        XCTAssertGreaterThan(run.peakMemory, 0)
        XCTAssertLessThan(run.peakMemory, 32 * 1024 * 1024, "peak \(run.peakMemory) bytes")
        XCTAssertEqual(block[size - 4096], 1)
    }

    /// What the program prints, its exit status and a signal that ends it still come through.
    func testOutputStatusAndSignalAreKept() throws {
        let echo = try ChildProcess.run("/bin/sh", ["-c", "printf 'a\\nb\\n'; exit 3"])
        XCTAssertEqual(echo.output, "a\nb\n")
        XCTAssertEqual(echo.status, 3)
        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        XCTAssertEqual(killed.status, 128 + SIGTERM)
    }

    /// A run past its CPU-time limit is ended by the kernel and marked; in turns it is not run
    /// again, while a program within the limit runs every turn and is not marked.
    func testACPULimitEndsABusyProgramOnce() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("cpu-limit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let busy = ("/bin/sh", ["-c", "echo x >> '\(marker.path)'; while :; do :; done"])
        let quick = ("/bin/sh", ["-c", "echo done"])
        let runs = try ChildProcess.inTurns(runs: 3, [busy, quick], cpuLimit: 1)
        XCTAssertTrue(runs[0].passedCPULimit)
        XCTAssertGreaterThan(runs[0].status, 128)
        XCTAssertEqual(try String(contentsOf: marker, encoding: .utf8), "x\n", "the stopped program ran again")
        XCTAssertFalse(runs[1].passedCPULimit)
        XCTAssertEqual(runs[1].output, "done\n")
    }

    /// A program that grows to 64 MB reports at least that, read at its exit.
    func testGrowthOfTheProgramItselfIsSeen() throws {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw XCTSkip("no python3") }
        let run = try ChildProcess.run(python, ["-c", "b = bytearray(64 * 1024 * 1024); print(len(b))"])
        XCTAssertEqual(run.output, "67108864\n")
        XCTAssertGreaterThan(run.peakMemory, 64 * 1024 * 1024)
        XCTAssertLessThan(run.peakMemory, 160 * 1024 * 1024)
    }

    /// A program whose last thread to leave is not its first (it exits from another thread, as a
    /// Go program may) still reports its own peak, not the spawner's 200 MB.
    func testExitFromAnotherThreadReportsItsOwnPeak() throws {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw XCTSkip("no python3") }
        let size = 200 * 1024 * 1024
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        defer { block.deallocate() }
        for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
        let script =
            "import os, sys, threading\nb = bytearray(16 << 20)\nprint(len(b)); sys.stdout.flush()\n"
            + "threading.Thread(target=lambda: os._exit(4)).start()\nthreading.Event().wait()\n"
        let run = try ChildProcess.run(python, ["-c", script])
        XCTAssertEqual(run.output, "16777216\n")
        XCTAssertEqual(run.status, 4)
        XCTAssertGreaterThan(run.peakMemory, 16 * 1024 * 1024)
        XCTAssertLessThan(run.peakMemory, 100 * 1024 * 1024, "peak \(run.peakMemory) bytes")
        XCTAssertEqual(block[size - 4096], 1)
    }

    /// A program that is not there is an error naming it, as before.
    func testMissingProgramThrows() {
        XCTAssertThrowsError(try ChildProcess.run("/nonexistent/program", [])) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/program"))
        }
    }
}
