import Foundation
import XCTest

@testable import MBMLLanguageServer

/// The capabilities beyond hover and completion: incremental sync, the outline (document symbols,
/// folding, links), rename, definition on the name, hovers in plain text, lazy completion resolve,
/// expressions that span lines and watched-file reloads.
final class LanguageServerCapabilitiesTests: XCTestCase {
    private let manifest = """
        <MBML>
            <Include file="shared.xml"/>
            <Var name="cats" type="list">
                <Var literal="Barrett"/>
                <Var literal="Duncan"/>
            </Var>
            <Var name="a" value="${cats} $cats[0] ^join($cats|
                , )"/>
        </MBML>
        """
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-capabilities-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("main.xml"), atomically: true, encoding: .utf8)
        try #"<MBML><Var name="owner" literal="Ada"/><Var name="pets" value="$cats"/></MBML>"#
            .write(to: folder.appendingPathComponent("shared.xml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private var uri: String { folder.appendingPathComponent("main.xml").standardizedFileURL.absoluteString }

    private func send(_ server: LanguageServer, _ method: String, id: Int? = 7, _ params: JSONValue) -> [JSONValue] {
        let message = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": id.map(JSONValue.int), "method": .string(method), "params": params,
        ])
        return server.handle(Data(message.encoded.utf8))
    }

    private func server(capabilities: JSONValue = .object([:])) -> LanguageServer {
        let server = LanguageServer()
        _ = send(
            server, "initialize",
            .object(["rootUri": .string(folder.standardizedFileURL.absoluteString), "capabilities": capabilities]))
        _ = send(
            server, "textDocument/didOpen", id: nil,
            .object([
                "textDocument": .object([
                    "uri": .string(uri), "languageId": .string("xml"), "version": .int(1), "text": .string(manifest),
                ])
            ]))
        return server
    }

    private func at(_ line: Int, _ character: Int) -> JSONValue {
        .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": .int(line), "character": .int(character)]),
        ])
    }

    private func document() -> JSONValue { .object(["textDocument": .object(["uri": .string(uri)])]) }

    func testIncrementalChangesEditTheText() {
        let server = server()
        // `Barrett` → `Bárrett😀`: a range inside the line, then an insertion after a surrogate pair.
        let replies = send(
            server, "textDocument/didChange", id: nil,
            .object([
                "textDocument": .object(["uri": .string(uri), "version": .int(2)]),
                "contentChanges": .array([
                    .object([
                        "range": LSPRange(
                            start: LSPPosition(line: 3, character: 23), end: LSPPosition(line: 3, character: 24)
                        ).json, "text": .string("á😀"),
                    ]),
                    .object([
                        "range": LSPRange(
                            start: LSPPosition(line: 3, character: 26), end: LSPPosition(line: 3, character: 26)
                        ).json, "text": .string("!"),
                    ]),
                ]),
            ]))
        XCTAssertEqual(replies.first?["params"]?["version"], .int(2))
        let hover = send(server, "textDocument/hover", at(6, 38)).last?["result"]?["contents"]?["value"]?.stringValue
        XCTAssertTrue(hover?.contains("Bá😀!rrett") == true, hover ?? "no hover")
    }

    func testDocumentSymbolsFoldingAndLinks() {
        let server = server()
        let symbols = send(server, "textDocument/documentSymbol", document()).last?["result"]?.arrayValue ?? []
        XCTAssertEqual(symbols.map { $0["name"]?.stringValue }, ["shared.xml", "cats", "a"])
        XCTAssertEqual(symbols[1]["kind"], .int(18))
        XCTAssertEqual(symbols[1]["children"]?.arrayValue?.map { $0["name"]?.stringValue }, ["Barrett", "Duncan"])
        XCTAssertEqual(
            symbols[1]["selectionRange"],
            LSPRange(start: LSPPosition(line: 2, character: 15), end: LSPPosition(line: 2, character: 19)).json)
        let folds = send(server, "textDocument/foldingRange", document()).last?["result"]?.arrayValue ?? []
        let spans = folds.map { [$0["startLine"]?.intValue, $0["endLine"]?.intValue] }
        XCTAssertEqual(spans, [[0, 8], [2, 5], [6, 7]])
        let links = send(server, "textDocument/documentLink", document()).last?["result"]?.arrayValue ?? []
        XCTAssertEqual(
            links.map { $0["target"]?.stringValue },
            [folder.appendingPathComponent("shared.xml").standardizedFileURL.absoluteString])
    }

    /// An outline shows at most ``DocumentSymbolHandler/maximumSymbols`` symbols, the first in
    /// document order (nested ones counted), and names the rest with one symbol that spans them.
    func testAnOutlineOfManySymbolsShowsTheFirstAndNamesTheRest() {
        let document = TextDocument(uri: uri, version: 1, text: manifest)
        // shared.xml, cats with Barrett and Duncan, a: five symbols.
        let all = DocumentSymbolHandler.symbols(in: document)
        XCTAssertEqual(all.map(\.name), ["shared.xml", "cats", "a"])
        let cut = DocumentSymbolHandler.symbols(in: document, maximum: 3)
        XCTAssertEqual(
            cut.map(\.name), ["shared.xml", "cats", "… 2 more symbols not shown (an outline shows the first 3)"])
        XCTAssertEqual(cut[1].children?.map(\.name), ["Barrett"])
        let rest = cut[2]
        XCTAssertEqual(rest.kind, 21)
        // From Duncan's start tag to the end of `a`.
        XCTAssertEqual(
            rest.range, LSPRange(start: LSPPosition(line: 4, character: 8), end: LSPPosition(line: 7, character: 14)))
        XCTAssertEqual(
            rest.selectionRange,
            LSPRange(start: LSPPosition(line: 4, character: 8), end: LSPPosition(line: 4, character: 12)))
        XCTAssertEqual(DocumentSymbolHandler.symbols(in: document, maximum: 5).map(\.name), all.map(\.name))
        // 6,000 variables: the default limit.
        let big = (0..<6000).map { "    <Var name=\"v\($0)\" literal=\"\($0)\"/>" }.joined(separator: "\n")
        let symbols = DocumentSymbolHandler.symbols(
            in: TextDocument(uri: uri, version: 1, text: "<MBML>\n\(big)\n</MBML>\n"))
        XCTAssertEqual(symbols.count, DocumentSymbolHandler.maximumSymbols + 1)
        XCTAssertEqual(symbols[4999].name, "v4999")
        XCTAssertEqual(symbols.last?.name, "… 1000 more symbols not shown (an outline shows the first 5000)")
        XCTAssertEqual(symbols.last?.range.end, LSPPosition(line: 6000, character: 38))
    }

    func testRenameEditsOnlyTheNameInEveryFormAndTheIncludedFile() throws {
        let server = server()
        let prepared = send(server, "textDocument/prepareRename", at(6, 26)).last?["result"]
        XCTAssertEqual(
            prepared,
            LSPRange(start: LSPPosition(line: 6, character: 27), end: LSPPosition(line: 6, character: 31)).json)
        var params = at(2, 17)
        if case .object(var members) = params {
            members.append((key: "newName", value: .string("kittens")))
            params = .object(members)
        }
        let changes = send(server, "textDocument/rename", params).last?["result"]?["changes"]
        let main = changes?[uri]?.arrayValue ?? []
        XCTAssertEqual(main.count, 4, "the declaration, ${cats}, $cats[0] and ^join($cats|")
        XCTAssertTrue(main.allSatisfy { $0["newText"] == .string("kittens") })
        XCTAssertTrue(main.contains { $0["range"]?["start"]?["character"] == .int(27) }, "inside ${…}")
        let shared = folder.appendingPathComponent("shared.xml").standardizedFileURL.absoluteString
        XCTAssertEqual(changes?[shared]?.arrayValue?.count, 1)
        let refused = send(server, "textDocument/rename", at(0, 0)).last?["error"]?["code"]
        XCTAssertEqual(refused, .int(ResponseError.Code.invalidParams.rawValue))
    }

    func testDefinitionOnTheDeclaredNameAndReferencesFromIt() {
        let server = server()
        let definition = send(server, "textDocument/definition", at(2, 17)).last?["result"]
        XCTAssertEqual(definition?["range"]?["start"]?["character"], .int(15))
        var params = at(2, 17)
        if case .object(var members) = params {
            members.append((key: "context", value: .object(["includeDeclaration": .bool(false)])))
            params = .object(members)
        }
        let references = send(server, "textDocument/references", params).last?["result"]?.arrayValue ?? []
        XCTAssertEqual(references.count, 4, "three in main.xml, one in shared.xml on disk")
    }

    func testHoverInPlainTextAndCompletionResolvedLazily() {
        let plain = server(
            capabilities: .object([
                "textDocument": .object(["hover": .object(["contentFormat": .array([.string("plaintext")])])])
            ]))
        let hover = send(plain, "textDocument/hover", at(6, 38)).last?["result"]?["contents"]
        XCTAssertEqual(hover?["kind"], .string("plaintext"))
        XCTAssertFalse(hover?["value"]?.stringValue?.contains("```") ?? true)
        XCTAssertTrue(hover?["value"]?.stringValue?.contains("Barrett") ?? false)
        let items = send(plain, "textDocument/completion", at(6, 37)).last?["result"]?["items"]?.arrayValue ?? []
        let cats = items.first { $0["label"] == .string("cats") }
        XCTAssertNotNil(cats)
        XCTAssertNil(cats?["detail"], "the list previews no value")
        let resolved = send(plain, "completionItem/resolve", cats ?? .null).last?["result"]
        XCTAssertTrue(resolved?["detail"]?.stringValue?.contains("Barrett") ?? false)
    }

    func testSignatureHelpOnTheLaterLineOfAnExpression() {
        let server = server()
        let help = send(server, "textDocument/signatureHelp", at(7, 10)).last?["result"]
        XCTAssertEqual(help?["activeParameter"], .int(1))
        XCTAssertTrue(help?["signatures"]?.arrayValue?.first?["label"]?.stringValue?.hasPrefix("^join(") ?? false)
    }

    func testAWatchedIncludeChangedOnDiskReloadsItsIncluder() throws {
        let server = server()
        let shared = folder.appendingPathComponent("shared.xml")
        try #"<MBML><Var name="owner" literal="Grace"/><Var name="pets" value="$cats"/></MBML>"#
            .write(to: shared, atomically: true, encoding: .utf8)
        let replies = send(
            server, "workspace/didChangeWatchedFiles", id: nil,
            .object([
                "changes": .array([
                    .object(["uri": .string(shared.standardizedFileURL.absoluteString), "type": .int(2)])
                ])
            ]))
        XCTAssertEqual(replies.first?["method"], .string("textDocument/publishDiagnostics"))
        let unrelated = send(
            server, "workspace/didChangeWatchedFiles", id: nil,
            .object(["changes": .array([.object(["uri": .string("file:///elsewhere.xml"), "type": .int(2)])])]))
        XCTAssertTrue(unrelated.isEmpty, "a file no document read reloads nothing")
        // `$owner` is not written in main.xml: check through a reference typed at the end of line 6.
        _ = send(
            server, "textDocument/didChange", id: nil,
            .object([
                "textDocument": .object(["uri": .string(uri), "version": .int(3)]),
                "contentChanges": .array([
                    .object([
                        "range": LSPRange(
                            start: LSPPosition(line: 0, character: 6), end: LSPPosition(line: 0, character: 6)
                        ).json, "text": .string(" $owner"),
                    ])
                ]),
            ]))
        let hover = send(server, "textDocument/hover", at(0, 9)).last?["result"]?["contents"]?["value"]?.stringValue
        XCTAssertTrue(hover?.contains("Grace") ?? false, hover ?? "no hover")
    }

    func testInlayHintsQuickFixesAndEvaluatingASelection() {
        let server = server()
        var params = document()
        if case .object(var members) = params {
            members.append(
                (
                    key: "range",
                    value: LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 9, character: 0))
                        .json
                ))
            params = .object(members)
        }
        let hints = send(server, "textDocument/inlayHint", params).last?["result"]?.arrayValue ?? []
        XCTAssertEqual(
            hints.map { $0["position"]?["line"]?.intValue }, [2, 7],
            "cats and a (after its tag, on its last line); not the list's items")
        XCTAssertEqual(hints.first?["label"], .string(#"= ["Barrett","Duncan"]"#))
        XCTAssertEqual(hints.first?["position"]?["character"], .int(33), "after the start tag of a list")

        let typo = """
            <MBML>
                <Var name="total" literal="3"/>
                <Var name="use" type="dynamic" expression="$totl + 1"/>
            </MBML>
            """
        _ = send(
            server, "textDocument/didChange", id: nil,
            .object([
                "textDocument": .object(["uri": .string(uri), "version": .int(5)]),
                "contentChanges": .array([.object(["text": .string(typo)])]),
            ]))
        let diagnostic = JSONValue.object([
            "range": LSPRange(start: LSPPosition(line: 2, character: 47), end: LSPPosition(line: 2, character: 52))
                .json,
            "message": .string("$totl is referred to by $use but nothing declares it"),
        ])
        let selection = LSPRange(start: LSPPosition(line: 2, character: 47), end: LSPPosition(line: 2, character: 52))
        let actions =
            send(
                server, "textDocument/codeAction",
                .object([
                    "textDocument": .object(["uri": .string(uri)]), "range": selection.json,
                    "context": .object(["diagnostics": .array([diagnostic])]),
                ])
            ).last?["result"]?.arrayValue ?? []
        XCTAssertEqual(
            actions.map { $0["title"]?.stringValue },
            ["Did you mean `$total`?", "Evaluate: null", "Replace with its value: null"])
        XCTAssertEqual(
            actions.first?["edit"]?["changes"]?[uri]?.arrayValue?.first?["range"]?["start"]?["character"], .int(48))
        let evaluated = send(
            server, "workspace/executeCommand",
            .object([
                "command": .string("mbml.evaluate"), "arguments": .array([.string(uri), .string("$total")]),
            ]))
        XCTAssertEqual(evaluated.first?["method"], .string("window/showMessage"))
        XCTAssertEqual(evaluated.last?["result"], .string(#""3""#))
    }
}
