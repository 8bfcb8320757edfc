import Foundation
import XCTest

@testable import MBMLLanguageServer

/// Code lenses on an expectation file of the project: each case's line shows how its check went
/// against the project's space, the first line sums up, and the lens command runs them again.
final class LanguageServerCodeLensTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mbml-lsp-lens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try write(
            #"<MBML><Var name="total" literal="6"/><Var name="cats" type="list"><Var literal="Barrett"/></Var></MBML>"#,
            to: "main.xml")
        try write(#"{"load": ["main.xml"], "expectations": ["cases.jsonl"]}"#, to: "mbml.json")
        try write(
            """
            {"id": "total", "context": "string", "expr": "$total", "expect": "6"}

            {"id": "wrong", "context": "string", "expr": "$total", "expect": "7"}
            {"id": "cats", "expr": "$cats.count", "expect": 1}
            not json
            """, to: "cases.jsonl")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    private func send(_ server: LanguageServer, _ method: String, id: Int? = 7, _ params: JSONValue) -> [JSONValue] {
        let message = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": id.map(JSONValue.int), "method": .string(method), "params": params,
        ])
        return server.handle(Data(message.encoded.utf8))
    }

    private func openServer(_ name: String) throws -> (LanguageServer, String) {
        let server = LanguageServer()
        _ = send(server, "initialize", .object(["rootUri": .string(folder.absoluteString)]))
        let url = folder.appendingPathComponent(name)
        let uri = url.standardizedFileURL.absoluteString
        _ = send(
            server, "textDocument/didOpen", id: nil,
            .object([
                "textDocument": .object([
                    "uri": .string(uri), "languageId": .string("jsonl"), "version": .int(1),
                    "text": .string(try String(contentsOf: url, encoding: .utf8)),
                ])
            ]))
        return (server, uri)
    }

    func testEachCaseShowsItsOutcomeAndTheFirstLineSumsUp() throws {
        let (server, uri) = try openServer("cases.jsonl")
        let lenses =
            send(server, "textDocument/codeLens", .object(["textDocument": .object(["uri": .string(uri)])])).last?[
                "result"]?.arrayValue ?? []
        let shown = lenses.map { lens in
            "\(lens["range"]?["start"]?["line"]?.intValue ?? -1) \(lens["command"]?["title"]?.stringValue ?? "")"
        }
        XCTAssertEqual(shown.first, "0 ▶ Run 3 checks: 2 passed, 1 failed")
        XCTAssertTrue(shown.contains("0 ✓ passed"), "\(shown)")
        XCTAssertTrue(shown.contains { $0.hasPrefix("2 ✗ failed:") && $0.contains("7") }, "\(shown)")
        XCTAssertTrue(shown.contains("3 ✓ passed"), "\(shown)")
        XCTAssertTrue(shown.contains { $0.hasPrefix("4 ⚠ ") }, "the line that is no expectation: \(shown)")
        XCTAssertEqual(lenses.first?["command"]?["command"], .string(CodeLensHandler.runCommand))
        XCTAssertEqual(lenses[2]["command"]?["arguments"], .array([.string(uri), .string("wrong")]))
    }

    func testTheLensCommandRunsTheChecks() throws {
        let (server, uri) = try openServer("cases.jsonl")
        let all = send(
            server, "workspace/executeCommand",
            .object(["command": .string(CodeLensHandler.runCommand), "arguments": .array([.string(uri)])]))
        XCTAssertEqual(all.first?["method"], .string("window/showMessage"))
        XCTAssertTrue(all.first?["params"]?["message"]?.stringValue?.contains("2 passed, 1 failed") == true)
        let result = all.last?["result"]
        XCTAssertEqual(result?["passed"], .int(2))
        XCTAssertEqual(result?["failed"], .int(1))
        XCTAssertEqual(result?["failures"]?.arrayValue?.first?["id"], .string("wrong"))
        XCTAssertEqual(result?["failures"]?.arrayValue?.first?["line"], .int(3))
        let one = send(
            server, "workspace/executeCommand",
            .object([
                "command": .string(CodeLensHandler.runCommand), "arguments": .array([.string(uri), .string("total")]),
            ])
        ).last?["result"]
        XCTAssertEqual(one?["passed"], .int(1))
        XCTAssertEqual(one?["failed"], .int(0))
        let bad = send(
            server, "workspace/executeCommand",
            .object(["command": .string(CodeLensHandler.runCommand), "arguments": .array([.int(3)])]))
        XCTAssertEqual(bad.last?["error"]?["code"], .int(-32602))
    }

    func testAManifestHasNoLenses() throws {
        let (server, uri) = try openServer("main.xml")
        let lenses = send(server, "textDocument/codeLens", .object(["textDocument": .object(["uri": .string(uri)])]))
        XCTAssertEqual(lenses.last?["result"], .array([]))
    }
}
