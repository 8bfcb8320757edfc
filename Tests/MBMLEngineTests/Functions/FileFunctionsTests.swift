import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class FileFunctionsTests: XCTestCase {
    private var scratch: ScratchFolder!
    private var folder = ""
    private let harness = FunctionHarness()
    private let writer = FunctionHarness(options: EnvironmentOptions(allowsFileWrites: true))

    override func setUpWithError() throws {
        try super.setUpWithError()
        scratch = try ScratchFolder(prefix: "mbml-file-tests")
        folder = scratch.url.path
        try scratch.write("abc", to: "a.txt")
        try scratch.write("hidden", to: ".hidden")
        try scratch.write(Data([0xFF, 0xFE, 0x41]), to: "binary.bin")
        try scratch.write("x", to: "sub/deeper/x.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/dangling", withDestinationPath: folder + "/missing")
    }

    override func tearDownWithError() throws {
        scratch = nil
        try super.tearDownWithError()
    }

    private func path(_ name: String) -> FunctionInput { .text(folder + "/" + name) }

    // MARK: Path strings

    func testPathStringFunctions() throws {
        let file: FunctionInput = .text("/tmp/do-not-readme.txt")
        XCTAssertEqual(try harness.call("lastPathComponent", file), .string("do-not-readme.txt"))
        XCTAssertEqual(try harness.call("stripLastPathComponent", file), .string("/tmp"))
        XCTAssertEqual(try harness.call("pathExtension", file), .string("txt"))
        XCTAssertEqual(try harness.call("stripPathExtension", file), .string("/tmp/do-not-readme"))
        XCTAssertEqual(try harness.call("pathComponents", file), ["/", "tmp", "do-not-readme.txt"])
    }

    func testPathStringEdgeCases() throws {
        XCTAssertEqual(try harness.call("lastPathComponent", .text("/")), .string("/"))
        XCTAssertEqual(try harness.call("lastPathComponent", .text("")), .string(""))
        XCTAssertEqual(try harness.call("lastPathComponent", .text("~/Library/com.x.plist")), .string("com.x.plist"))
        XCTAssertEqual(try harness.call("stripLastPathComponent", .text("/tmp")), .string("/"))
        XCTAssertEqual(try harness.call("stripLastPathComponent", .text("file")), .string(""))
        XCTAssertEqual(
            try harness.call("stripLastPathComponent", .text("~/Library/Preferences/x.plist")),
            .string("~/Library/Preferences"))
        XCTAssertEqual(try harness.call("pathExtension", .text("archive.tar.gz")), .string("gz"))
        XCTAssertEqual(try harness.call("pathExtension", .text("/tmp/README")), .string(""))
        XCTAssertEqual(try harness.call("stripPathExtension", .text("archive.tar.gz")), .string("archive.tar"))
        XCTAssertEqual(try harness.call("pathComponents", .text("a/b")), ["a", "b"])
        for name in [
            "lastPathComponent", "stripLastPathComponent", "pathExtension", "stripPathExtension", "pathComponents",
        ] {
            XCTAssertNil(try harness.call(name, .absent), name)
        }
    }

    // MARK: Probes

    func testProbes() throws {
        XCTAssertEqual(try harness.call("fileExists", path("a.txt")), .boolean(true))
        XCTAssertEqual(try harness.call("fileExists", path("nope.txt")), .boolean(false))
        XCTAssertEqual(try harness.call("fileExists", path("dangling")), .boolean(false), "links are followed")
        XCTAssertEqual(try harness.call("fileExists", .text("/")), .boolean(true))
        XCTAssertEqual(try harness.call("fileIsReadable", path("a.txt")), .boolean(true))
        XCTAssertEqual(try harness.call("fileIsWritable", path("a.txt")), .boolean(true))
        XCTAssertEqual(try harness.call("fileIsWritable", path("nope/x")), .boolean(false))
        XCTAssertEqual(try harness.call("fileIsDeletable", path("a.txt")), .boolean(true))
        XCTAssertEqual(try harness.call("fileIsDeletable", path("dangling")), .boolean(true))
        XCTAssertEqual(try harness.call("fileIsDeletable", path("nope.txt")), .boolean(false))
        XCTAssertEqual(try harness.call("fileIsDeletable", .text("/")), .boolean(false))
        XCTAssertEqual(try harness.call("isDirectoryAtPath", path("sub")), .boolean(true))
        XCTAssertEqual(try harness.call("isDirectoryAtPath", path("a.txt")), .boolean(false))
        for name in ["fileExists", "fileIsReadable", "fileIsWritable", "fileIsDeletable", "isDirectoryAtPath"] {
            XCTAssertEqual(try harness.call(name, .absent), .boolean(false), name)
            XCTAssertEqual(try harness.call(name, .text("")), .boolean(false), name)
        }
    }

    func testProbesThroughTheEvaluatorAreSafeWithoutTheWriteOption() throws {
        try harness.environment.variables.set("folder", to: .string(folder))
        XCTAssertEqual(
            try harness.evaluate("^fileExists($folder/a.txt) -AND ^isDirectoryAtPath($folder/sub)", in: .boolean),
            .boolean(true))
    }

    // MARK: Reading

    func testListDirectorySortsNamesAndIncludesHiddenEntries() throws {
        XCTAssertEqual(
            try harness.call("listDirectory", .text(folder)), [".hidden", "a.txt", "binary.bin", "dangling", "sub"])
        XCTAssertEqual(try harness.call("listDirectory", path("sub/deeper")), ["x.txt"])
    }

    func testListDirectoryErrors() {
        XCTAssertEqual(harness.failure("listDirectory", .absent), "expected input parameter, but got none")
        XCTAssertEqual(
            harness.failure("listDirectory", .text("")), "couldn't list the directory \"\": No such file or directory")
        XCTAssertEqual(
            harness.failure("listDirectory", path("a.txt")),
            "couldn't list the directory \"\(folder)/a.txt\": Not a directory")
    }

    func testSizeOfFile() throws {
        XCTAssertEqual(try harness.call("sizeOfFile", path("a.txt")), .integer(3))
        XCTAssertEqual(
            try harness.call("sizeOfFile", path("dangling")), .integer((folder + "/missing").utf8.count),
            "a symbolic link itself is measured")
        XCTAssertEqual(
            harness.failure("sizeOfFile", path("nope.xml")),
            "couldn't get the size of \"\(folder)/nope.xml\": No such file or directory")
        XCTAssertEqual(harness.failure("sizeOfFile", .absent), "expected input parameter, but got none")
    }

    func testFileDataAndContents() throws {
        XCTAssertEqual(try harness.call("fileData", path("a.txt")), .data(Data("abc".utf8)))
        XCTAssertEqual(try harness.call("fileData", path("binary.bin")), .data(Data([0xFF, 0xFE, 0x41])))
        XCTAssertEqual(try harness.call("fileContents", path("a.txt")), .string("abc"))
        XCTAssertEqual(
            harness.failure("fileContents", path("binary.bin")),
            "the contents of \"\(folder)/binary.bin\" are not valid UTF-8 text")
        XCTAssertEqual(
            harness.failure("fileData", .text("/////")),
            "couldn't read \"/////\": it is a directory, not a regular file")
        XCTAssertEqual(
            harness.failure("fileContents", path("nope")),
            "couldn't read \"\(folder)/nope\": No such file or directory")
        XCTAssertEqual(harness.failure("fileData", .absent), "expected input parameter, but got none")
        XCTAssertEqual(harness.failure("fileContents", .text("")), "couldn't read \"\": No such file or directory")
    }

    func testRelativePathsResolveAgainstTheWorkingDirectory() throws {
        let previous = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        FileManager.default.changeCurrentDirectoryPath(folder)
        XCTAssertEqual(try harness.call("fileContents", .text("sub/deeper/x.txt")), .string("x"))
        XCTAssertEqual(try harness.call("fileExists", .text("~")), .boolean(false), "no ~ expansion")
    }

    // MARK: Deleting

    func testDeleteFileIsRefusedWithoutTheOption() throws {
        XCTAssertEqual(harness.failure("deleteFile", path("a.txt")), "disabled: file writes are not allowed")
        XCTAssertEqual(harness.failure("deleteFile", .text(folder)), "disabled: file writes are not allowed")
        XCTAssertThrowsError(try harness.evaluate("^deleteFile(\(folder)/a.txt)")) { error in
            XCTAssertEqual((error as? ExpressionError)?.limit, .fileWrites, "the host adds how to allow writes")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/a.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/sub/deeper/x.txt"))
    }

    func testDeleteFileWithTheOption() throws {
        XCTAssertEqual(try writer.call("deleteFile", path("a.txt")), .boolean(true))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/a.txt"))
        XCTAssertEqual(try writer.call("fileExists", path("a.txt")), .boolean(false))
        XCTAssertEqual(try writer.call("deleteFile", path("dangling")), .boolean(true))
        XCTAssertEqual(
            writer.failure("deleteFile", path("a.txt")),
            "couldn't delete \"\(folder)/a.txt\": No such file or directory")
        XCTAssertEqual(writer.failure("deleteFile", .absent), "expected input parameter, but got none")
        XCTAssertNotNil(writer.failure("deleteFile", .text("")))
    }

    func testDeleteFileRemovesDirectoriesRecursively() throws {
        XCTAssertEqual(try writer.evaluate("^deleteFile(\(folder)/sub)"), .boolean(true))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/sub"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/a.txt"))
    }

    // MARK: Standard directories

    func testStandardDirectoriesFromTheEnvironment() {
        let directories = StandardDirectories(environment: ["HOME": "/home/ann"], readFile: { _ in nil })
        XCTAssertEqual(directories.home, "/home/ann")
        XCTAssertEqual(directories.temporaryFiles, "/tmp/")
        XCTAssertEqual(directories.caches, "/home/ann/.cache")
        XCTAssertEqual(directories.applicationSupport, "/home/ann/.local/share")
        XCTAssertEqual(directories.documents, "/home/ann/Documents")
        XCTAssertEqual(directories.downloads, "/home/ann/Downloads")
        XCTAssertEqual(directories.movies, "/home/ann/Videos")
        XCTAssertEqual(directories.music, "/home/ann/Music")
        XCTAssertEqual(directories.pictures, "/home/ann/Pictures")
        XCTAssertEqual(directories.publicFiles, "/home/ann/Public")

        let custom = StandardDirectories(
            environment: [
                "HOME": "/home/ann/", "TMPDIR": "/var/tmp",
                "XDG_CACHE_HOME": "/cache/", "XDG_DATA_HOME": "relative/ignored",
                "XDG_MUSIC_DIR": "/media/music",
            ],
            readFile: { _ in nil })
        XCTAssertEqual(custom.home, "/home/ann")
        XCTAssertEqual(custom.temporaryFiles, "/var/tmp/")
        XCTAssertEqual(custom.caches, "/cache")
        XCTAssertEqual(custom.applicationSupport, "/home/ann/.local/share")
        XCTAssertEqual(custom.music, "/media/music")
    }

    func testUserDirectoriesFile() {
        var requested: [String] = []
        let file = """
            # written by xdg-user-dirs-update
            XDG_DOCUMENTS_DIR="$HOME/Dokumente"
            XDG_DOWNLOAD_DIR="/data/downloads"
            XDG_VIDEOS_DIR="$HOME/"
            """
        let directories = StandardDirectories(
            environment: ["HOME": "/home/ann"],
            readFile: { path in
                requested.append(path)
                return file
            })
        XCTAssertEqual(directories.documents, "/home/ann/Dokumente")
        XCTAssertEqual(directories.downloads, "/data/downloads")
        XCTAssertEqual(directories.movies, "/home/ann")
        XCTAssertEqual(directories.pictures, "/home/ann/Pictures")
        XCTAssertEqual(requested.first, "/home/ann/.config/user-dirs.dirs")
    }

    func testDirectoryFunctionsReturnPaths() throws {
        let expected = StandardDirectories()
        XCTAssertEqual(try harness.call("directoryForHome", .absent), .string(expected.home))
        XCTAssertEqual(try harness.call("directoryForTempFiles", .absent), .string(expected.temporaryFiles))
        XCTAssertEqual(try harness.call("directoryForCaches", .absent), .string(expected.caches))
        XCTAssertEqual(try harness.call("directoryForPublicFiles", .absent), .string(expected.publicFiles))
        XCTAssertTrue(expected.temporaryFiles.hasSuffix("/"))
        for name in [
            "Home", "TempFiles", "Caches", "ApplicationSupport", "Documents", "Downloads", "Movies",
            "Music", "Pictures", "PublicFiles",
        ] {
            guard case .string(let directory)? = try harness.call("directoryFor" + name, .absent) else {
                XCTFail(name)
                continue
            }
            XCTAssertTrue(directory.hasPrefix("/"), "\(name): \(directory)")
        }
    }
}
