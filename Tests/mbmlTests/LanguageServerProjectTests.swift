import Foundation
import XCTest

@testable import MBMLLanguageServer

/// A document in a project (`mbml.json` beside or above it) loads with the project's other inputs,
/// `$ENV` and folders: hovers show the values the project gives, and no false warning remains.
final class LanguageServerProjectTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-lsp-project-\(UUID().uuidString)")
        // A repository root: the search for a project file stops here.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(
            """
            <MBML>
                <Var name="repo:name" literal="CleanroomLogger"/>
                <Var name="repo:branch" value="$ENV[BRANCH]"/>
            </MBML>
            """, to: "repos.xml")
        try write(
            """
            <MBML>
                <Var name="cats" type="list"><Var literal="Barrett"/><Var literal="Duncan"/></Var>
                <Var name="url" value="https://github.com/${repo:name} $repo:name $ENV[BRANCH]"/>
                <Var name="lengths" value="^list($cats|$item.length)"/>
            </MBML>
            """, to: "project.xml")
        try write("Branch: ${repo:branch} of $repo:name\n", to: "README.boilerplate")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    private func writeProject() throws {
        try write(#"{"load": ["repos.xml", "project.xml"], "env": {"BRANCH": "main"}}"#, to: "mbml.json")
    }

    /// A server with `name` of the folder open; the diagnostics it published on opening.
    private func open(_ name: String, languageId: String = "xml") throws -> (LanguageServer, String, JSONValue?) {
        let server = LanguageServer()
        _ = server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let url = folder.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let open = JSONValue.object([
            "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
            "params": .object([
                "textDocument": .object([
                    "uri": .string(url.absoluteString), "languageId": .string(languageId), "version": .int(1),
                    "text": .string(text),
                ])
            ]),
        ])
        let published = server.handle(Data(open.encoded.utf8)).last?["params"]?["diagnostics"]
        return (server, url.absoluteString, published)
    }

    private func hover(_ server: LanguageServer, _ uri: String, line: Int, character: Int) -> String {
        let request = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": .int(5), "method": .string("textDocument/hover"),
            "params": .object([
                "textDocument": .object(["uri": .string(uri)]),
                "position": .object(["line": .int(line), "character": .int(character)]),
            ]),
        ])
        return server.handle(Data(request.encoded.utf8)).last?["result"]?["contents"]?["value"]?.stringValue ?? ""
    }

    func testWithoutAProjectTheSiblingIsUnknownAndEnvIsWarnedAbout() throws {
        let (server, uri, diagnostics) = try open("project.xml")
        XCTAssertTrue(
            diagnostics?.arrayValue?.contains {
                $0["message"]?.stringValue?.contains("$ENV is referred to") == true
            } == true, "\(String(describing: diagnostics))")
        // `${name}` and `$name` of one variable agree: both undeclared here.
        let braced = hover(server, uri, line: 2, character: 48)
        let simple = hover(server, uri, line: 2, character: 62)
        XCTAssertTrue(braced.contains("${repo:name}") && braced.contains("not declared"), braced)
        XCTAssertTrue(simple.contains("$repo:name") && simple.contains("not declared"), simple)
    }

    func testInAProjectTheSiblingAndEnvGiveValuesAndNoWarning() throws {
        try writeProject()
        let (server, uri, diagnostics) = try open("project.xml")
        XCTAssertEqual(diagnostics, .array([]))
        let braced = hover(server, uri, line: 2, character: 48)
        let simple = hover(server, uri, line: 2, character: 62)
        XCTAssertTrue(braced.contains("\"CleanroomLogger\"") && braced.contains("declared at"), braced)
        XCTAssertTrue(simple.contains("\"CleanroomLogger\""), simple)
        let env = hover(server, uri, line: 2, character: 73)
        XCTAssertTrue(env.contains("\"main\""), env)
        // The other manifest, opened itself, sees the first through the project too.
        let (other, otherURI, otherDiagnostics) = try open("repos.xml")
        XCTAssertEqual(otherDiagnostics, .array([]))
        let branch = hover(other, otherURI, line: 2, character: 37)
        XCTAssertTrue(branch.contains("\"main\""), branch)
    }

    func testALoopVariableShowsTheValuesItIsBoundTo() throws {
        let (server, uri, _) = try open("project.xml")
        let text = hover(server, uri, line: 3, character: 46)
        XCTAssertTrue(text.contains("\"Barrett\"") && text.contains("evaluated 2 times"), text)
        XCTAssertFalse(text.contains("not declared"), text)
    }

    func testATemplateInAProjectShowsItsValuesWithoutXMLErrors() throws {
        try writeProject()
        let (server, uri, diagnostics) = try open("README.boilerplate", languageId: "mbml-template")
        XCTAssertEqual(diagnostics, .array([]))
        XCTAssertTrue(hover(server, uri, line: 0, character: 11).contains("\"main\""))
        XCTAssertTrue(hover(server, uri, line: 0, character: 29).contains("\"CleanroomLogger\""))
    }

    /// Every reference form reaches a variable another file of the project declares: hover shows
    /// its value, definition goes to that file, completion offers it.
    func testEveryReferenceFormSeesTheProjectsOtherFiles() throws {
        try write(
            #"<MBML><Var name="my pet" literal="Gabby"/><Var name="ns:x" literal="abc"/></MBML>"#, to: "names.xml")
        let line = "<MBML><Var name=\"y\" value=\"$(my pet) ${ns:x} $[ns:x] ${ns:x.length} $ns:x.length\"/></MBML>"
        try write(line + "\n", to: "uses.xml")
        try write(#"{"load": ["names.xml", "uses.xml"]}"#, to: "mbml.json")
        let (server, uri, diagnostics) = try open("uses.xml")
        XCTAssertEqual(diagnostics, .array([]))
        func column(_ needle: String) -> Int {
            line.distance(from: line.startIndex, to: line.range(of: needle)!.lowerBound) + 2
        }
        for (needle, value) in [
            ("$(my pet)", "\"Gabby\""), ("${ns:x}", "\"abc\""), ("$[ns:x]", "\"abc\""), ("${ns:x.length}", "3"),
            ("$ns:x.length", "3"),
        ] {
            let text = hover(server, uri, line: 0, character: column(needle))
            XCTAssertTrue(text.contains(value) && text.contains("names.xml"), "\(needle): \(text)")
            let definition = request(server, "textDocument/definition", uri: uri, line: 0, character: column(needle))
            XCTAssertTrue(
                definition?["uri"]?.stringValue?.hasSuffix("/names.xml") ?? false,
                "\(needle): \(String(describing: definition))")
        }
        try write("<MBML><Var name=\"z\" value=\"${ns:\"/></MBML>\n", to: "uses.xml")
        let (completing, completingURI, _) = try open("uses.xml")
        let items = request(completing, "textDocument/completion", uri: completingURI, line: 0, character: 30)?["items"]
        XCTAssertTrue(
            items?.arrayValue?.contains { $0["label"]?.stringValue == "ns:x" } ?? false, "\(String(describing: items))")
    }

    private func request(_ server: LanguageServer, _ method: String, uri: String, line: Int, character: Int)
        -> JSONValue?
    {
        let request = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": .int(6), "method": .string(method),
            "params": .object([
                "textDocument": .object(["uri": .string(uri)]),
                "position": .object(["line": .int(line), "character": .int(character)]),
            ]),
        ])
        return server.handle(Data(request.encoded.utf8)).last?["result"]
    }

    func testABadProjectFileIsReportedAtItsPosition() throws {
        try write("{\n  \"lod\": []\n}\n", to: "mbml.json")
        let (_, _, diagnostics) = try open("project.xml")
        let messages = diagnostics?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        XCTAssertTrue(
            messages.contains {
                $0.hasSuffix(
                    "mbml.json:2:3: unknown key \"lod\" (a project file has load, env, allowFileReads, expectations, samples and description)"
                )
            },
            "\(messages)")
    }
}
