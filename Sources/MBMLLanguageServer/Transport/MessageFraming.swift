import Foundation

/// What ``MessageReader`` finds in the byte stream: a message body, or a header block it could not
/// use (skipped, so the stream goes on).
public enum FramedInput: Equatable, Sendable {
    /// The bytes of one message body, as its `Content-Length` header counted them.
    case message(Data)
    /// A header block without a usable `Content-Length`, or a body over the limit; the reason.
    case badHeader(String)
}

/// Splits the byte stream of the base protocol (`Content-Length: N\r\n\r\n` then N bytes) into
/// message bodies. Bytes go in as they arrive (``append(_:)``), in chunks of any size; whole
/// messages come out of ``next()``. It works over buffers only, so it is testable without a pipe.
///
/// A header block it cannot use — no `Content-Length`, one that is not a decimal number (`-5`,
/// `abc`, `+3`), two of them, a line without a colon, a block over ``maximumHeaderSize`` — is
/// reported as ``FramedInput/badHeader(_:)`` and the bytes after it are skipped up to the next
/// `Content-Length:`, so that one bad frame never shifts every later message. A body announced
/// larger than ``maximumBodySize`` (64 MiB) is reported too and its bytes skipped unread: the
/// stream stays in step.
public struct MessageReader: Sendable {
    /// The largest body accepted: 64 MiB. A bigger announced length is refused and its bytes skipped.
    public static let maximumBodySize = 64 * 1024 * 1024
    /// The longest header block looked at before it counts as bad.
    public static let maximumHeaderSize = 64 * 1024
    /// The most digits a `Content-Length` may have (more could only announce a refused size).
    static let maximumLengthDigits = 18

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of the header block already read, while its body is still arriving.
    private var pendingLength: Int?
    /// Bytes of an oversized body still to skip.
    private var skipping = 0
    /// After a bad header: skip to the next `Content-Length:` (the bad frame's body has no known end).
    private var resynchronizing = false

    /// A reader at the start of a stream.
    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or bad header, or nil when more bytes are needed.
    public mutating func next() -> FramedInput? {
        defer { compact() }
        while true {
            if skipping > 0 {
                let skipped = min(skipping, buffer.count - start)
                start += skipped
                skipping -= skipped
                if skipping > 0 { return nil }
            }
            if resynchronizing {
                guard skipToNextHeader() else { return nil }
                resynchronizing = false
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
                    resynchronizing = true
                    return .badHeader("a header block longer than \(Self.maximumHeaderSize) bytes")
                }
                return nil
            }
            let header = String(decoding: buffer[start..<end], as: UTF8.self)
            start = end + 4
            switch Self.contentLength(in: header) {
            case .success(let length) where length > Self.maximumBodySize:
                skipping = length
                return .badHeader(
                    "a body of \(length) bytes is larger than the \(Self.maximumBodySize) bytes (64 MiB) accepted")
            case .success(let length):
                pendingLength = length
            case .failure(let problem):
                resynchronizing = true
                return .badHeader(problem.reason)
            }
        }
    }

    private struct HeaderProblem: Error {
        var reason: String
    }

    /// The `Content-Length` of a header block (header names are case-insensitive): exactly one,
    /// written as decimal digits.
    private static func contentLength(in header: String) -> Result<Int, HeaderProblem> {
        var found: Int?
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(HeaderProblem(reason: "a header line without a colon"))
            }
            guard line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            guard found == nil else { return .failure(HeaderProblem(reason: "more than one Content-Length")) }
            let text = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, text.count <= maximumLengthDigits, text.utf8.allSatisfy({ (48...57).contains($0) }),
                let length = Int(text)
            else {
                return .failure(HeaderProblem(reason: "a Content-Length that is not a decimal number of bytes"))
            }
            found = length
        }
        guard let found else { return .failure(HeaderProblem(reason: "a header block without Content-Length")) }
        return .success(found)
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

    private static let headerName = Array("content-length:".utf8)

    /// Moves `start` to the next `Content-Length:` (any case) after a bad header; false when the
    /// buffer holds none yet (keeping only a tail that could be the start of one).
    private mutating func skipToNextHeader() -> Bool {
        let name = Self.headerName
        var index = start
        while index + name.count <= buffer.count {
            var matches = true
            for offset in 0..<name.count {
                var byte = buffer[index + offset]
                if (65...90).contains(byte) { byte += 32 }
                if byte != name[offset] {
                    matches = false
                    break
                }
            }
            if matches {
                start = index
                return true
            }
            index += 1
        }
        start = max(start, buffer.count - (name.count - 1))
        return false
    }

    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Frames outgoing messages for the base protocol.
public enum MessageWriter {
    /// `Content-Length: N\r\n\r\n` and the UTF-8 bytes of `body`.
    public static func frame(_ body: String) -> Data {
        let bytes = Data(body.utf8)
        return Data("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
    }
}
