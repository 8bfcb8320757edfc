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

    func testLoadedPathsAndFilesInLoadOrder() throws {
        XCTAssertEqual(try harness.call("mbmlLoadedPaths", .absent), ["/app/manifest.xml", "/app/includes/Extra.xml"])
        XCTAssertEqual(try harness.call("mbmlLoadedFiles", .absent), ["manifest.xml", "Extra.xml"])
        XCTAssertEqual(try harness.evaluate("^mbmlLoadedFiles()[1]"), .string("Extra.xml"))
    }

    func testNothingLoadedGivesEmptyArrays() throws {
        let empty = FunctionHarness()
        XCTAssertEqual(try empty.call("mbmlLoadedPaths", .absent), .array([]))
        XCTAssertEqual(try empty.call("mbmlLoadedFiles", .absent), .array([]))
        XCTAssertEqual(try empty.call("mbmlFileIsLoaded", .text("manifest.xml")), .boolean(false))
    }

    func testManifestPathAloneCountsAsLoaded() throws {
        let onlyManifest = FunctionHarness()
        onlyManifest.environment.manifestPath = "/srv/m.xml"
        XCTAssertEqual(try onlyManifest.call("mbmlLoadedPaths", .absent), ["/srv/m.xml"])
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
