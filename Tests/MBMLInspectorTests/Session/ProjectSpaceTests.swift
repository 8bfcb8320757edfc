import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLInspector

/// The inspector opens a project (`mbml` in a folder with `mbml.json`): the project's inputs load
/// first, in its order, `$ENV` as it says, then what was opened besides.
final class ProjectSpaceTests: XCTestCase {
    func testTheProjectsInputsLoadFirstAndTheOpenedManifestOnce() throws {
        let folder = try ScratchFolder()
        try folder.write(#"<MBML><Var name="name" literal="Logger"/></MBML>"#, to: "repo.xml")
        let docs = try folder.write(#"<MBML><Var name="title" value="${name}/$ENV[BRANCH]"/></MBML>"#, to: "docs.xml")
        let file = try folder.write(#"{"load": ["repo.xml", "docs.xml"], "env": {"BRANCH": "main"}}"#, to: "mbml.json")
        let project = try ProjectFile(contentsOf: file.path)
        let engine = EngineController(
            source: .manifest(docs), includesProcessEnvironment: true, project: project)
        XCTAssertEqual(engine.inputs.count, 3, "\(engine.inputs)")
        _ = engine.load()
        XCTAssertEqual(try engine.environment.evaluate("$title", in: .string), .string("Logger/main"))
        // Opened alone (the folder): the project's inputs, and its path in the status line.
        let alone = EngineController(source: .empty, includesProcessEnvironment: false, project: project)
        XCTAssertEqual(alone.inputs.count, 2)
        alone.workingDirectory = "/somewhere/else"
        XCTAssertEqual(alone.manifestDisplayName, project.path)
        // Run in the project's folder (or above it), the status line names it from there.
        let folderPath = URL(fileURLWithPath: project.path).deletingLastPathComponent().path
        alone.workingDirectory = folderPath
        XCTAssertEqual(alone.manifestDisplayName, "mbml.json")
        alone.workingDirectory = URL(fileURLWithPath: folderPath).deletingLastPathComponent().path
        XCTAssertEqual(alone.manifestDisplayName, URL(fileURLWithPath: folderPath).lastPathComponent + "/mbml.json")
    }

    func testAChangedProjectFileIsReadAgainAndABrokenOneKeepsTheLastGood() throws {
        let folder = try ScratchFolder()
        try folder.write(#"<MBML><Var name="a" literal="1"/></MBML>"#, to: "a.xml")
        try folder.write(#"<MBML><Var name="b" literal="2"/></MBML>"#, to: "b.xml")
        let file = try folder.write(#"{"load": ["a.xml"]}"#, to: "mbml.json")
        let engine = EngineController(source: .empty, project: try ProjectFile(contentsOf: file.path))
        var prepared = engine.prepareLoad()()
        XCTAssertTrue(
            prepared.space.files.map(\.lastPathComponent).contains("mbml.json"), "the project file is watched")
        try folder.write(#"{"load": ["a.xml", "b.xml"]}"#, to: "mbml.json")
        prepared = engine.prepareLoad()()
        XCTAssertEqual(try prepared.build?.environment.evaluate("$b", in: .string), .string("2"))
        try folder.write(#"{"load": ["a.xml", "b.xml"], "oops": 1}"#, to: "mbml.json")
        prepared = engine.prepareLoad()()
        XCTAssertEqual(try prepared.build?.environment.evaluate("$b", in: .string), .string("2"))
        XCTAssertTrue(
            prepared.build?.diagnostics.first?.description.contains("mbml.json:1:30: unknown key \"oops\"") ?? false,
            "\(String(describing: prepared.build?.diagnostics))")
    }
}
