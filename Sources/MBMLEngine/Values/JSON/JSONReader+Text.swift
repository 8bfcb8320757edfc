import Foundation

extension JSONReader {
    // MARK: Helpers

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func describeByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(hex4(UInt32(byte)))}"
    }

    /// A short description of the input at the current position, for messages.
    func describeCurrent() -> String {
        guard position < bytes.count else { return "the end of the input" }
        var end = position + 1
        while end < bytes.count, end - position < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
        switch character {
        case "\n": return "a line break"
        case "\t": return "a tab"
        default: return "'\(character.first.map(String.init) ?? character)'"
        }
    }

    /// An error at `offset` (default: the current position), with its line and character column.
    func error(_ message: String, at offset: Int? = nil) -> JSONDecodingError {
        let offset = min(offset ?? position, bytes.count)
        var line = forgotten.line
        var column = forgotten.column
        var lineStart = forgotten.offset
        if offset >= forgotten.offset {
            for index in forgotten.offset..<offset where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
                column = 0
            }
        } else {
            lineStart = offset
        }
        let prefix = UnsafeBufferPointer(rebasing: bytes[lineStart..<offset])
        return JSONDecodingError(
            message, line: line, column: column + Self.characterCount(prefix) + 1, offset: offset)
    }

    /// How many characters the UTF-8 `bytes` decode to (invalid bytes repaired), counted a piece at
    /// a time so that the one line of a gigabyte file is never made into one string: pieces are cut
    /// between two ASCII bytes (not a carriage return and a line feed), where characters always
    /// break.
    static func characterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let piece = 1 << 16
        var count = 0
        var start = 0
        while start < bytes.count {
            var end = min(start + piece, bytes.count)
            while end < bytes.count,
                bytes[end - 1] >= 0x80 || bytes[end] >= 0x80
                    || (bytes[end - 1] == 0x0D && bytes[end] == 0x0A)
            {
                end += 1
            }
            count += String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).count
            start = end
        }
        return count
    }
}

/// Where the lines stand at the end of the text a ``JSONReader`` has given back: the bytes are
/// gone, but a message about a later place still needs its line and column.
struct ForgottenText {
    /// How far the bytes were given back.
    var released = 0
    /// How far the lines were counted (the same as `released` once accounted).
    var offset = 0
    /// The line at `offset` (1-based).
    var line = 1
    /// The characters between the start of that line and `offset`.
    var column = 0

    /// Counts the lines and characters of `bytes` from `offset` to `end`.
    mutating func account(_ bytes: UnsafeBufferPointer<UInt8>, upTo end: Int) {
        for index in offset..<end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        offset = end
    }
}
