import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

#if canImport(Glibc)
import Glibc
#endif

/// ``MappedFile/Identity``: a mapped data file rewritten in place at the same size, its time of
/// last write set back, is reported by the check every one-shot answer passes
/// (``Environment/answer(_:)``) — the inode's change time tells; a change that touches the inode
/// but leaves the file named is reported too; a file renamed over or deleted (no name left) is not.
final class MappedFileIdentityTests: XCTestCase {
    /// An array of `count` records padded with white space to the mapping threshold.
    private func text(records count: Int) -> String {
        let array = "[" + (0..<count).map { #"{"id":\#($0),"name":"P\#($0)"}"# }.joined(separator: ",") + "]"
        return array + String(repeating: " ", count: DataFileReading.mappingThreshold - array.utf8.count) + "\n"
    }

    /// The file's status now.
    private func status(_ path: String) throws -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        return info
    }

    /// Writes `bytes` over the file at `path` from `offset` (its size unchanged when they fit), then
    /// puts its access and modification times back to what they were, as `touch -r` would.
    private func rewriteInPlace(_ path: String, at offset: Int, with bytes: String) throws {
        let before = try status(path)
        // On a system whose clock for file times ticks coarsely, let it tick.
        usleep(20_000)
        let descriptor = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let written = Array(bytes.utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        XCTAssertEqual(written, bytes.utf8.count)
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(futimens(descriptor, &times), 0)
        let after = try status(path)
        // What the check compared before the change time: all of it is as it was.
        XCTAssertEqual(after.st_size, before.st_size)
        XCTAssertEqual(after.st_mtim.tv_sec, before.st_mtim.tv_sec)
        XCTAssertEqual(after.st_mtim.tv_nsec, before.st_mtim.tv_nsec)
        XCTAssertEqual(after.st_ino, before.st_ino)
    }

    func testARewriteInPlaceAtTheSameSizeAndTimeIsReported() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(text(records: 3), to: "data.json")
        let mapped = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        XCTAssertNoThrow(try mapped.checkUnchanged())
        try rewriteInPlace(url.path, at: 8, with: "7")
        XCTAssertThrowsError(try mapped.checkUnchanged()) { error in
            XCTAssertEqual(error as? FileChangedWhileRead, FileChangedWhileRead(path: url.path))
        }
        // A file mapped after the change is taken as it is now.
        let again = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        XCTAssertNoThrow(try again.checkUnchanged())
        XCTAssertEqual(again.buffer[8], UInt8(ascii: "7"))
    }

    func testAnAnswerFromAFileRewrittenInPlaceIsReplacedByTheReport() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(text(records: 2_000), to: "people.json")
        var options = EnvironmentOptions()
        options.dataFileReading = .mapped
        let load = EnvironmentBuilder(options: options).build([.data(DataFileSpec(name: "people", path: url.path))])
        XCTAssertEqual(load.diagnostics, [])
        let environment = load.environment
        XCTAssertEqual(environment.variables["people"]?.jsonNode?.document.isMapped, true)
        XCTAssertEqual(
            try environment.answer { try environment.evaluate("$people[1].name", in: .object) }, .string("P1"))
        // `"name":"P1"` of the second record becomes `"name":"Q1"`: same size, same time.
        let written = text(records: 2_000)
        let quote = try XCTUnwrap(written.range(of: #""P1""#)).lowerBound
        let offset = written.utf8.distance(from: written.startIndex, to: quote) + 1
        try rewriteInPlace(url.path, at: offset, with: "Q")
        XCTAssertThrowsError(try environment.answer { try environment.evaluate("$people[1].name", in: .object) }) {
            XCTAssertEqual($0 as? FileChangedWhileRead, FileChangedWhileRead(path: url.path))
        }
    }

    func testAChangeToTheNamedInodeIsReportedOneThatLeavesNoNameIsNot() throws {
        let folder = try ScratchFolder()
        // A change of mode, a new name: the bytes are the same, the change time can not say so.
        let url = try folder.write(text(records: 3), to: "data.json")
        let byMode = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        usleep(20_000)
        XCTAssertEqual(chmod(url.path, 0o600), 0)
        XCTAssertThrowsError(try byMode.checkUnchanged()) { XCTAssertTrue($0 is FileChangedWhileRead, "\($0)") }
        let byName = try FileDoor.map(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        usleep(20_000)
        XCTAssertEqual(rename(url.path, folder.path("moved.json")), 0)
        XCTAssertThrowsError(try byName.checkUnchanged()) { XCTAssertTrue($0 is FileChangedWhileRead, "\($0)") }

        // Renamed over and deleted: no name is left to write it through.
        let kept = try folder.write(text(records: 3), to: "kept.json")
        let renamedOver = try FileDoor.map(kept.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        usleep(20_000)
        let replacement = try folder.write(text(records: 4), to: "new.json")
        XCTAssertEqual(rename(replacement.path, kept.path), 0)
        XCTAssertNoThrow(try renamedOver.checkUnchanged())
        let deleted = try FileDoor.map(kept.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        usleep(20_000)
        XCTAssertEqual(unlink(kept.path), 0)
        XCTAssertNoThrow(try deleted.checkUnchanged())
    }

    func testAFileThatGrewBetweenItsOpeningAndItsMappingIsReported() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(text(records: 3), to: "data.json")
        let file = try FileDoor.open(url.path, as: .data, policy: .anywhere, maximumSize: Int.max)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Array(" \n".utf8))
        try handle.close()
        XCTAssertThrowsError(try MappedFile(file, path: url.path)) {
            XCTAssertEqual($0 as? FileChangedWhileRead, FileChangedWhileRead(path: url.path))
        }
    }
}
