import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector

/// The tutorial built into the binary is exactly Samples/tutorial/manifest.xml, and it loads.
final class BuiltInSampleTests: XCTestCase {
    private var tutorialURL: URL {
        BuiltInSampleClaimsTests.repositoryRoot.appendingPathComponent(BuiltInSample.repositoryPath)
    }

    func testBuiltInSampleIsByteIdenticalToTheTutorialFile() throws {
        let onDisk = try Data(contentsOf: tutorialURL)
        let embedded = Data(BuiltInSample.manifest.utf8)
        XCTAssertEqual(
            embedded.count, onDisk.count,
            "BuiltInSample.swift is stale: run Samples/embed-tutorial.sh")
        XCTAssertTrue(embedded == onDisk, "BuiltInSample.swift is stale: run Samples/embed-tutorial.sh")
    }

    func testBuiltInSampleIsTheTutorial() {
        XCTAssertEqual(BuiltInSample.name, "tutorial")
        XCTAssertTrue(BuiltInSample.repositoryPath.hasSuffix("tutorial/manifest.xml"))
    }

    func testBuiltInSampleLoadsFromMemoryWithCats() throws {
        let result = try ManifestLoader().load(
            contents: BuiltInSample.manifest, path: "/nonexistent/tutorial/manifest.xml")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let environment = result.environment
        XCTAssertEqual(try environment.evaluate("$cats.count", in: .string)?.text, "3")
        XCTAssertEqual(try environment.evaluate("^join($cats|, )", in: .string)?.text, "Barrett, Duncan, Gabby")
        XCTAssertEqual(try environment.evaluate("$catGenders[Duncan]", in: .string)?.text, "male")
        XCTAssertTrue(try environment.evaluateBoolean("$cats.count == 3"))
    }
}
