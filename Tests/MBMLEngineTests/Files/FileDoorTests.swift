import Foundation
import MBMLTestSupport
import Synchronization
import XCTest

@testable import MBMLEngine

/// ``FileDoor``: every read opens once, checks what was opened (its type and, for names from MBML,
/// its own path against the policy) and reads through that descriptor.
final class FileDoorTests: XCTestCase {
    // MARK: Links swapped while reading

    /// Another thread flips `flip` between an inside and an outside file 10,000 reads long: no read
    /// ever yields the outside file (before the door: 1–222 of 10,000 did, every run).
    func testALastStepLinkSwappedInALoopNeverYieldsTheOutsideFile() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        let inside = try folder.write("inside", to: "inside.txt").path
        let secret = try outside.write("SECRET", to: "secret.txt").path
        let counts = try readWhileFlipping(
            folder: folder, name: "flip", between: inside, and: secret, reads: 10_000,
            expression: "^fileContents(\(folder.path("flip")))")
        XCTAssertEqual(counts.outside, 0, "reads that gave the outside file")
        XCTAssertGreaterThan(counts.inside, 0, "reads of the inside file through the link (a link inside is followed)")
        XCTAssertGreaterThan(counts.refused, 0, "reads refused while the link pointed out")
    }

    /// The same with a folder on the way swapped for a link to an outside folder.
    func testAFolderOnTheWaySwappedInALoopNeverYieldsTheOutsideFile() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        _ = try folder.write("inside", to: "real/data.txt")
        _ = try outside.write("SECRET", to: "data.txt")
        let counts = try readWhileFlipping(
            folder: folder, name: "dir", between: folder.path("real"), and: outside.url.path, reads: 10_000,
            expression: "^fileContents(\(folder.path("dir/data.txt")))")
        XCTAssertEqual(counts.outside, 0, "reads that gave the outside file")
        XCTAssertGreaterThan(counts.inside, 0)
        XCTAssertGreaterThan(counts.refused, 0)
    }

    private func readWhileFlipping(
        folder: ScratchFolder, name: String, between inside: String, and outside: String, reads: Int,
        expression: String
    ) throws -> (inside: Int, outside: Int, refused: Int) {
        try FileManager.default.createSymbolicLink(atPath: folder.path(name), withDestinationPath: inside)
        var options = EnvironmentOptions()
        options.fileReadPolicy = .restricted(workFolders: [folder.url.path])
        let harness = FunctionHarness(options: options)
        let flipper = LinkFlipper(link: folder.path(name), targets: [inside, outside])
        flipper.start()
        defer { flipper.stop() }
        var counts = (inside: 0, outside: 0, refused: 0)
        for _ in 0..<reads {
            switch try? harness.evaluate(expression) {
            case .string("inside")?: counts.inside += 1
            case .string("SECRET")?: counts.outside += 1
            default: counts.refused += 1
            }
        }
        XCTAssertGreaterThan(flipper.flips, 100, "the link was flipped while reading")
        return counts
    }

    // MARK: What is opened

    func testFIFOsSocketsDevicesAndDirectoriesAreRefusedWithoutBlocking() throws {
        let folder = try ScratchFolder()
        XCTAssertEqual(mkfifo(folder.path("fifo"), 0o600), 0)
        let socketPath = folder.path("socket")
        let socket = try Self.listeningSocket(at: socketPath)
        defer { close(socket) }
        _ = try folder.makeFolder("folder")
        var options = EnvironmentOptions()
        options.fileReadPolicy = .restricted(workFolders: [folder.url.path], allowedFolders: ["/dev"])
        let harness = FunctionHarness(options: options)
        harness.assertEvaluationFails("^fileContents(\(folder.path("fifo")))", containing: "it is a FIFO")
        harness.assertEvaluationFails("^fileData(\(socketPath))", containing: "it is a socket")
        harness.assertEvaluationFails("^fileContents(/dev/zero)", containing: "it is a device")
        harness.assertEvaluationFails("^fileContents(\(folder.path("folder")))", containing: "it is a directory")
        for kind in FileReadKind.allCases where kind != .manifest {
            XCTAssertThrowsError(
                try FileDoor.read(folder.path("fifo"), as: kind, policy: options.fileReadPolicy, maximumSize: 100)
            ) { XCTAssertTrue("\($0)".contains("FIFO"), "\(kind): \($0)") }
            XCTAssertThrowsError(
                try FileDoor.read("/dev/null", as: kind, policy: options.fileReadPolicy, maximumSize: 100)
            ) {
                XCTAssertTrue("\($0)".contains("device"), "\(kind): \($0)")
            }
            XCTAssertThrowsError(
                try FileDoor.read(socketPath, as: kind, policy: options.fileReadPolicy, maximumSize: 100)
            ) {
                XCTAssertTrue("\($0)".contains("socket"), "\(kind): \($0)")
            }
        }
    }

    func testDataExpectationAndIncludeFilesThatAreFIFOsAreRefused() throws {
        let folder = try ScratchFolder()
        XCTAssertEqual(mkfifo(folder.path("data.json"), 0o600), 0)
        XCTAssertEqual(mkfifo(folder.path("x.jsonl"), 0o600), 0)
        XCTAssertEqual(mkfifo(folder.path("inc.xml"), 0o600), 0)
        XCTAssertThrowsError(try DataFileSpec(parsing: "d=\(folder.path("data.json"))").load()) {
            XCTAssertTrue("\($0)".contains("FIFO"), "\($0)")
        }
        XCTAssertThrowsError(try ExpectationFile(contentsOf: folder.path("x.jsonl"))) {
            XCTAssertTrue("\($0)".contains("FIFO"), "\($0)")
        }
        let manifest = try folder.write(#"<MBML><Include file="inc.xml"/></MBML>"#, to: "m.xml")
        let load = EnvironmentBuilder().build([.manifest(manifest)])
        XCTAssertTrue(load.diagnostics.contains { $0.message.contains("it is a FIFO") }, "\(load.diagnostics)")
    }

    /// `--manifest <(command)`: the manifest is `/dev/fd/N`, a pipe whose writer is there.
    func testAManifestNamedByTheHostMayBeAPipe() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let (reading, writing) = (ends[0], ends[1])
        defer { close(reading) }
        let writer = Thread {
            let text = Array(#"<MBML><Var name="piped" literal="yes"/></MBML>"#.utf8)
            _ = text.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
            close(writing)
        }
        writer.start()
        let load = EnvironmentBuilder().build([.manifest(URL(fileURLWithPath: "/dev/fd/\(reading)"))])
        XCTAssertEqual(load.environment.variables["piped"], .string("yes"), "\(load.diagnostics)")
        XCTAssertThrowsError(
            try FileDoor.read("/dev/fd/\(reading)", as: .include, policy: .anywhere, maximumSize: 100),
            "an include is never a pipe")
    }

    func testEachKindHasASizeLimit() throws {
        let folder = try ScratchFolder()
        _ = try folder.write(
            #"<MBML><Var name="big" literal="\#(String(repeating: "x", count: 200))"/></MBML>"#, to: "inc.xml")
        let manifest = try folder.write(
            #"<MBML><Include file="inc.xml"/><Var name="kept" literal="1"/></MBML>"#, to: "m.xml")
        var options = EnvironmentOptions()
        options.fileLimits.include = 100
        let load = EnvironmentBuilder(options: options).build([.manifest(manifest)])
        XCTAssertNil(load.environment.variables["big"])
        XCTAssertEqual(load.environment.variables["kept"], .string("1"))
        XCTAssertTrue(
            load.diagnostics.contains { $0.message.contains("larger than the limit of 100 bytes") },
            "\(load.diagnostics)")

        let data = try folder.write("[" + String(repeating: "1,", count: 100) + "1]", to: "d.json")
        XCTAssertThrowsError(try DataFileSpec(parsing: "d=\(data.path)").load(maximumSize: 50)) {
            XCTAssertTrue("\($0)".contains("larger than the limit of 50 bytes"), "\($0)")
        }
        XCTAssertEqual(try DataFileSpec(parsing: "d=\(data.path)").load().collectionCount, 101)
    }

    func testALinkInsideTheFoldersIsFollowedAndOneLeadingOutIsRefused() throws {
        let folder = try ScratchFolder()
        let outside = try ScratchFolder()
        _ = try folder.write("dated", to: "2026-11-26.json")
        _ = try outside.write("SECRET", to: "s.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("latest.json"), withDestinationPath: "2026-11-26.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("out"), withDestinationPath: outside.path("s.txt"))
        let policy = FileReadPolicy.restricted(workFolders: [folder.url.path])
        XCTAssertEqual(
            try FileDoor.read(folder.path("latest.json"), as: .function, policy: policy, maximumSize: 100),
            Array("dated".utf8))
        XCTAssertThrowsError(try FileDoor.read(folder.path("out"), as: .function, policy: policy, maximumSize: 100)) {
            XCTAssertTrue("\($0)".contains("outside the folders"), "\($0)")
        }
        XCTAssertEqual(
            try FileDoor.entries(ofDirectory: folder.url.path, policy: policy),
            ["2026-11-26.json", "latest.json", "out"])
        XCTAssertThrowsError(try FileDoor.entries(ofDirectory: outside.url.path, policy: policy))
    }

    // MARK: Helpers

    private static func listeningSocket(at path: String) throws -> Int32 {
        let descriptor = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw CocoaError(.fileWriteUnknown) }
        return descriptor
    }
}

/// Flips a symbolic link between targets on a thread of its own, by renaming a fresh link over it
/// (so the name always exists), until stopped.
final class LinkFlipper: Sendable {
    let link: String
    let targets: [String]
    private let running = Atomic<Bool>(true)
    private let count = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    init(link: String, targets: [String]) {
        self.link = link
        self.targets = targets
    }

    var flips: Int { count.load(ordering: .relaxed) }

    func start() {
        let thread = Thread { [self] in
            var index = 0
            let temporary = link + ".next"
            while running.load(ordering: .relaxed) {
                index = (index + 1) % targets.count
                unlink(temporary)
                symlink(targets[index], temporary)
                rename(temporary, link)
                count.add(1, ordering: .relaxed)
            }
            finished.signal()
        }
        thread.start()
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
    }
}
