import Foundation
import MBMLEngine
import XCTest

@testable import MBMLLanguageServer

/// The protocol layer: each message decoded once into the typed request or notification its method
/// names, what cannot be used kept as the error to answer with, and the typed results written back.
final class LanguageServerProtocolTests: XCTestCase {
    private func decode(_ json: String) -> IncomingMessage {
        IncomingMessage(body: Data(json.utf8))
    }

    private func error(of message: IncomingMessage) -> ResponseError? {
        switch message {
        case .invalid(_, let error): return error
        case .request(_, _, .failure(let error)): return error
        case .notification(_, .failure(let error)): return error
        default: return nil
        }
    }

    func testARequestDecodesOnceIntoItsType() throws {
        let message = decode(
            #"{"jsonrpc":"2.0","id":"h1","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.xml"},"position":{"line":3,"character":7}}}"#
        )
        guard case .request(let id, let method, .success(let request)) = message,
            let hover = request as? HoverRequest
        else { return XCTFail("\(message)") }
        XCTAssertEqual(id, .string("h1"))
        XCTAssertEqual(method, HoverRequest.method)
        XCTAssertEqual(hover.textDocument.uri, "file:///a.xml")
        XCTAssertEqual(hover.position, LSPPosition(line: 3, character: 7))
    }

    func testANotificationDecodesIntoItsType() {
        let message = decode(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":4},"contentChanges":[{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"text":"x"},{"text":"all"}]}}"#
        )
        guard let change = message.notification as? DidChangeTextDocumentNotification else {
            return XCTFail("\(message)")
        }
        XCTAssertEqual(change.documentURI, "u")
        XCTAssertEqual(change.textDocument.version, 4)
        XCTAssertEqual(change.contentChanges.map(\.text), ["x", "all"])
        XCTAssertEqual(change.contentChanges.first?.range?.end, LSPPosition(line: 0, character: 2))
        XCTAssertNil(change.contentChanges.last?.range)
    }

    func testWhatCannotBeUsedIsKeptAsTheErrorToAnswer() {
        XCTAssertEqual(error(of: decode("{not json"))?.code, .parseError)
        XCTAssertEqual(error(of: decode(""))?.code, .parseError)
        XCTAssertEqual(error(of: decode("[1,2]"))?.code, .invalidRequest)
        XCTAssertEqual(error(of: decode("42"))?.code, .invalidRequest)
        XCTAssertEqual(error(of: decode(#"{"jsonrpc":"2.0","id":1}"#))?.code, .invalidRequest)
        XCTAssertEqual(error(of: decode(#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#))?.code, .invalidRequest)
        XCTAssertEqual(error(of: decode(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#))?.code, .methodNotFound)
        XCTAssertEqual(error(of: decode(#"{"jsonrpc":"2.0","method":"nope"}"#))?.code, .methodNotFound)
        // A known method with parameters of the wrong shape: InvalidParams, naming the field.
        let negative = decode(
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"u"},"position":{"line":-1,"character":0}}}"#
        )
        XCTAssertEqual(error(of: negative)?.code, .invalidParams)
        let missing = decode(
            #"{"jsonrpc":"2.0","id":3,"method":"textDocument/rename","params":{"textDocument":{"uri":"u"}}}"#)
        XCTAssertEqual(error(of: missing)?.code, .invalidParams)
        XCTAssertTrue(
            error(of: missing)?.message.contains("position") == true, "\(String(describing: error(of: missing)))")
        // The client's answer to a request of the server is neither.
        guard case .response(let id) = decode(#"{"jsonrpc":"2.0","id":"mbml-watch-files","result":null}"#) else {
            return XCTFail("a response")
        }
        XCTAssertEqual(id, .string("mbml-watch-files"))
    }

    func testParameterlessMessagesNeedNoParams() {
        guard case .request(_, _, .success(let shutdown)) = decode(#"{"jsonrpc":"2.0","id":9,"method":"shutdown"}"#)
        else { return XCTFail("shutdown without params") }
        XCTAssertTrue(shutdown is ShutdownRequest)
        XCTAssertTrue(
            decode(#"{"jsonrpc":"2.0","method":"initialized","params":null}"#).notification is InitializedNotification)
        XCTAssertTrue(decode(#"{"jsonrpc":"2.0","method":"exit"}"#).notification is ExitNotification)
    }

    /// Every method the capabilities announce is registered, and every registered method is typed once.
    func testTheRegistryNamesEachMethodOnce() {
        XCTAssertEqual(MessageRegistry.requests.count, 19)
        for (method, type) in MessageRegistry.requests { XCTAssertEqual(type.method, method) }
        for (method, type) in MessageRegistry.notifications { XCTAssertEqual(type.method, method) }
        XCTAssertTrue(Set(MessageRegistry.requests.keys).isDisjoint(with: MessageRegistry.notifications.keys))
    }

    func testUnknownMethodsAreAnsweredMethodNotFoundOnlyForRequests() {
        let server = LanguageServer()
        _ = server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let replies = server.handle(Data(#"{"jsonrpc":"2.0","id":"x","method":"textDocument/colorPresentation"}"#.utf8))
        XCTAssertEqual(replies.first?["error"]?["code"], .int(-32601))
        XCTAssertEqual(replies.first?["id"], .string("x"))
        XCTAssertEqual(server.handle(Data(#"{"jsonrpc":"2.0","method":"$/unknownNotification"}"#.utf8)), [])
        // Bad params of a request: InvalidParams with the request's id; of a notification: nothing.
        let bad = server.handle(
            Data(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{"textDocument":{}}}"#.utf8))
        XCTAssertEqual(bad.first?["error"]?["code"], .int(-32602))
        XCTAssertEqual(bad.first?["id"], .int(5))
        XCTAssertEqual(server.handle(Data(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}"#.utf8)), [])
    }

    func testResultsAreWrittenAsTypedAndNullWhenAbsent() {
        let server = LanguageServer()
        let initialized = server.handle(Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
        let capabilities = initialized.first?["result"]?["capabilities"]
        XCTAssertEqual(capabilities?["textDocumentSync"]?["change"], .int(2))
        XCTAssertEqual(
            capabilities?["completionProvider"]?["triggerCharacters"], .array(["$", "^", "."].map(JSONValue.string)))
        XCTAssertEqual(
            capabilities?["executeCommandProvider"]?["commands"]?.arrayValue?.count,
            ExecuteCommandHandler.commands.count)
        XCTAssertEqual(initialized.first?["result"]?["serverInfo"]?["name"], .string("mbml"))
        // A document that is not open: `result` is there, and null.
        let hover = server.handle(
            Data(
                #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:none"},"position":{"line":0,"character":0}}}"#
                    .utf8))
        XCTAssertEqual(hover.first?["result"], .null)
        XCTAssertNil(hover.first?["error"])
    }

    /// The reader marks a cancellation from the typed notification, before the request is answered.
    func testTheInboxMarksACancellationAsItIsRead() {
        let cancelled = CancelledRequests()
        let versions = DocumentVersions()
        for body in [
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":12}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"s"}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":[1]}}"#,
        ] {
            _ = Inbox.Item(body: Data(body.utf8), cancelled: cancelled, versions: versions)
        }
        XCTAssertTrue(cancelled.contains(.int(12)))
        XCTAssertTrue(cancelled.contains(.string("s")))
        XCTAssertFalse(cancelled.contains(.int(1)))
        cancelled.forget(.int(12))
        XCTAssertFalse(cancelled.contains(.int(12)))
    }

    /// Hostile input through the endpoint — random bytes, cut and spliced messages — never crashes,
    /// and every reply frames back as one JSON-RPC message.
    func testMalformedInputNeverCrashes() throws {
        var generator = SplitMix(seed: 31)
        let valid = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:f","text":"<MBML><Var name=\"a\" literal=\"1\"/></MBML>"}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"untitled:f"},"position":{"line":0,"character":20}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"textDocument/completion","params":{"textDocument":{"uri":"untitled:f"},"position":{"line":0,"character":1}}}"#,
        ]
        for _ in 0..<300 {
            let endpoint = LanguageServerEndpoint(limits: .init(loadSeconds: 0.05, answerSeconds: 0.01))
            var stream: [UInt8] = []
            for body in valid {
                var bytes = Array(body.utf8)
                // Flip, drop or insert a few bytes in some bodies.
                for _ in 0..<Int(generator.next() % 4) where !bytes.isEmpty {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(Array(#"{}[]",:\"#.utf8)[Int(generator.next() % 8)], at: index)
                    }
                }
                let length = generator.next() % 10 == 0 ? bytes.count + Int(generator.next() % 5) : bytes.count
                stream += Array("Content-Length: \(length)\r\n\r\n".utf8) + bytes
            }
            var replies: [Data] = []
            var index = 0
            while index < stream.count {
                let end = min(stream.count, index + 1 + Int(generator.next() % 64))
                replies += endpoint.receive(stream[index..<end])
                index = end
            }
            var reader = MessageReader()
            for reply in replies { reader.append(reply) }
            var count = 0
            while let input = reader.next() {
                guard case .message(let body) = input else { return XCTFail("a reply that does not frame: \(input)") }
                let json = try JSONValue(parsing: body)
                XCTAssertEqual(json["jsonrpc"], .string("2.0"))
                count += 1
            }
            XCTAssertEqual(count, replies.count)
        }
    }
}

/// A small deterministic generator (SplitMix64), so that the hostile streams are the same each run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// The types that write their own JSON text write what their `Encodable` conformance writes.
final class LanguageServerJSONTextTests: XCTestCase {
    func testDocumentSymbolsWriteWhatTheirEncodingWrites() throws {
        let range = LSPRange(start: LSPPosition(line: 3, character: 0), end: LSPPosition(line: 12, character: 120))
        let leaf = DocumentSymbol(
            name: "a \"quoted\" \u{1B} name", detail: nil, kind: 13, range: range, selectionRange: range, children: nil)
        let symbol = DocumentSymbol(
            name: "cats", detail: "list", kind: 18, range: range, selectionRange: range, children: [leaf, leaf])
        let values: [any Encodable] = [symbol, leaf, range, LSPPosition(line: 0, character: 99_999), [symbol]]
        for value in values {
            let direct = try JSONTextEncoder().encode(value)
            let generic = try JSONEncoder().encode(value)
            XCTAssertEqual(try JSONValue(parsing: Data(direct.utf8)), try JSONValue(parsing: generic), direct)
        }
        XCTAssertFalse(try JSONTextEncoder().encode(leaf).contains("\u{1B}"), "escaped as every JSON mbml writes")
        XCTAssertEqual(
            try JSONTextEncoder().encode([range]),
            #"[{"start":{"line":3,"character":0},"end":{"line":12,"character":120}}]"#)
    }
}
