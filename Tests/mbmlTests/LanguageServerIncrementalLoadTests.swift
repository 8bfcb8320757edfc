import Foundation
import MBMLEngine
import XCTest

@testable import MBMLLanguageServer

/// Typing in a `<Var>` loads incrementally from the newest load; a file changed on disk (an include)
/// loads everything again, and the loads after it start from that one.
final class LanguageServerIncrementalLoadTests: XCTestCase {
    private let manifest = """
        <MBML>
            <Include file="shared.xml"/>
            <Var name="total" literal="1"/>
            <Var name="sum" value="#($total + 1)"/>
            <Var name="who" value="$owner"/>
        </MBML>
        """
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-incremental-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("main.xml"), atomically: true, encoding: .utf8)
        try writeShared(owner: "Ada")
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private var shared: URL { folder.appendingPathComponent("shared.xml") }
    private var uri: String { folder.appendingPathComponent("main.xml").standardizedFileURL.absoluteString }

    private func writeShared(owner: String) throws {
        try #"<MBML><Var name="owner" literal="\#(owner)"/></MBML>"#.write(
            to: shared, atomically: true, encoding: .utf8)
    }

    private func send(_ server: LanguageServer, _ method: String, id: Int? = nil, _ params: JSONValue) -> [JSONValue] {
        let message = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": id.map(JSONValue.int), "method": .string(method), "params": params,
        ])
        return server.handle(Data(message.encoded.utf8))
    }

    /// Types `text` at `line`:`character` (a `didChange` of version `version`).
    private func type(_ text: String, at line: Int, _ character: Int, version: Int, in server: LanguageServer) {
        let position = LSPPosition(line: line, character: character)
        _ = send(
            server, "textDocument/didChange",
            .object([
                "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
                "contentChanges": .array([
                    .object(["range": LSPRange(start: position, end: position).json, "text": .string(text)])
                ]),
            ]))
    }

    private func variable(_ name: String, in server: LanguageServer) -> Value? {
        server.analyses[uri]?.analysis.environment.variables[name]
    }

    private func kind(in server: LanguageServer) -> ManifestTextLoad.Kind? {
        server.analyses[uri]?.analysis.manifest.kind
    }

    func testTypingInAVarLoadsIncrementallyAndAnIncludeChangedOnDiskLoadsEverything() throws {
        let server = LanguageServer()
        _ = send(server, "initialize", id: 1, .object(["rootUri": .string(folder.standardizedFileURL.absoluteString)]))
        _ = send(
            server, "textDocument/didOpen",
            .object([
                "textDocument": .object([
                    "uri": .string(uri), "languageId": .string("xml"), "version": .int(1), "text": .string(manifest),
                ])
            ]))
        XCTAssertEqual(kind(in: server), .full)
        XCTAssertEqual(variable("sum", in: server), .integer(2))
        // `literal="1"` → `literal="41"`: $total, and $sum that read it.
        type("4", at: 2, 31, version: 2, in: server)
        XCTAssertEqual(kind(in: server), .incremental(redeclared: 2))
        XCTAssertEqual(variable("sum", in: server), .integer(42))
        XCTAssertEqual(variable("who", in: server), "Ada")
        // The include changes on disk: everything loads again, and its includer sees it.
        try writeShared(owner: "Grace")
        let replies = send(
            server, "workspace/didChangeWatchedFiles",
            .object([
                "changes": .array([
                    .object(["uri": .string(shared.standardizedFileURL.absoluteString), "type": .int(2)])
                ])
            ]))
        XCTAssertEqual(replies.first?["method"], .string("textDocument/publishDiagnostics"))
        XCTAssertEqual(kind(in: server), .full)
        XCTAssertEqual(variable("who", in: server), "Grace")
        XCTAssertEqual(variable("sum", in: server), .integer(42))
        // The next keystroke starts from that load: the include's new value stays.
        type("5", at: 2, 31, version: 3, in: server)
        XCTAssertEqual(kind(in: server), .incremental(redeclared: 2))
        XCTAssertEqual(variable("sum", in: server), .integer(542))
        XCTAssertEqual(variable("who", in: server), "Grace")
        // A line break before `<Var` moves it to the first column of the next line: it is declared
        // again there, alone (nothing reads it).
        type("\n", at: 3, 4, version: 4, in: server)
        XCTAssertEqual(kind(in: server), .incremental(redeclared: 1))
        XCTAssertEqual(variable("sum", in: server), .integer(542))
        // A line break inside a value: $sum alone, and $who moves down a line.
        type("\n", at: 4, 31, version: 5, in: server)
        XCTAssertEqual(kind(in: server), .incremental(redeclared: 1))
        XCTAssertEqual(variable("sum", in: server), .integer(542))
        XCTAssertEqual(server.analyses[uri]?.analysis.environment.provenance(of: "who")?.line, 7)
        // An empty line between two elements: nothing declared again, $who one more line down.
        type("\n    ", at: 2, 37, version: 6, in: server)
        XCTAssertEqual(kind(in: server), .incremental(redeclared: 0))
        XCTAssertEqual(server.analyses[uri]?.analysis.environment.provenance(of: "who")?.line, 8)
        XCTAssertEqual(variable("who", in: server), "Grace")
    }

    /// A document's lines are sliced from its text by where each starts: `\n` and `\r\n` end a line,
    /// an empty last line counts, and a change keeps them right.
    func testTheLinesOfADocument() {
        let document = TextDocument(uri: uri, version: 1, text: "a\r\nbé\n\n😀c")
        XCTAssertEqual(Array(document.lines), ["a", "bé", "", "😀c"])
        XCTAssertEqual(document.characters(ofLine: 3), ["😀", "c"])
        let changed = document.applying(
            "x\ny", in: LSPRange(start: LSPPosition(line: 1, character: 1), end: LSPPosition(line: 2, character: 0)))
        XCTAssertEqual(changed.text, "a\r\nbx\ny\n😀c")
        XCTAssertEqual(Array(changed.lines), ["a", "bx", "y", "😀c"])
        XCTAssertEqual(Array(TextDocument(uri: uri, version: 1, text: "").lines), [""])
        XCTAssertEqual(Array(TextDocument(uri: uri, version: 1, text: "z\n").lines), ["z", ""])
    }

    /// A load that reads everything again (a file changed on disk) is the oldest base a later
    /// load starts from, also while it has not finished (or never does: a newer text superseded it).
    func testNoLoadOlderThanAFullReloadIsABase() throws {
        let versions = DocumentVersions()
        let analysis = DocumentAnalysis(TextDocument(uri: uri, version: 1, text: manifest))
        let first = versions.announce(uri)
        versions.finish(uri, DocumentVersions.Finished(generation: first, analysis: analysis))
        XCTAssertEqual(versions.base(uri)?.generation, first)
        let reload = versions.announce(uri)
        versions.readsEverything(uri, from: reload)
        XCTAssertNil(versions.base(uri), "the load before the reload is no base")
        let keystroke = versions.announce(uri)
        XCTAssertNil(versions.base(uri), "the reload was superseded before it finished")
        versions.finish(uri, DocumentVersions.Finished(generation: keystroke, analysis: analysis))
        XCTAssertEqual(versions.base(uri)?.generation, keystroke)
    }
}
