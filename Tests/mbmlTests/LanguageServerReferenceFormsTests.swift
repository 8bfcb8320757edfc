import Foundation
import XCTest

@testable import MBMLLanguageServer

/// Every reference form the engine reads — `$name`, `${name}`, `${ns:name}`, `$(name with spaces)`,
/// `$[name]`, with subreferences — is seen by the server through the engine's syntax service; and
/// templates are served without XML errors.
final class LanguageServerReferenceFormsTests: XCTestCase {
    private let manifest = """
        <MBML>
            <Var name="cats" type="list"><Var literal="Barrett"/><Var literal="Duncan"/></Var>
            <Var name="ns:pet" literal="Gabby"/>
            <Var name="a" value="${cats} ${ns:pet} $[cats] ${cats.count} $(cats) $cats"/>
            <Var name="b" value="${ca"/>
        </MBML>
        """

    private func server(_ text: String, languageId: String = "xml") -> (LanguageServer, [JSONValue]) {
        let server = LanguageServer()
        _ = server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let open = JSONValue.object([
            "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
            "params": .object([
                "textDocument": .object([
                    "uri": .string("untitled:a"), "languageId": .string(languageId), "version": .int(1),
                    "text": .string(text),
                ])
            ]),
        ])
        return (server, server.handle(Data(open.encoded.utf8)))
    }

    private func ask(_ server: LanguageServer, _ method: String, line: Int, character: Int) -> JSONValue? {
        let request = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": .int(5), "method": .string(method),
            "params": .object([
                "textDocument": .object(["uri": .string("untitled:a")]),
                "position": .object(["line": .int(line), "character": .int(character)]),
                "context": .object(["includeDeclaration": .bool(false)]),
            ]),
        ])
        return server.handle(Data(request.encoded.utf8)).last?["result"]
    }

    /// The UTF-16 column of `needle` on line `line` of the manifest, plus `offset`.
    private func column(_ needle: String, line: Int, offset: Int = 0) -> Int {
        let text = manifest.split(separator: "\n", omittingEmptySubsequences: false)[line]
        guard let range = text.range(of: needle) else { return -1 }
        return text[..<range.lowerBound].utf16.count + offset
    }

    func testOccurrencesListEveryForm() {
        let line = Array(#"$a ${b} ${ns:c} $(d e) $[f] ^join($a|x) $$g ${h.count} ^^k("#)
        let occurrences = ExpressionOccurrences(line: line).occurrences
        XCTAssertEqual(occurrences.map(\.name), ["a", "b", "ns:c", "d e", "f", "join", "a", "h"])
        XCTAssertEqual(
            occurrences.map(\.kind),
            [.variable, .variable, .variable, .variable, .variable, .function, .variable, .variable])
        // The whole reference is covered: `${ns:c}` is 7 characters, `$(d e)` 6.
        XCTAssertEqual(occurrences[2].end - occurrences[2].start, 7)
        XCTAssertEqual(occurrences[3].end - occurrences[3].start, 6)
    }

    func testHoverDefinitionAndReferencesOnEachForm() throws {
        let (server, _) = server(manifest)
        for (needle, value) in [
            ("${cats}", "Barrett"), ("${ns:pet}", "Gabby"), ("$[cats]", "Barrett"), ("${cats.count}", "2"),
        ] {
            let hover = ask(server, "textDocument/hover", line: 3, character: column(needle, line: 3, offset: 3))
            let text = hover?["contents"]?["value"]?.stringValue ?? ""
            XCTAssertTrue(text.contains(value) && text.contains(needle), "\(needle): \(text)")
            XCTAssertEqual(
                hover?["range"]?["start"]?["character"], .int(column(needle, line: 3)), "\(needle) is covered whole")
            XCTAssertEqual(
                hover?["range"]?["end"]?["character"], .int(column(needle, line: 3) + needle.utf16.count), needle)
        }
        let definition = ask(
            server, "textDocument/definition", line: 3, character: column("${ns:pet}", line: 3, offset: 4))
        XCTAssertEqual(definition?["range"]?["start"]?["line"], .int(2))
        let references = ask(
            server, "textDocument/references", line: 3, character: column("$cats\"", line: 3, offset: 2))
        // ${cats}, $[cats], ${cats.count}, $(cats) and $cats: five references to cats.
        XCTAssertEqual(references?.arrayValue?.count, 5, "\(String(describing: references))")
    }

    func testCompletionAfterACurlyBrace() {
        let (server, _) = server(manifest)
        let result = ask(server, "textDocument/completion", line: 4, character: column("${ca", line: 4, offset: 4))
        let items = result?["items"]?.arrayValue ?? []
        XCTAssertEqual(items.compactMap { $0["label"]?.stringValue }, ["cats"])
        XCTAssertEqual(items.first?["textEdit"]?["newText"], .string("cats}"))
    }

    func testSemanticTokensCoverEachForm() {
        let (server, _) = server(manifest)
        let request =
            #"{"jsonrpc":"2.0","id":3,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"untitled:a"}}}"#
        let data = server.handle(Data(request.utf8)).last?["result"]?["data"]?.arrayValue?.compactMap(\.intValue) ?? []
        var tokens: [(line: Int, start: Int, length: Int)] = []
        var line = 0
        var start = 0
        for index in stride(from: 0, to: data.count, by: 5) {
            line += data[index]
            start = data[index] == 0 ? start + data[index + 1] : data[index + 1]
            tokens.append((line, start, data[index + 2]))
        }
        for needle in ["${cats}", "${ns:pet}", "$[cats]", "${cats.count}", "$(cats)"] {
            XCTAssertTrue(
                tokens.contains {
                    $0.line == 3 && $0.start == column(needle, line: 3) && $0.length == needle.utf16.count
                },
                "\(needle) in \(tokens)")
        }
    }

    func testATemplateGetsNoXMLErrors() {
        for (languageId, text) in [
            ("mbml-template", "Hello ${name}, ^uppercase($who)\n"), ("markdown", "# $title\n\nBody ${ns:x}\n"),
        ] {
            let (server, published) = server(text, languageId: languageId)
            XCTAssertEqual(published.first?["params"]?["diagnostics"], .array([]), "\(languageId)")
            let hover = ask(server, "textDocument/hover", line: 0, character: text.hasPrefix("#") ? 3 : 8)
            XCTAssertTrue(
                hover?["contents"]?["value"]?.stringValue?.contains("not declared") ?? false,
                "\(languageId): \(String(describing: hover))")
        }
        // A manifest is still loaded as XML whatever the client calls it, when it is XML.
        let (_, published) = server("<MBML><Var name=\"a\" value=\"1\"", languageId: "plaintext")
        XCTAssertNotEqual(published.first?["params"]?["diagnostics"], .array([]))
    }
}
