import Foundation
import XCTest

@testable import mbml

/// What `mbml [PATH]` opens (``InspectTarget/choose(path:standardInputIsTerminal:)``).
final class InspectTargetTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-target-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private func file(_ name: String, _ contents: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testWithoutAPathTheTutorialOrStandardInput() throws {
        XCTAssertEqual(try InspectTarget.choose(path: nil, standardInputIsTerminal: true), .tutorial)
        XCTAssertEqual(try InspectTarget.choose(path: nil, standardInputIsTerminal: false), .standardInput)
    }

    func testJSONByNameOrByItsFirstCharacter() throws {
        for name in ["a.json", "b.JSON", "c.jsonl", "d.ndjson"] {
            let path = try file(name, "not even JSON")
            XCTAssertEqual(try InspectTarget.choose(path: path, standardInputIsTerminal: true), .dataFile(path), name)
        }
        let array = try file("export.txt", " \n\t[1, 2]")
        XCTAssertEqual(try InspectTarget.choose(path: array, standardInputIsTerminal: true), .dataFile(array))
        let object = try file("export", "{\"a\": 1}")
        XCTAssertEqual(try InspectTarget.choose(path: object, standardInputIsTerminal: false), .dataFile(object))
    }

    func testAnythingElseIsAManifest() throws {
        let manifest = try file("space.xml", "<MBML><Var name=\"x\" literal=\"1\"/></MBML>")
        XCTAssertEqual(try InspectTarget.choose(path: manifest, standardInputIsTerminal: true), .manifest(manifest))
        let empty = try file("empty", "")
        XCTAssertEqual(try InspectTarget.choose(path: empty, standardInputIsTerminal: true), .manifest(empty))
    }

    func testAMissingFileOrAFolderIsAnError() {
        let missing = folder.appendingPathComponent("missing.xml").path
        XCTAssertThrowsError(try InspectTarget.choose(path: missing, standardInputIsTerminal: true)) {
            XCTAssertEqual(($0 as? InspectTargetError)?.description, "\(missing): no such file")
        }
        XCTAssertThrowsError(try InspectTarget.choose(path: folder.path, standardInputIsTerminal: true)) {
            XCTAssertEqual(
                ($0 as? InspectTargetError)?.description,
                "\(self.folder.path): is a directory, not a manifest or JSON file")
        }
    }
}
