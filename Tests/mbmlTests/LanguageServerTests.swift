import Foundation
import XCTest

@testable import MBMLLanguageServer

/// The language server without a pipe: one message body in, its replies out.
final class LanguageServerTests: XCTestCase {
    private func body(_ json: String) -> Data { Data(json.utf8) }

    func testTheLifecycleAndMalformedInput() throws {
        let server = LanguageServer()
        let early = server.handle(body(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}"#))
        XCTAssertEqual(early.first?["error"]?["code"], .int(-32002))
        let initialized = server.handle(body(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"#))
        XCTAssertEqual(initialized.first?["result"]?["capabilities"]?["referencesProvider"], .bool(true))
        XCTAssertEqual(server.handle(body("{not json")).first?["error"]?["code"], .int(-32700))
        XCTAssertEqual(
            server.handle(body(#"{"jsonrpc":"2.0","id":3,"method":"nope"}"#)).first?["error"]?["code"], .int(-32601))
        _ = server.handle(body(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#))
        _ = server.handle(body(#"{"jsonrpc":"2.0","method":"exit"}"#))
        XCTAssertEqual(server.exitStatus, 0)
    }

    func testACancelledRequestIsAnsweredRequestCancelled() {
        let cancelled = CancelledRequests()
        let server = LanguageServer(cancelled: cancelled)
        _ = server.handle(body(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        let manifest = #"<MBML><Var name=\"cats\" literal=\"x\"/></MBML>"#
        _ = server.handle(
            body(
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:a","version":1,"text":"\#(manifest)"}}}"#
            ))
        cancelled.cancel(.int(7))
        let reply = server.handle(
            body(
                #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:a"},"position":{"line":0,"character":20}}}"#
            ))
        XCTAssertEqual(reply.first?["error"]?["code"], .int(-32800))
        XCTAssertFalse(cancelled.contains(.int(7)), "an answered request is forgotten")
    }

    func testFramingSplitsAStreamInAnyChunks() {
        var reader = MessageReader()
        let message = Array("Content-Length: 2\r\n\r\n{}Content-Length: 3\r\n\r\n[1]".utf8)
        for byte in message { reader.append([byte]) }
        XCTAssertEqual(reader.next(), .message(Data("{}".utf8)))
        XCTAssertEqual(reader.next(), .message(Data("[1]".utf8)))
        XCTAssertNil(reader.next())
    }

    func testOccurrencesSkipEscapes() {
        let occurrences = ExpressionOccurrences(line: Array("$a $$b ^^c( ^join($a|x) $[d]")).occurrences
        XCTAssertEqual(occurrences.map(\.name), ["a", "join", "a", "d"])
    }
}
