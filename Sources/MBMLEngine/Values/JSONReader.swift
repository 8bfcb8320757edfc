import Foundation
import OrderedCollections

/// Recursive-descent JSON reader over UTF-8 bytes.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let tagged: Bool
    let maximumDepth: Int
    var position = 0
    var depth = 0
    /// Objects of the same keys share one key storage (records in an array usually do).
    var shapes = ObjectShapes()

    init(bytes: UnsafeBufferPointer<UInt8>, tagged: Bool, maximumDepth: Int) {
        self.bytes = bytes
        self.tagged = tagged
        self.maximumDepth = maximumDepth
    }

    mutating func readDocument() throws -> Value {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        guard position < bytes.count else { throw error("Expected a JSON value, found the end of the input") }
        let value = try readValue()
        skipWhitespace()
        if position < bytes.count { throw error("Unexpected \(describeCurrent()) after the JSON value") }
        return value
    }

    private mutating func readValue() throws -> Value {
        guard position < bytes.count else { throw error("Expected a value, found the end of the input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readWord("true"); return .boolean(true)
        case UInt8(ascii: "f"): try readWord("false"); return .boolean(false)
        case UInt8(ascii: "n"): try readWord("null"); return .null
        case UInt8(ascii: "N") where tagged: try readWord("NaN"); return .double(.nan)
        case UInt8(ascii: "I") where tagged: try readWord("Infinity"); return .double(.infinity)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("Expected a value, found \(describeCurrent())")
        }
    }

    private mutating func enterContainer() throws {
        depth += 1
        if depth > maximumDepth {
            throw error("Arrays and objects nested more than \(maximumDepth) levels deep")
        }
    }

    private mutating func readArray() throws -> Value {
        try enterContainer()
        position += 1
        var elements: [Value] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "]")) { position += 1; break }
            throw error("Expected ',' or ']' in an array, found \(describeCurrent())")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func readObject() throws -> Value {
        let start = position
        try enterContainer()
        position += 1
        var keys: [String] = []
        var values: [Value] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard peek(UInt8(ascii: "\"")) else {
                    throw error("Expected a string key in an object, found \(describeCurrent())")
                }
                keys.append(try readString())
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("Expected ':' after an object key, found \(describeCurrent())") }
                position += 1
                skipWhitespace()
                values.append(try readValue())
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { position += 1; continue }
                if peek(UInt8(ascii: "}")) { position += 1; break }
                throw error("Expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }
        depth -= 1
        let entries = shapes.dictionary(keys: keys, values: values)
        return tagged ? try untag(entries, at: start) : .dictionary(entries)
    }

    /// Turns a one-key `$set`/`$date`/`$data` object into its value and unescapes `$$` keys.
    private func untag(_ entries: OrderedDictionary<String, Value>, at start: Int) throws -> Value {
        if entries.count == 1, let (tag, payload) = entries.elements.first {
            switch tag {
            case "$set":
                guard case .array(let members) = payload else { throw error("\"$set\" needs an array", at: start) }
                return Value.makeSet(members)
            case "$date":
                guard case .string(let text) = payload, let date = ISODate.date(from: text) else {
                    throw error("\"$date\" needs an ISO 8601 date string such as \"2015-02-03T04:05:06Z\"", at: start)
                }
                return .date(date)
            case "$data":
                guard case .string(let text) = payload, let data = Data(base64Encoded: text) else {
                    throw error("\"$data\" needs a base64 string", at: start)
                }
                return .data(data)
            default:
                break
            }
        }
        guard entries.keys.contains(where: { $0.hasPrefix("$$") }) else { return .dictionary(entries) }
        var unescaped = OrderedDictionary<String, Value>()
        for (key, value) in entries {
            unescaped[key.hasPrefix("$$") ? String(key.dropFirst()) : key] = value
        }
        return .dictionary(unescaped)
    }

    private mutating func readString() throws -> String {
        let start = position
        position += 1
        let contentStart = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("Control character U+\(hex4(UInt32(byte))) in a string; write it as an escape") }
            position += 1
        }
        guard position < bytes.count else { throw error("Unterminated string", at: start) }
        var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 { throw error("Control character U+\(hex4(UInt32(byte))) in a string; write it as an escape") }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                position += 1
                continue
            }
            try readEscape(into: &buffer)
        }
        throw error("Unterminated string", at: start)
    }

    private mutating func readEscape(into buffer: inout [UInt8]) throws {
        position += 1
        guard position < bytes.count else { throw error("Unterminated escape sequence") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var code = try readHex4()
            if (0xD800...0xDBFF).contains(code) {
                // A high surrogate must be followed by \u and a low surrogate.
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let saved = position
                    position += 2
                    let low = try readHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = saved
                        code = 0xFFFD
                    }
                } else {
                    code = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(code) {
                code = 0xFFFD
            }
            let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            position -= 1
            throw error("Invalid escape sequence '\\\(describeByte(byte))'")
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw error("Expected four hex digits after \\u") }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("Expected four hex digits after \\u, found \(describeCurrent())")
            }
            code = code * 16 + digit
            position += 1
        }
        return code
    }

    private mutating func readNumber() throws -> Value {
        let start = position
        if peek(UInt8(ascii: "-")) {
            position += 1
            if tagged, peek(UInt8(ascii: "I")) {
                try readWord("Infinity")
                return .double(-.infinity)
            }
        }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw error("Expected a digit in a number, found \(describeCurrent())")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw error("A number cannot have a leading zero") }
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("Expected a digit after the decimal point, found \(describeCurrent())")
            }
            skipDigits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            isInteger = false
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("Expected a digit in the exponent, found \(describeCurrent())")
            }
            skipDigits()
        }
        // Integers stay integers; other numbers that a Decimal holds exactly are decimals (99.99
        // prints as written); the rest are doubles.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .integer(integer) }
        if let decimal = ExactDecimal.parse(bytes[start..<position]) { return .decimal(decimal) }
        guard let double = Double(text) else { throw error("Invalid number \(text)", at: start) }
        return .double(double)
    }

    private mutating func readWord(_ word: StaticString) throws {
        let start = position
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard position < bytes.count, bytes[position] == byte else {
                position = start
                throw error("Expected a value, found \(describeCurrent())")
            }
            position += 1
        }
    }

    // MARK: Helpers

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func describeByte(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(hex4(UInt32(byte)))}"
    }

    /// A short description of the input at the current position, for messages.
    private func describeCurrent() -> String {
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
    private func error(_ message: String, at offset: Int? = nil) -> JSONDecodingError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<offset]), as: UTF8.self)
        return JSONDecodingError(message, line: line, column: prefix.count + 1, offset: offset)
    }
}

// MARK: - Dates
