import Foundation
import MBMLEngine
import XCTest

@testable import MBMLInspector
@testable import MBMLLanguageServer

/// Completion and signature help come from one engine service (``EditorIntelligence``): the
/// inspector's Tab menu and `mbml lsp`'s completion are adapters over it. On every text of the table —
/// every reference form the engine reads, steps after a path, function names — both front ends,
/// given the same manifest, must write the same texts in the same order, and those texts are the
/// ones each row expects (so that both being wrong the same way fails too).
final class EditorIntelligenceAgreementTests: XCTestCase {
    private static let manifest = """
        <MBML>
            <Var name="cats" type="list"><Var literal="Barrett"/><Var literal="Duncan"/></Var>
            <Var name="catGenders" type="map">
                <Var name="Barrett" literal="male"/><Var name="Duncan" literal="male"/><Var name="two words" literal="x"/>
            </Var>
            <Var name="Barrett Test" type="map"><Var name="species" literal="cat"/></Var>
            <Var name="ns:pet" literal="Gabby"/>
            <Var name="total" literal="3"/>
            <Var name="Total" literal="4"/>
        </MBML>
        """

    /// A text typed with the cursor at its end, and texts completing it must give (a subset, in order).
    private static let table: [(typed: String, expected: [String])] = [
        ("$ca", ["$catGenders", "$cats"]),
        ("${ca", ["${catGenders}", "${cats}"]),
        ("${ns:", ["${ns:pet}"]),
        ("${Barr", ["${[Barrett Test]}"]),
        ("$[Barr", ["$[Barrett Test]"]),
        ("$(Barr", ["$(Barrett Test)"]),
        ("$Barr", ["$[Barrett Test]"]),
        ("$cats.", ["$cats[0]", "$cats[1]", "$cats.count"]),
        ("$cats[", ["$cats[0]", "$cats[1]"]),
        ("$[Barrett Test].sp", ["$[Barrett Test].species"]),
        ("${catGenders.Dun", ["${catGenders.Duncan"]),
        ("$catGenders[Dun", ["$catGenders[Duncan]"]),
        ("$catGenders.tw", ["$catGenders[two words]"]),
        ("$ns:pet.len", ["$ns:pet.length"]),
        ("^jo", ["^join("]),
        ("^join($cats|$tot", ["^join($cats|$total", "^join($cats|$Total"]),
        ("$nothing.", []),
    ]

    private static let prefix = "    <Var name=\"q\" value=\""

    func testBothFrontEndsWriteTheSameCompletions() throws {
        let environment = try ManifestLoader().load(contents: Self.manifest, path: "agreement.xml").environment
        let evaluation = Evaluation(limits: EvaluationLimits())
        let snapshot = VariableSnapshot(
            variables: environment.variables.names.map {
                ($0, try? environment.variables.value(of: $0, within: evaluation))
            })
        let functions = environment.functions.all.map {
            FunctionInfo(name: $0.name, signature: $0.signature, summary: $0.summary)
        }
        for (typed, expected) in Self.table {
            let characters = Array(typed)
            let menu = Completer.menu(
                for: characters, cursor: characters.count, snapshot: snapshot, functions: functions)
            let inspector = (menu?.candidates ?? []).map { String(characters[..<menu!.start]) + $0.insertion }
            let server = serverCompletions(of: typed)
            XCTAssertEqual(inspector, server, typed)
            XCTAssertEqual(Array(inspector.prefix(expected.count)), expected, typed)
        }
    }

    func testBothFrontEndsShowTheSameSignature() throws {
        let environment = try ManifestLoader().load(contents: Self.manifest, path: "agreement.xml").environment
        let functions = environment.functions.all.map {
            FunctionInfo(name: $0.name, signature: $0.signature, summary: $0.summary)
        }
        for (typed, parameter) in [("^join($cats|", 1), ("^join(", 0), ("^list($cats|^count(", 0), ("^if(a|b|c|", 2)] {
            let inspector = Completer.intelligence(snapshot: VariableSnapshot(variables: []), functions: functions)
                .signatureHelp(in: MBMLSyntax(typed), at: typed.count)
            let (server, _) = open(typed)
            let help = ask(server, "textDocument/signatureHelp", character: (Self.prefix + typed).utf16.count)
            XCTAssertEqual(inspector?.activeParameter, parameter, typed)
            XCTAssertEqual(help?["activeParameter"], .int(parameter), typed)
            XCTAssertEqual(
                help?["signatures"]?.arrayValue?.first?["label"]?.stringValue, inspector?.function.signature, typed)
        }
    }

    /// The texts `mbml lsp`'s items write when each is applied to `typed` (the value of an attribute).
    private func serverCompletions(of typed: String) -> [String] {
        let (server, _) = open(typed)
        let line = Self.prefix + typed + "\"/>"
        let items =
            ask(server, "textDocument/completion", character: (Self.prefix + typed).utf16.count)?["items"]?
            .arrayValue ?? []
        return items.compactMap { item in
            guard let edit = item["textEdit"], let start = edit["range"]?["start"]?["character"]?.intValue,
                let end = edit["range"]?["end"]?["character"]?.intValue, let text = edit["newText"]?.stringValue
            else { return nil }
            let units = Array(line.utf16)
            let edited = String(decoding: units[..<start] + Array(text.utf16) + units[end...], as: UTF16.self)
            return String(edited.dropFirst(Self.prefix.count).dropLast(3))
        }
    }

    private func open(_ typed: String) -> (LanguageServer, [JSONValue]) {
        let text = Self.manifest.replacingOccurrences(of: "</MBML>", with: Self.prefix + typed + "\"/>\n</MBML>")
        let server = LanguageServer()
        _ = server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let open = JSONValue.object([
            "jsonrpc": .string("2.0"), "method": .string("textDocument/didOpen"),
            "params": .object([
                "textDocument": .object([
                    "uri": .string("untitled:a"), "languageId": .string("xml"), "version": .int(1),
                    "text": .string(text),
                ])
            ]),
        ])
        return (server, server.handle(Data(open.encoded.utf8)))
    }

    /// Asks `method` on the line the typed text is on.
    private func ask(_ server: LanguageServer, _ method: String, character: Int) -> JSONValue? {
        let line = Self.manifest.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let request = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": .int(5), "method": .string(method),
            "params": .object([
                "textDocument": .object(["uri": .string("untitled:a")]),
                "position": .object(["line": .int(line), "character": .int(character)]),
            ]),
        ])
        return server.handle(Data(request.encoded.utf8)).last?["result"]
    }
}
