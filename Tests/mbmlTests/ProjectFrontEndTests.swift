import ArgumentParser
import Foundation
import MBMLEngine
import XCTest

@testable import mbml

/// `eval`, `check`, `render`, `vars` and `explain` read the project file: its inputs load first in
/// its order, `$ENV` as it says (`--env`/`--no-env` decide over it), `--project` names one and
/// `--no-project` turns it off.
final class ProjectFrontEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(#"<MBML><Var name="name" literal="Logger"/></MBML>"#, to: "repo.xml")
        try write(#"<MBML><Var name="title" value="${name} on $ENV[BRANCH]"/></MBML>"#, to: "docs.xml")
        try write(#"{"n": 2}"#, to: "n.json")
        try write(
            #"{"load": ["repo.xml", "docs.xml", {"name": "data", "data": "n.json"}], "env": {"BRANCH": "main"}, "expectations": ["checks.jsonl"]}"#,
            to: "mbml.json")
        try write(
            #"{"id": "t", "context": "string", "expr": "$title", "expect": "Logger on main"}"# + "\n",
            to: "checks.jsonl")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    private var projectPath: String { folder.appendingPathComponent("mbml.json").path }

    private func environment(_ engine: EngineOptions, startingAt start: String? = nil) throws -> Environment {
        try engine.makeEnvironment(log: LogSink(), project: engine.session.projectFile(startingAt: start))
    }

    func testEvalLoadsTheProjectInItsOrderWithItsEnv() throws {
        let eval = try EvalCommand.parse(["--project", projectPath, "$title"])
        let environment = try environment(eval.engine)
        XCTAssertEqual(try environment.evaluate("$title", in: .string), .string("Logger on main"))
        XCTAssertEqual(try environment.evaluate("$data.n", in: .object), .integer(2))
    }

    func testTheProjectIsFoundFromWhatIsOpenedAndNoProjectTurnsItOff() throws {
        let found = try EvalCommand.parse(["$title"])
        XCTAssertEqual(
            try found.engine.session.projectFile(startingAt: folder.appendingPathComponent("docs.xml").path)?.path,
            try ProjectFile(contentsOf: projectPath).path)
        let off = try EvalCommand.parse(["--no-project", "$title"])
        XCTAssertNil(try off.engine.session.projectFile(startingAt: folder.path))
        XCTAssertThrowsError(try EvalCommand.parse(["--no-project", "--project", projectPath, "1"]))
    }

    func testEnvFlagsDecideOverTheProject() throws {
        let project = try ProjectFile(contentsOf: projectPath)
        let noEnv = try EvalCommand.parse(["--no-env", "1"])
        XCTAssertEqual(noEnv.engine.session.environmentInputs(defaultingTo: false, project: project), [])
        let plain = try EvalCommand.parse(["1"])
        let inputs = plain.engine.session.environmentInputs(defaultingTo: false, project: project)
        guard case .processEnvironment(let variables)? = inputs.first else { return XCTFail("\(inputs)") }
        XCTAssertEqual(variables["BRANCH"], "main")
        XCTAssertEqual(plain.engine.session.environmentInputs(defaultingTo: false, project: nil), [])
    }

    func testAManifestOfTheProjectNamedAgainLoadsOnceWithoutAWarning() throws {
        let docs = folder.appendingPathComponent("docs.xml").path
        let eval = try EvalCommand.parse(["--project", projectPath, "--manifest", docs, "$title"])
        let inputs = try eval.engine.inputs(
            envByDefault: false, arguments: ["--manifest", docs], project: try ProjectFile(contentsOf: projectPath))
        XCTAssertEqual(inputs.count, 4, "\(inputs)")
        let log = LogSink()
        _ = try eval.engine.makeEnvironment(log: log, project: eval.engine.session.projectFile())
        XCTAssertFalse(log.lines.contains { $0.contains("Skipped") }, "\(log.lines)")
    }

    func testABadProjectFileStopsTheCommand() throws {
        try write("{\"load\": 3}", to: "mbml.json")
        let eval = try EvalCommand.parse(["1"])
        XCTAssertThrowsError(try eval.engine.session.projectFile(startingAt: folder.path)) { error in
            XCTAssertEqual((error as? ExitCode), .failure)
        }
    }

    func testCheckRunsTheProjectsExpectationsByDefault() throws {
        var check = try CheckCommand.parse(["--project", projectPath])
        XCTAssertNoThrow(try check.run())
        try write(#"{"id": "t", "context": "string", "expr": "$title", "expect": "other"}"# + "\n", to: "checks.jsonl")
        check = try CheckCommand.parse(["--project", projectPath])
        XCTAssertThrowsError(try check.run()) { XCTAssertEqual($0 as? ExitCode, .failure) }
    }

    func testRenderReadsTheProjectOfTheTemplate() throws {
        try write("Title: ${title}, n=$data.n", to: "README.boilerplate")
        let output = folder.appendingPathComponent("README.md").path
        var render = try RenderCommand.parse([
            folder.appendingPathComponent("README.boilerplate").path, "--output", output,
        ])
        try render.run()
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "Title: Logger on main, n=2")
        // Without the project nothing is declared.
        render = try RenderCommand.parse([
            folder.appendingPathComponent("README.boilerplate").path, "--output", output, "--no-project",
        ])
        try render.run()
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "Title: , n=")
    }

    /// `render` has `$ENV` by default, as plate did; a project that says `"env": false` turns it off
    /// there too, and `--env` turns it back on.
    func testRenderHonoursAProjectWithoutEnv() throws {
        try write(#"{"load": ["repo.xml"], "env": false}"#, to: "mbml.json")
        try write("[$ENV.PATH.length]", to: "env.boilerplate")
        let output = folder.appendingPathComponent("env.txt").path
        let template = folder.appendingPathComponent("env.boilerplate").path
        var render = try RenderCommand.parse([template, "--output", output])
        try render.run()
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), "[]")
        render = try RenderCommand.parse([template, "--output", output, "--env"])
        try render.run()
        XCTAssertNotEqual(try String(contentsOfFile: output, encoding: .utf8), "[]")
        try write(#"{"load": ["repo.xml"]}"#, to: "mbml.json")
        render = try RenderCommand.parse([template, "--output", output])
        try render.run()
        XCTAssertNotEqual(
            try String(contentsOfFile: output, encoding: .utf8), "[]", "no \"env\": the command's default")
    }
}
