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

    private func openServer(_ name: String, capabilities: JSONValue = .object([:])) throws -> (LanguageServer, String) {
        let server = LanguageServer()
        _ = send(
            server, "initialize",
            .object(["rootUri": .string(folder.absoluteString), "capabilities": capabilities]))
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

    /// After the lens command ran the checks, a client that supports it is asked to refresh its
    /// lenses (a request of the server, after the command's answer, with ids of its own); a client
    /// that does not is not, and the other command never asks.
    func testTheLensCommandAsksClientsThatCanToRefreshTheirLenses() throws {
        let refreshing = JSONValue.object(["workspace": .object(["codeLens": .object(["refreshSupport": .bool(true)])])]
        )
        let (server, uri) = try openServer("cases.jsonl", capabilities: refreshing)
        let run = JSONValue.object([
            "command": .string(CodeLensHandler.runCommand), "arguments": .array([.string(uri)]),
        ])
        let first = send(server, "workspace/executeCommand", id: 8, run)
        XCTAssertEqual(
            first.map { $0["method"]?.stringValue ?? "response" }.suffix(2), ["response", "workspace/codeLens/refresh"])
        let refresh = try XCTUnwrap(first.last)
        XCTAssertNotNil(refresh["id"], "a request: the client answers it")
        XCTAssertNil(refresh["params"], "the refresh has no params")
        XCTAssertEqual(first[first.count - 2]["id"], .int(8))
        let second = send(server, "workspace/executeCommand", id: 9, run)
        XCTAssertNotEqual(second.last?["id"], refresh["id"], "each request of the server has its own id")
        // The client's answer to the refresh is taken quietly.
        let answer = JSONValue.object(["jsonrpc": .string("2.0"), "id": refresh["id"] ?? .null, "result": .null])
        XCTAssertEqual(server.handle(Data(answer.encoded.utf8)), [])
        let evaluate = send(
            server, "workspace/executeCommand",
            .object([
                "command": .string(CodeActionHandler.evaluateCommand),
                "arguments": .array([.string(uri), .string("1")]),
            ]))
        XCTAssertFalse(evaluate.contains { $0["method"] == .string("workspace/codeLens/refresh") })

        let (quiet, quietURI) = try openServer("cases.jsonl")
        let unasked = send(
            quiet, "workspace/executeCommand",
            .object(["command": .string(CodeLensHandler.runCommand), "arguments": .array([.string(quietURI)])]))
        XCTAssertFalse(unasked.contains { $0["method"] == .string("workspace/codeLens/refresh") }, "\(unasked)")
        XCTAssertNotNil(unasked.last?["result"])
    }

    func testAManifestHasNoLenses() throws {
        let (server, uri) = try openServer("main.xml")
        let lenses = send(server, "textDocument/codeLens", .object(["textDocument": .object(["uri": .string(uri)])]))
        XCTAssertEqual(lenses.last?["result"], .array([]))
    }
}
