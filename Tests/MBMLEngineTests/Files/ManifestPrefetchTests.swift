import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ManifestPrefetch``: a manifest read ahead is what the build loads when it reaches that path,
/// and anything the prefetch does not cover (another file, a pipe, a missing file, a file over the
/// build's own limit) is read by the build itself, with the build's own errors.
final class ManifestPrefetchTests: XCTestCase {
    private func manifest(_ value: String) -> String {
        "<MBML>\n    <Var name=\"v\" literal=\"\(value)\"/>\n</MBML>\n"
    }

    func testTheBuildTakesTheBytesReadAhead() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest("read ahead"), to: "m.xml")
        let other = try folder.write(manifest("other"), to: "other.xml")
        let prefetch = ManifestPrefetch(path: url.path)
        XCTAssertNotNil(prefetch.bytes(of: url.path, maximumSize: 1 << 20), "read once it is asked for")
        // Saved as editors save, a new file renamed over it: the build shows the file read ahead,
        // so it did not open the path again.
        try manifest("saved later").write(to: url, atomically: true, encoding: .utf8)
        var builder = EnvironmentBuilder()
        builder.prefetch = prefetch
        let load = builder.build([.manifest(url), .manifest(other)])
        XCTAssertFalse(load.hasFailures, "\(load.diagnostics)")
        XCTAssertEqual(load.environment.variables["v"], .string("other"))
        let first = builder.build([.manifest(url)])
        XCTAssertEqual(first.environment.variables["v"], .string("read ahead"))
        XCTAssertEqual(first.files.map(\.lastPathComponent), ["m.xml"])
        // Without the prefetch, the file as it is now.
        XCTAssertEqual(
            EnvironmentBuilder().build([.manifest(url)]).environment.variables["v"], .string("saved later"))
    }

    /// The bytes read ahead are the file mapped: a file written in place (or truncated) after it was
    /// read ahead fails the load, which says so, rather than declaring from bytes that changed.
    func testAFileWrittenInPlaceAfterTheReadAheadFailsTheLoad() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest("read ahead"), to: "m.xml")
        for rewrite in [manifest("written in place, longer than before"), "<MBML/>"] {
            try manifest("read ahead").write(to: url, atomically: true, encoding: .utf8)
            let prefetch = ManifestPrefetch(path: url.path)
            XCTAssertNotNil(prefetch.bytes(of: url.path, maximumSize: 1 << 20))
            try rewrite.write(to: url, atomically: false, encoding: .utf8)
            var builder = EnvironmentBuilder()
            builder.prefetch = prefetch
            let load = builder.build([.manifest(url)])
            XCTAssertTrue(load.hasFailures, rewrite)
            XCTAssertTrue(
                load.diagnostics.contains { $0.message.contains("it changed while it was read") },
                "\(load.diagnostics)")
        }
    }

    func testAPathGivenRelativelyOrWithDotsIsTheSameFile() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest("relative"), to: "m.xml")
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.url.path))
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        for spelling in ["m.xml", "./m.xml", "../\(folder.url.lastPathComponent)/m.xml"] {
            let prefetch = ManifestPrefetch(path: spelling)
            XCTAssertEqual(
                URL(fileURLWithPath: prefetch.path).resolvingSymlinksInPath(), url.resolvingSymlinksInPath(), spelling)
            // The build names the file as the prefetch does: it takes the bytes read ahead.
            var builder = EnvironmentBuilder()
            builder.prefetch = prefetch
            XCTAssertNotNil(prefetch.bytes(of: prefetch.path, maximumSize: 1 << 20), spelling)
            try manifest("changed for \(spelling)").write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(
                builder.build([.manifest(URL(fileURLWithPath: spelling))]).environment.variables["v"],
                .string("relative"), spelling)
            try manifest("relative").write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// `link/..` is `real` to the system (the link's parent) and the manifest's folder to a text
    /// that names `..` away: the prefetch reads the file the load reads without it, whichever.
    func testADotDotAfterALinkReadsTheFileTheLoadReads() throws {
        let folder = try ScratchFolder()
        _ = try folder.write(manifest("named"), to: "m.xml")
        _ = try folder.write(manifest("through the link"), to: "real/m.xml")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("real/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("link"),
            withDestinationURL: folder.url.appendingPathComponent("real/sub"))
        let spelling = folder.url.path + "/link/../m.xml"
        let expected = EnvironmentBuilder().build([.manifest(URL(fileURLWithPath: spelling))])
        XCTAssertNotNil(expected.environment.variables["v"])
        var builder = EnvironmentBuilder()
        let prefetch = ManifestPrefetch(path: spelling)
        builder.prefetch = prefetch
        XCTAssertEqual(
            builder.build([.manifest(URL(fileURLWithPath: spelling))]).environment.variables["v"],
            expected.environment.variables["v"])
        XCTAssertNotNil(prefetch.bytes(of: prefetch.path, maximumSize: 1 << 20), "the build took these bytes")
        XCTAssertNil(prefetch.sizeWhileReading(prefetch.path), "the bytes are read: no size while reading")
    }

    func testAFileOverTheBuildsLimitIsRefusedAsWithoutThePrefetch() throws {
        let folder = try ScratchFolder()
        let url = try folder.write(manifest(String(repeating: "x", count: 2_000)), to: "big.xml")
        let prefetch = ManifestPrefetch(path: url.path)
        var options = EnvironmentOptions()
        options.fileLimits.manifest = 1_000
        var builder = EnvironmentBuilder(options: options)
        let without = builder.build([.manifest(url)])
        builder.prefetch = prefetch
        let with = builder.build([.manifest(url)])
        XCTAssertTrue(with.hasFailures)
        XCTAssertEqual(with.diagnostics, without.diagnostics)
        XCTAssertTrue(with.diagnostics.contains { $0.message.contains("big.xml") }, "\(with.diagnostics)")
    }

    func testAMissingFileAndAPipeAreLeftToTheBuild() throws {
        let folder = try ScratchFolder()
        let missing = folder.url.appendingPathComponent("missing.xml")
        let prefetch = ManifestPrefetch(path: missing.path)
        XCTAssertNil(prefetch.bytes(of: missing.path, maximumSize: 1 << 20))
        var builder = EnvironmentBuilder()
        builder.prefetch = prefetch
        XCTAssertEqual(
            builder.build([.manifest(missing)]).diagnostics,
            EnvironmentBuilder().build([.manifest(missing)]).diagnostics)

        // A pipe is not read ahead (its bytes would be gone) and the prefetch does not wait for a writer.
        let fifo = folder.url.appendingPathComponent("fifo.xml")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertNil(ManifestPrefetch(path: fifo.path).bytes(of: fifo.path, maximumSize: 1 << 20))
    }
}
