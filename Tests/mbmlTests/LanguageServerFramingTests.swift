import Foundation
import XCTest

@testable import MBMLLanguageServer

/// The framing of the base protocol: bad headers skip to the next frame, oversized bodies are
/// refused, and the stream stays in step after each.
final class LanguageServerFramingTests: XCTestCase {
    private func frame(_ body: String) -> [UInt8] { Array(MessageWriter.frame(body)) }

    /// Everything `reader` gives for `bytes`, fed one byte at a time or at once.
    private func inputs(_ bytes: [UInt8], byteByByte: Bool) -> [FramedInput] {
        var reader = MessageReader()
        var result: [FramedInput] = []
        if byteByByte {
            for byte in bytes {
                reader.append([byte])
                while let input = reader.next() { result.append(input) }
            }
        } else {
            reader.append(bytes)
            while let input = reader.next() { result.append(input) }
        }
        return result
    }

    private func isBad(_ input: FramedInput) -> Bool {
        if case .badHeader = input { return true }
        return false
    }

    func testEachBadHeaderSkipsToTheNextFrame() {
        let next = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
        let bad = [
            "Content-Length: -5\r\n\r\n{\"jsonrpc\":\"2.0\"}",
            "Content-Length: abc\r\n\r\n{}",
            "Content-Length: +3\r\n\r\n[1]",
            "Content-Length: 3\r\nContent-Length: 3\r\n\r\n[1]",
            "Content-Type: application/json\r\n\r\n{\"a\":1}",
            "Content-Length 12\r\n\r\n{}",
            "Content-Length: 99999999999999999999999\r\n\r\n{}",
        ]
        for header in bad {
            for byteByByte in [false, true] {
                let got = inputs(Array(header.utf8) + frame(next) + frame("[]"), byteByByte: byteByByte)
                XCTAssertEqual(got.count, 3, "\(header.debugDescription): \(got)")
                XCTAssertTrue(got.first.map(isBad) ?? false, header.debugDescription)
                XCTAssertEqual(got.dropFirst().first, .message(Data(next.utf8)), header.debugDescription)
                XCTAssertEqual(got.last, .message(Data("[]".utf8)), header.debugDescription)
            }
        }
    }

    func testHeaderNamesAreCaseInsensitiveAndOtherHeadersAreKept() {
        let bytes = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        XCTAssertEqual(inputs(bytes, byteByByte: false), [.message(Data("{}".utf8))])
    }

    func testABodyOverTheLimitIsRefusedAndSkipped() {
        let size = MessageReader.maximumBodySize + 1
        var reader = MessageReader()
        reader.append(Array("Content-Length: \(size)\r\n\r\n".utf8))
        guard case .badHeader(let reason)? = reader.next() else { return XCTFail("an oversized body is refused") }
        XCTAssertTrue(reason.contains("64 MiB"), reason)
        // Its bytes arrive and are skipped in chunks, never kept whole.
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        var sent = 0
        while sent + chunk.count <= size {
            reader.append(chunk)
            XCTAssertNil(reader.next())
            sent += chunk.count
        }
        reader.append([UInt8](repeating: 0x41, count: size - sent))
        reader.append(frame("[7]"))
        XCTAssertEqual(reader.next(), .message(Data("[7]".utf8)))
        XCTAssertNil(reader.next())
    }

    func testAHeaderBlockWithoutEndIsBadAfterItsLimit() {
        var reader = MessageReader()
        reader.append([UInt8](repeating: 0x78, count: MessageReader.maximumHeaderSize + 10))
        XCTAssertTrue(reader.next().map(isBad) ?? false)
        reader.append(frame("{}"))
        XCTAssertEqual(reader.next(), .message(Data("{}".utf8)))
    }

    /// Through the server: a bad header is answered with a parse error, an oversized body with
    /// one too, and the request after each is answered.
    func testTheServerAnswersAfterBadFrames() throws {
        let endpoint = LanguageServerEndpoint()
        var replies = endpoint.receive(frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#))
        replies += endpoint.receive(Array("Content-Length: -5\r\n\r\n{\"x\":1}".utf8))
        replies += endpoint.receive(Array("Content-Length: \(MessageReader.maximumBodySize + 5)\r\n\r\n".utf8))
        replies += endpoint.receive([UInt8](repeating: 0x20, count: MessageReader.maximumBodySize + 5))
        replies += endpoint.receive(frame(#"{"jsonrpc":"2.0","id":2,"method":"nope"}"#))
        var reader = MessageReader()
        for reply in replies { reader.append(reply) }
        var messages: [JSONValue] = []
        while case .message(let body)? = reader.next() { messages.append(try JSONValue(parsing: body)) }
        XCTAssertEqual(messages.count, 4)
        XCTAssertEqual(messages[1]["error"]?["code"], .int(-32700))
        XCTAssertEqual(messages[2]["error"]?["code"], .int(-32700))
        XCTAssertEqual(messages[3]["id"], .int(2))
        XCTAssertEqual(messages[3]["error"]?["code"], .int(-32601))
    }
}

/// More framing edge cases: empty bodies, multi-byte characters cut between chunks, the writer's
/// byte count.
final class LanguageServerFramingEdgeTests: XCTestCase {
    func testAnEmptyBodyIsAMessageAndAnsweredAsNotJSON() {
        var reader = MessageReader()
        reader.append(Array("Content-Length: 0\r\n\r\nContent-Length: 2\r\n\r\n{}".utf8))
        XCTAssertEqual(reader.next(), .message(Data()))
        XCTAssertEqual(reader.next(), .message(Data("{}".utf8)))
        let endpoint = LanguageServerEndpoint()
        let replies = endpoint.receive(Array("Content-Length: 0\r\n\r\n".utf8))
        XCTAssertEqual(replies.count, 1)
        XCTAssertTrue(String(decoding: replies[0], as: UTF8.self).contains("-32700"))
    }

    func testAMultiByteCharacterCutBetweenChunksArrivesWhole() throws {
        let body = Array(#"{"text":"ä😀"}"#.utf8)
        var reader = MessageReader()
        let stream = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        // Cut inside the four bytes of 😀.
        let cut = stream.count - 4
        reader.append(stream[..<cut])
        XCTAssertNil(reader.next())
        reader.append(stream[cut...])
        guard case .message(let data)? = reader.next() else { return XCTFail("one message") }
        XCTAssertEqual(try JSONValue(parsing: data)["text"], .string("ä😀"))
    }

    func testTheWriterCountsBytesNotCharacters() {
        let framed = MessageWriter.frame(#""ä😀""#)
        XCTAssertTrue(String(decoding: framed, as: UTF8.self).hasPrefix("Content-Length: 8\r\n\r\n"))
        var reader = MessageReader()
        reader.append(framed)
        XCTAssertEqual(reader.next(), .message(Data(#""ä😀""#.utf8)))
    }

    func testSpacesAroundTheLengthAndAContentTypeAreAccepted() {
        var reader = MessageReader()
        reader.append(
            Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:   2  \r\n\r\n[]".utf8))
        XCTAssertEqual(reader.next(), .message(Data("[]".utf8)))
    }
}
