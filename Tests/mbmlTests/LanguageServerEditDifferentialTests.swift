import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

@testable import MBMLLanguageServer

/// The server after a seeded series of random keystrokes (line breaks, empty lines, indentation,
/// lines joined, values, broken and repaired XML), each loaded from the newest load — incrementally where the edit allows —
/// answers as a server that opened the same text fresh: the same diagnostics, a hover on every
/// reference, the document symbols and the inlay hints.
final class LanguageServerEditDifferentialTests: XCTestCase {
    private let manifest = """
        <MBML>
            <Include file="shared.xml"/>
            <Var name="a" literal="1"/>
            <Var name="b" value="#($a + 1)"/>
            <Function name="shout" class="MBMLStringFunctions" method="uppercase"/>
            <Var name="c"
                 value="^shout($owner) $b"/>
            <Include file="missing.xml"/>
            <Var name="list" type="list">
                <Var literal="x"/>
                <Var value="$b"/>
            </Var>
            <Var name="d" value="^join(^list($list|$item!)|, ) $tpyo"/>
            <Var name="e" value="$a$c"/>
        </MBML>

        """
    private var folder: URL!
    private var uri: String { folder.appendingPathComponent("main.xml").standardizedFileURL.absoluteString }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-differential-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try manifest.write(to: folder.appendingPathComponent("main.xml"), atomically: true, encoding: .utf8)
        try #"<MBML><Var name="owner" literal="Ada"/></MBML>"#.write(
            to: folder.appendingPathComponent("shared.xml"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: folder)
    }

    private func send(_ server: LanguageServer, _ method: String, id: Int? = nil, _ params: JSONValue) -> [JSONValue] {
        let message = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": id.map(JSONValue.int), "method": .string(method), "params": params,
        ])
        return server.handle(Data(message.encoded.utf8))
    }

    /// A server with the document open at `text` (version `version`): its published diagnostics.
    private func openServer(_ text: String, version: Int) -> (LanguageServer, JSONValue?) {
        let server = LanguageServer()
        _ = send(server, "initialize", id: 1, .object(["rootUri": .string(folder.standardizedFileURL.absoluteString)]))
        let replies = send(
            server, "textDocument/didOpen",
            .object([
                "textDocument": .object([
                    "uri": .string(uri), "languageId": .string("xml"), "version": .int(version), "text": .string(text),
                ])
            ]))
        return (server, Self.diagnostics(in: replies))
    }

    private static func diagnostics(in replies: [JSONValue]) -> JSONValue? {
        replies.last { $0["method"] == .string("textDocument/publishDiagnostics") }?["params"]
    }

    /// The answers a user sees for `text`: a hover at each reference's name, the symbols, the hints.
    private func answers(of server: LanguageServer, text: String) -> [String: JSONValue] {
        let document = JSONValue.object(["uri": .string(uri)])
        var answers: [String: JSONValue] = [:]
        for (line, characters) in text.components(separatedBy: "\n").enumerated() {
            for (character, mark) in characters.utf16.enumerated() where mark == UInt16(UInt8(ascii: "$")) {
                let position = JSONValue.object(["line": .int(line), "character": .int(character + 1)])
                answers["hover \(line):\(character + 1)"] =
                    send(
                        server, "textDocument/hover", id: 2, .object(["textDocument": document, "position": position])
                    )
                    .first?["result"]
            }
        }
        answers["symbols"] =
            send(server, "textDocument/documentSymbol", id: 3, .object(["textDocument": document])).first?["result"]
        let whole = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 200, character: 0))
        answers["hints"] =
            send(server, "textDocument/inlayHint", id: 4, .object(["textDocument": document, "range": whole.json]))
            .first?["result"]
        return answers
    }

    func testRandomKeystrokesAnswerAsAFreshServer() throws {
        var generator = SeededGenerator(seed: 0x31_5E_4E_D1)
        var (server, _) = openServer(manifest, version: 1)
        var text = manifest
        var incremental = 0
        var lineBreaks = 0
        // Keystrokes at a line's start (indentation) or joining two lines, loaded incrementally.
        var betweenElements = 0
        // The last text that loaded: a keystroke that broke the XML is undone by the next change.
        var loadedText = manifest
        for version in 2..<90 {
            var (range, inserted): (LSPRange?, String) = Self.randomKeystroke(in: text, using: &generator)
            if server.analyses[uri]?.analysis.manifest.load.hasFailures == true {
                (range, inserted) = (nil, loadedText)
            }
            let change: JSONValue =
                if let range { .object(["range": range.json, "text": .string(inserted)]) } else {
                    .object(["text": .string(inserted)])
                }
            let replies = send(
                server, "textDocument/didChange",
                .object([
                    "textDocument": .object(["uri": .string(uri), "version": .int(version)]),
                    "contentChanges": .array([change]),
                ]))
            text = TextDocument(uri: uri, version: version, text: text).applying(inserted, in: range).text
            if server.analyses[uri]?.analysis.manifest.load.hasFailures == false { loadedText = text }
            if case .incremental = server.analyses[uri]?.analysis.manifest.kind {
                incremental += 1
                if let range, inserted.contains("\n") || range.start.line != range.end.line { lineBreaks += 1 }
                if let range, range.start.character == 0 || range.start.line != range.end.line { betweenElements += 1 }
            }
            let (fresh, freshDiagnostics) = openServer(text, version: version)
            XCTAssertEqual(Self.diagnostics(in: replies), freshDiagnostics, "version \(version): \(text)")
            XCTAssertEqual(
                answers(of: server, text: text), answers(of: fresh, text: text), "version \(version): \(text)")
            // Now and then the server starts over (a reopened document), as after a crash of the client.
            if version % 30 == 0 { (server, _) = openServer(text, version: version) }
        }
        XCTAssertGreaterThanOrEqual(incremental, 10, "keystrokes loaded incrementally")
        XCTAssertGreaterThanOrEqual(lineBreaks, 5, "line breaks loaded incrementally")
        XCTAssertGreaterThanOrEqual(betweenElements, 4, "indentation and joined lines loaded incrementally")
    }

    /// A keystroke at a random place of `text`: a line break (with or without indentation), a
    /// character typed into a value, a character deleted (a line break too), or a `<` or quote that
    /// breaks the XML until a later keystroke deletes it.
    private static func randomKeystroke(
        in text: String, using generator: inout SeededGenerator
    ) -> (LSPRange, String) {
        let lines = text.components(separatedBy: "\n")
        let line = Int.random(in: 0..<lines.count, using: &generator)
        let length = lines[line].utf16.count
        let character = Int.random(in: 0...length, using: &generator)
        let at = LSPPosition(line: line, character: character)
        switch Int.random(in: 0..<12, using: &generator) {
        case 0, 1:
            let breaks = ["\n", "\n    ", "\n        "]
            return (LSPRange(start: at, end: at), breaks[Int.random(in: 0..<breaks.count, using: &generator)])
        case 2:
            // Enter at the end of a line: a new empty line.
            let end = LSPPosition(line: line, character: length)
            return (LSPRange(start: end, end: end), "\n    ")
        case 3:
            // The line break at the end of the line deleted (two lines joined), or an empty line removed.
            guard line + 1 < lines.count else { return (LSPRange(start: at, end: at), " ") }
            return (
                LSPRange(
                    start: LSPPosition(line: line, character: length), end: LSPPosition(line: line + 1, character: 0)),
                ""
            )
        case 4:
            let marks = ["<", "\"", ">"]
            return (LSPRange(start: at, end: at), marks[Int.random(in: 0..<marks.count, using: &generator)])
        case 10:
            // The line's indentation: a space typed at its start, or its first space deleted.
            let start = LSPPosition(line: line, character: 0)
            if lines[line].hasPrefix(" "), Bool.random(using: &generator) {
                return (LSPRange(start: start, end: LSPPosition(line: line, character: 1)), "")
            }
            return (LSPRange(start: start, end: start), " ")
        case 11:
            // The next line joined to this one: the line break and the next line's indentation
            // deleted (vim's `J` leaves one space).
            guard line + 1 < lines.count else { return (LSPRange(start: at, end: at), " ") }
            let indentation = lines[line + 1].prefix { $0 == " " || $0 == "\t" }.utf16.count
            return (
                LSPRange(
                    start: LSPPosition(line: line, character: length),
                    end: LSPPosition(line: line + 1, character: indentation)),
                Bool.random(using: &generator) ? " " : ""
            )
        case 5, 6:
            guard character < length else { return (LSPRange(start: at, end: at), "1") }
            return (LSPRange(start: at, end: LSPPosition(line: line, character: character + 1)), "")
        default:
            let pieces = ["1", "$a", "$b", " ", "x", "$item"]
            return (LSPRange(start: at, end: at), pieces[Int.random(in: 0..<pieces.count, using: &generator)])
        }
    }
}
