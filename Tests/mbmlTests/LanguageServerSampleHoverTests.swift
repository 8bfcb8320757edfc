import Foundation
import XCTest

@testable import MBMLLanguageServer

/// Hovers on references that the document's space leaves without a value: a name only a project's
/// samples declare (`"samples"` in `mbml.json`) shows its sample value, labelled; the item of a
/// collection that is empty in the project shows a sample item; a per-item variable inside a call
/// that spans lines shows the item it is bound to, in a template and in a manifest.
final class LanguageServerSampleHoverTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-lsp-samples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("samples"), withIntermediateDirectories: true)
        try write(
            """
            <MBML>
                <Var name="repo:name" literal="Shop"/>
                <Var name="branches" type="list"/>
                <Var name="deps" value="^if($project:deps|^list($project:deps|$item.name))"/>
                <Var name="others" value="^list($branches|$key $item)"/>
                <Var name="late" value="$late:only"/>
            </MBML>
            """, to: "repos.xml")
        try write(#"<MBML><Var name="project:name" literal="Shop"/></MBML>"#, to: "project.xml")
        try write(
            """
            <MBML>
                <Var name="project:deps" type="list">
                    <Var type="map"><Var name="name" literal="Logger"/></Var>
                    <Var type="map"><Var name="name" literal="Text"/></Var>
                </Var>
                <Var name="branches" type="map"><Var name="main" literal="swift4"/></Var>
            </MBML>
            """, to: "samples/other.xml")
        try write(
            #"<MBML><Var name="project:deps" literal="late"/><Var name="late:only" literal="L"/></MBML>"#,
            to: "samples/late.xml")
        try write(
            #"{"load": ["repos.xml", "project.xml"], "samples": ["samples/other.xml", "samples/late.xml"]}"#,
            to: "mbml.json")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// A server with `name` of the folder open (its text `text`, or the file's).
    private func open(_ name: String, text: String? = nil, languageId: String = "xml") throws -> (
        LanguageServer, String
    ) {
        let server = LanguageServer()
        _ = server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let url = folder.appendingPathComponent(name)
        if let text { try write(text, to: name) }
        let open = JSONValue.object([
            "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
            "params": .object([
                "textDocument": .object([
                    "uri": .string(url.absoluteString), "languageId": .string(languageId), "version": .int(1),
                    "text": .string(try String(contentsOf: url, encoding: .utf8)),
                ])
            ]),
        ])
        _ = server.handle(Data(open.encoded.utf8))
        return (server, url.absoluteString)
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

    func testANameOnlyTheSamplesDeclareShowsItsSampleValueLabelled() throws {
        let (server, uri) = try open("repos.xml")
        // `$project:deps` in `^if($project:deps|…)`: the project leaves it undeclared.
        let text = hover(server, uri, line: 3, character: 35)
        XCTAssertTrue(text.contains("\"name\" : \"Logger\"") || text.contains("\"Logger\""), text)
        XCTAssertTrue(text.contains("a sample") && text.contains("samples/other.xml"), text)
        // Each sample is a world of its own, tried in order: the first that declares a name gives it.
        XCTAssertFalse(text.contains("\"late\""), text)
        let late = hover(server, uri, line: 5, character: 30)
        XCTAssertTrue(late.contains("\"L\"") && late.contains("samples/late.xml"), late)
        XCTAssertFalse(text.contains("not declared"), text)
        // A name the project declares shows the project's value, not a sample.
        let declared = hover(server, uri, line: 4, character: 38)
        XCTAssertTrue(declared.contains("[]") && declared.contains("declared at"), declared)
        XCTAssertFalse(declared.contains("a sample"), declared)
    }

    func testAnItemOfACollectionEmptyInTheProjectShowsASampleItem() throws {
        let (server, uri) = try open("repos.xml")
        // `$item` in `^list($project:deps|$item.name)`: bound only in the samples.
        let item = hover(server, uri, line: 3, character: 68)
        XCTAssertTrue(item.contains("a sample item") && item.contains("Logger"), item)
        // `$item` and `$key` over `$branches`, empty in the project, one entry in the samples.
        let branch = hover(server, uri, line: 4, character: 55)
        XCTAssertTrue(branch.contains("\"swift4\"") && branch.contains("a sample item"), branch)
        XCTAssertTrue(branch.contains("the collection is empty"), branch)
        let key = hover(server, uri, line: 4, character: 48)
        XCTAssertTrue(key.contains("\"main\"") && key.contains("a sample item"), key)
    }

    func testANameNeitherDeclaresSaysSoWithTheReason() throws {
        let (server, uri) = try open(
            "page.boilerplate", text: "^if($travis:token|token: $travis:token)\n", languageId: "mbml-template")
        let text = hover(server, uri, line: 0, character: 5)
        XCTAssertTrue(text.contains("not declared by any input of the project"), text)
        XCTAssertTrue(text.contains("the project's samples do not declare it either"), text)
    }

    func testAnItemInATemplateCallSpanningLinesShowsTheFirstItem() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("mbml.json"))
        let (server, uri) = try open(
            "list.boilerplate",
            text: """
                Pets:
                ^join(^list(^array(Barrett|Duncan)|
                - $item
                (${item}))|
                )
                """, languageId: "mbml-template")
        let simple = hover(server, uri, line: 2, character: 3)
        XCTAssertTrue(simple.contains("\"Barrett\"") && simple.contains("evaluated 2 times"), simple)
        let braced = hover(server, uri, line: 3, character: 3)
        XCTAssertTrue(braced.contains("\"Barrett\"") && braced.contains("evaluated 2 times"), braced)
    }

    func testAnItemInAManifestCallThatClosesOnALaterLineShowsTheFirstItem() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("mbml.json"))
        let (server, uri) = try open(
            "loop.xml",
            text: """
                <MBML>
                    <Var name="cats" type="list"><Var literal="Barrett"/><Var literal="Duncan"/></Var>
                    <Var name="lengths" value="^join(^filter($cats|$item.length -GT 3)
                        |, )"/>
                </MBML>
                """)
        let text = hover(server, uri, line: 2, character: 53)
        XCTAssertTrue(text.contains("\"Barrett\"") && text.contains("evaluated 2 times"), text)
    }
}
