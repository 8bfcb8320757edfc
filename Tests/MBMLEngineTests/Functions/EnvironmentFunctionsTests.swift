import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

final class EnvironmentFunctionsTests: XCTestCase {
    private let harness = FunctionHarness()

    override func setUp() {
        super.setUp()
        harness.environment.manifestPath = "/app/manifest.xml"
        harness.environment.loadedFiles = ["/app/manifest.xml", "/app/includes/Extra.xml"]
    }

    func testLoadedPathsAndFilesInLoadOrderWithTheCoreModuleAfterTheManifest() throws {
        XCTAssertEqual(
            try harness.call("mbmlLoadedPaths", .absent),
            ["/app/manifest.xml", "<built-in>/MBDataEnvironmentModule.xml", "/app/includes/Extra.xml"])
        XCTAssertEqual(
            try harness.call("mbmlLoadedFiles", .absent), ["manifest.xml", "MBDataEnvironmentModule.xml", "Extra.xml"])
        XCTAssertEqual(try harness.evaluate("^mbmlLoadedFiles()[2]"), .string("Extra.xml"))
        XCTAssertEqual(harness.environment.loadedFiles.count, 2, "loadedFiles stays the files read from disk")
    }

    func testCoreModuleIsLoadedInEveryEnvironment() throws {
        XCTAssertEqual(try harness.call("mbmlFileIsLoaded", .text("MBDataEnvironmentModule.xml")), .boolean(true))
        XCTAssertEqual(
            try harness.call("mbmlPathIsLoaded", .text("<built-in>/MBDataEnvironmentModule.xml")), .boolean(true))
        XCTAssertEqual(
            try harness.evaluate("$Environment.mbmlPathsLoaded"),
            ["/app/manifest.xml", "<built-in>/MBDataEnvironmentModule.xml", "/app/includes/Extra.xml"])
    }

    func testNothingLoadedReportsOnlyTheCoreModule() throws {
        let empty = FunctionHarness()
        XCTAssertEqual(try empty.call("mbmlLoadedPaths", .absent), ["<built-in>/MBDataEnvironmentModule.xml"])
        XCTAssertEqual(try empty.call("mbmlLoadedFiles", .absent), ["MBDataEnvironmentModule.xml"])
        XCTAssertEqual(try empty.call("mbmlFileIsLoaded", .text("manifest.xml")), .boolean(false))
        XCTAssertEqual(try empty.call("mbmlFileIsLoaded", .text("MBDataEnvironmentModule.xml")), .boolean(true))
    }

    func testManifestPathAloneCountsAsLoaded() throws {
        let onlyManifest = FunctionHarness()
        onlyManifest.environment.manifestPath = "/srv/m.xml"
        XCTAssertEqual(
            try onlyManifest.call("mbmlLoadedPaths", .absent), ["/srv/m.xml", "<built-in>/MBDataEnvironmentModule.xml"])
    }

    func testPathIsLoadedComparesStandardisedPaths() throws {
        XCTAssertEqual(try harness.call("mbmlPathIsLoaded", .text("/app/./manifest.xml")), .boolean(true))
        XCTAssertEqual(
            try harness.call("mbmlPathIsLoaded", .text("/app//includes/../includes/Extra.xml")), .boolean(true))
        XCTAssertEqual(try harness.call("mbmlPathIsLoaded", .text("/tmp/foo.xml")), .boolean(false))
        XCTAssertEqual(try harness.call("mbmlPathIsLoaded", .text("")), .boolean(false))
        XCTAssertEqual(try harness.call("mbmlPathIsLoaded", .absent), .boolean(false))
        XCTAssertEqual(try harness.evaluate("^mbmlPathIsLoaded(/app/x/../manifest.xml)", in: .boolean), .boolean(true))
    }

    func testFileIsLoadedIsExactAndCaseSensitive() throws {
        XCTAssertEqual(try harness.call("mbmlFileIsLoaded", .text("manifest.xml")), .boolean(true))
        XCTAssertEqual(try harness.call("mbmlFileIsLoaded", .text("Manifest.xml")), .boolean(false))
        XCTAssertEqual(try harness.call("mbmlFileIsLoaded", .text("foo.xml")), .boolean(false))
        XCTAssertEqual(try harness.call("mbmlFileIsLoaded", .absent), .boolean(false))
    }

    func testStandardizedPath() {
        XCTAssertEqual(EnvironmentFunctions.standardizedPath("/a/./b//c/../d/"), "/a/b/d")
        XCTAssertEqual(EnvironmentFunctions.standardizedPath("/../x"), "/x")
        XCTAssertEqual(EnvironmentFunctions.standardizedPath("a/../../b"), "../b")
        XCTAssertEqual(
            EnvironmentFunctions.standardizedPath("~/x"), (NSHomeDirectory() as NSString).appendingPathComponent("x"))
    }
}
