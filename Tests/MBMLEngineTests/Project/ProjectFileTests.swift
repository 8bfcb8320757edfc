import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ProjectFile``: what a project loads, in which order, with `$ENV` and folders as it says, and
/// errors at the position of what is wrong.
final class ProjectFileTests: XCTestCase {
    private func project(_ text: String, in folder: ScratchFolder) throws -> ProjectFile {
        let file = try folder.write(text, to: "mbml.json")
        return try ProjectFile(contentsOf: file.path)
    }

    /// The error a project file text gives, as `line:column: message` (the file name dropped).
    private func error(_ text: String, in folder: ScratchFolder? = nil) throws -> String {
        let folder = try folder ?? ScratchFolder()
        let file = try folder.write(text, to: "mbml.json")
        do {
            _ = try ProjectFile(contentsOf: file.path)
            return "no error"
        } catch {
            XCTAssertTrue(error.description.hasPrefix(file.path + ":"), error.description)
            return "\(error.line):\(error.column): \(error.message)"
        }
    }

    func testEveryKeyIsRead() throws {
        let folder = try ScratchFolder()
        let project = try self.project(
            """
            {
              "description": "a shop",
              "load": ["common.xml", {"name": "$catalog", "data": "data/catalog.json"}, "screen.xml"],
              "env": {"BRANCH": "main"},
              "allowFileReads": ["assets"],
              "expectations": ["checks.jsonl"],
              "samples": ["samples/other.xml", {"name": "extra", "data": "samples/extra.json"}]
            }
            """, in: folder)
        let root = FileReadPolicy.resolved(folder.url.path)
        XCTAssertEqual(project.folder, root)
        XCTAssertEqual(
            project.inputs,
            [
                .manifest(URL(fileURLWithPath: root + "/common.xml")),
                .data(DataFileSpec(name: "catalog", path: root + "/data/catalog.json")),
                .manifest(URL(fileURLWithPath: root + "/screen.xml")),
            ])
        XCTAssertTrue(project.includesProcessEnvironment)
        XCTAssertEqual(project.environmentOverrides, ["BRANCH": "main"])
        XCTAssertEqual(project.allowedFolders, [root + "/assets"])
        XCTAssertEqual(project.expectationFiles, [root + "/checks.jsonl"])
        XCTAssertEqual(
            project.sampleInputs,
            [
                .manifest(URL(fileURLWithPath: root + "/samples/other.xml")),
                .data(DataFileSpec(name: "extra", path: root + "/samples/extra.json")),
            ])
        XCTAssertTrue(project.namedFiles.contains(root + "/samples/other.xml"))
        // $ENV: the process's variables with the project's set over them.
        XCTAssertEqual(
            project.processEnvironmentInput(from: ["BRANCH": "dev", "HOME": "/h"]),
            .processEnvironment(["BRANCH": "main", "HOME": "/h"]))
    }

    func testEnvIsAbsentUnlessTheProjectSaysSo() throws {
        let folder = try ScratchFolder()
        XCTAssertNil(try project("{}", in: folder).processEnvironmentInput(from: ["A": "1"]))
        XCTAssertNil(try project(#"{"env": false}"#, in: folder).processEnvironmentInput(from: ["A": "1"]))
        XCTAssertEqual(
            try project(#"{"env": true}"#, in: folder).processEnvironmentInput(from: ["A": "1"]),
            .processEnvironment(["A": "1"]))
    }

    func testErrorsPointAtWhatIsWrong() throws {
        XCTAssertEqual(try error("{\n  \"load\": [1,\n"), "3:1: Expected a value, found the end of the input")
        XCTAssertEqual(try error("[]"), "1:1: a project file is a JSON object")
        XCTAssertEqual(try error("3"), "1:1: a project file is a JSON object")
        XCTAssertEqual(
            try error("{\n  \"lod\": []\n}"),
            "2:3: unknown key \"lod\" (a project file has load, env, allowFileReads, expectations, samples and description)"
        )
        XCTAssertEqual(
            try error("{\"load\": \"a.xml\"}"),
            "1:2: \"load\" is an array of manifest names and {\"name\", \"data\"} objects")
        XCTAssertEqual(
            try error("{\"load\": [\"a.xml\",\n  true]}"),
            "2:3: each entry of \"load\" is a manifest name or {\"name\": NAME, \"data\": FILE}")
        XCTAssertEqual(
            try error("{\"samples\": [3]}"),
            "1:14: each entry of \"samples\" is a manifest name or {\"name\": NAME, \"data\": FILE}")
        XCTAssertEqual(
            try error("{\"load\": [{\"data\": \"a.json\"}]}"),
            "1:11: a data entry names its variable and its file: {\"name\": NAME, \"data\": FILE}")
        XCTAssertEqual(
            try error("{\"load\": [{\"name\": \"a\", \"file\": \"a.json\"}]}"),
            "1:25: unknown key \"file\" (a data entry has name and data)")
        XCTAssertEqual(
            try error("{\"env\": \"yes\"}"),
            "1:2: \"env\" is true, false or an object of strings ({\"BRANCH\": \"main\"})")
        XCTAssertEqual(try error("{\"env\": {\"A\": 1}}"), "1:10: the value of $ENV[A] is a string")
        XCTAssertEqual(try error("{\"expectations\": [\"\"]}"), "1:19: expected a file name")
        // Columns count characters, not bytes.
        XCTAssertEqual(
            try error("{\"description\": \"é\", \"x\": 1}"),
            "1:22: unknown key \"x\" (a project file has load, env, allowFileReads, expectations, samples and description)"
        )
    }

    /// A project file widens nothing outside its own folder: what it loads lies inside it and not
    /// behind a hidden entry; what it allows lies inside it.
    func testAProjectFileNamesNothingOutsideItsFolder() throws {
        let project = (scratch: try ScratchFolder(), unused: 0)
        XCTAssertTrue(
            try error(#"{"load": ["../secret.xml"]}"#, in: project.scratch).contains(
                "\"../secret.xml\" cannot be named by this project file: it is outside the folders"))
        XCTAssertTrue(
            try error(#"{"load": [{"name": "k", "data": "/etc/passwd"}]}"#, in: project.scratch).contains(
                "cannot be named by this project file"))
        XCTAssertTrue(
            try error(#"{"load": [".env/keys.xml"]}"#, in: project.scratch).contains(
                "does not read hidden files and folders (.env)"))
        XCTAssertTrue(
            try error(#"{"expectations": ["../x.jsonl"]}"#, in: project.scratch).contains(
                "cannot be named by this project file"))
        XCTAssertTrue(
            try error(#"{"allowFileReads": ["/"]}"#, in: project.scratch).contains(
                "\"/\" is not inside the project folder"))
        XCTAssertTrue(
            try error(#"{"allowFileReads": [".."]}"#, in: project.scratch).contains("is not inside the project folder"))
        // A link inside the project that leads out counts as outside.
        try FileManager.default.createSymbolicLink(atPath: project.scratch.path("out"), withDestinationPath: "/etc")
        XCTAssertTrue(
            try error(#"{"allowFileReads": ["out"]}"#, in: project.scratch).contains("is not inside the project folder")
        )
    }

    func testTheProjectWidensARestrictedPolicyOnlyByItsOwnFolders() throws {
        let folder = try ScratchFolder()
        let project = try self.project(#"{"load": ["sub/a.xml"], "allowFileReads": ["assets"]}"#, in: folder)
        let root = FileReadPolicy.resolved(folder.url.path)
        let widened = project.widening(.restricted(workFolders: ["/srv/x"]))
        XCTAssertEqual(widened.workFolders, ["/srv/x", root, root + "/sub"])
        XCTAssertEqual(widened.allowedFolders, [root + "/assets"])
        XCTAssertNil(widened.refusal(for: root + "/assets/.hidden"))
        XCTAssertNotNil(widened.refusal(for: root + "/.env"))
        XCTAssertEqual(project.widening(.anywhere), .anywhere)
    }

    func testAProjectFileIsReadThroughTheDoor() throws {
        let folder = try ScratchFolder()
        try folder.makeFolder("mbml.json")
        XCTAssertThrowsError(try ProjectFile(contentsOf: folder.path("mbml.json"))) { error in
            XCTAssertTrue(String(describing: error).contains("it is a directory, not a regular file"), "\(error)")
        }
        let large = try folder.write(String(repeating: " ", count: ProjectFile.maximumSize + 1) + "{}", to: "big.json")
        XCTAssertThrowsError(try ProjectFile(contentsOf: large.path)) { error in
            XCTAssertTrue(String(describing: error).contains("larger than the limit"), "\(error)")
        }
    }

    func testAProjectFileOfAnotherUserIsRefused() throws {
        try XCTSkipIf(getuid() != 0, "only root can give a file to another user")
        let folder = try ScratchFolder()
        let file = try folder.write("{}", to: "mbml.json")
        XCTAssertEqual(chown(file.path, 12_345, 12_345), 0)
        XCTAssertThrowsError(try ProjectFile(contentsOf: file.path)) { error in
            XCTAssertTrue(String(describing: error).contains("belongs to another user (uid 12345)"), "\(error)")
        }
    }

    func testInputsLoadInTheProjectsOrderAndEachLoadsOnce() throws {
        let folder = try ScratchFolder()
        try folder.write(#"<MBML><Var name="name" literal="Logger"/></MBML>"#, to: "repo.xml")
        try folder.write(#"<MBML><Var name="url" value="https://x/${name}/$ENV[BRANCH]"/></MBML>"#, to: "urls.xml")
        try folder.write(#"{"n": 3}"#, to: "d.json")
        let project = try self.project(
            #"{"load": ["repo.xml", "urls.xml", {"name": "d", "data": "d.json"}], "env": {"BRANCH": "main"}}"#,
            in: folder)
        let named: [EnvironmentInput] = [
            .manifest(URL(fileURLWithPath: folder.path("urls.xml"))),
            .data(DataFileSpec(name: "d", path: folder.path("d.json"))),
            .data(DataFileSpec(name: "e", path: folder.path("d.json"))),
        ]
        let inputs = project.environmentInputs(environment: project.processEnvironmentInput(from: [:]), then: named)
        // The manifest and data file named again load once, in the project's place; "e" is new.
        XCTAssertEqual(inputs.count, 5)
        XCTAssertEqual(inputs.last, named.last)
        let load = EnvironmentBuilder().build(inputs)
        XCTAssertEqual(load.diagnostics, [])
        XCTAssertEqual(try load.environment.evaluate("$url", in: .string), .string("https://x/Logger/main"))
        XCTAssertEqual(try load.environment.evaluate("#($d.n + $e.n)", in: .number), .integer(6))
    }

    func testADocumentTakesItsFilesPlaceInTheProject() throws {
        let folder = try ScratchFolder()
        let project = try self.project(#"{"load": ["a.xml", "b.xml"], "env": true}"#, in: folder)
        let document = EnvironmentInput.manifestText("<MBML/>", name: "b", directory: folder.url)
        let replaced = project.environmentInputs(
            replacing: URL(fileURLWithPath: folder.path("b.xml")), with: document, processEnvironment: ["A": "1"])
        XCTAssertEqual(
            replaced,
            [.processEnvironment(["A": "1"]), .manifest(URL(fileURLWithPath: project.folder + "/a.xml")), document])
        let other = project.environmentInputs(
            replacing: URL(fileURLWithPath: folder.path("c.xml")), with: document, processEnvironment: [:])
        XCTAssertEqual(other.last, document)
        XCTAssertEqual(other.count, 4)
    }
}
