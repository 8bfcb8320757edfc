import Foundation

/// What ``MessageReader`` finds in the byte stream: a message body, or a header block it could not
/// use (skipped, so the stream goes on).
enum FramedInput: Equatable {
    /// The bytes of one message body, as its `Content-Length` header counted them.
    case message(Data)
    /// A header block without a usable `Content-Length`; the reason.
    case badHeader(String)
}

/// Splits the byte stream of the base protocol (`Content-Length: N\r\n\r\n` then N bytes) into
/// message bodies. Bytes go in as they arrive (``append(_:)``), in chunks of any size; whole
/// messages come out of ``next()``. It works over buffers only, so it is testable without a pipe.
struct MessageReader {
    /// The largest body accepted (a bigger announced length is a bad header, and its bytes are skipped).
    static let maximumBodySize = 512 * 1024 * 1024
    /// The longest header block looked at before it counts as bad.
    static let maximumHeaderSize = 64 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of the header block already read, while its body is still arriving.
    private var pendingLength: Int?
    /// Bytes of an oversized body still to skip.
    private var skipping = 0

    /// Adds bytes read from the stream.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or bad header, or nil when more bytes are needed.
    mutating func next() -> FramedInput? {
        defer { compact() }
        if skipping > 0 {
            let skipped = min(skipping, buffer.count - start)
            start += skipped
            skipping -= skipped
            if skipping > 0 { return nil }
        }
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let body = Data(buffer[start..<(start + length)])
            start += length
            pendingLength = nil
            return .message(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderSize {
                start = buffer.count
                return .badHeader("a header block longer than \(Self.maximumHeaderSize) bytes")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end + 4
        switch Self.contentLength(in: header) {
        case .success(let length) where length > Self.maximumBodySize:
            skipping = length
            return .badHeader("a body of \(length) bytes is larger than the \(Self.maximumBodySize) accepted")
        case .success(let length):
            pendingLength = length
            return next()
        case .failure(let problem):
            return .badHeader(problem.reason)
        }
    }

    private struct HeaderProblem: Error {
        var reason: String
    }

    /// The `Content-Length` of a header block (header names are case-insensitive).
    private static func contentLength(in header: String) -> Result<Int, HeaderProblem> {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(reason: "a header line without a colon"))
            }
            guard line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            let text = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard let length = Int(text), length >= 0 else {
                return .failure(HeaderProblem(reason: "a Content-Length that is not a number"))
            }
            return .success(length)
        }
        return .failure(HeaderProblem(reason: "a header block without Content-Length"))
    }

    /// The index of the `\r\n\r\n` that ends the header block starting at `start`.
    private func headerEnd() -> Int? {
        var index = start
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Frames outgoing messages for the base protocol.
enum MessageWriter {
    /// `Content-Length: N\r\n\r\n` and the UTF-8 bytes of `body`.
    static func frame(_ body: String) -> Data {
        let bytes = Data(body.utf8)
        return Data("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}
