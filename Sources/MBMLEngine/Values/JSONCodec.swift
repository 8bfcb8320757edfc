import Foundation
import OrderedCollections

/// Converts between ``Value`` and JSON text.
///
/// Two dialects:
///
/// * **Tagged** (the conformance value encoding, `FORMAT.md`, also used by `mbml eval --jsonl` and
///   `mbml eval`): plain JSON where JSON can say it; sets, dates and binary data as the one-key objects
///   `{"$set": [...]}`, `{"$date": "2015-02-03T04:05:06Z"}` and `{"$data": "base64"}`; a dictionary key
///   that starts with `$` gets an extra leading `$`. Numbers that are not finite are written as the
///   bare words `NaN`, `Infinity` and `-Infinity` (as Python's and JavaScript's relaxed readers accept).
/// * **Plain** (data files): objects become dictionaries in source key order, arrays arrays, integers
///   ``Value/integer(_:)`` (too large: ``Value/decimal(_:)``), other numbers ``Value/double(_:)``,
///   `true`/`false` ``Value/boolean(_:)`` and `null` ``Value/null``.
///
/// The reader is a hand-written recursive-descent parser over UTF-8 bytes: it keeps key order, limits
/// nesting depth (``maximumDepth``), and reports errors with a line and column.
public enum JSONCodec {
    /// The default limit on nested arrays and objects when decoding.
    public static let defaultMaximumDepth = 512

    // MARK: Encoding

    /// Encodes `value` in the tagged encoding on one line. Swift `nil` ("no value") encodes as `null`,
    /// as does ``Value/null``.
    public static func encode(_ value: Value?) -> String {
        var output = ""
        if let value = value {
            JSONWriter.append(value, to: &output)
        } else {
            output += "null"
        }
        return output
    }

    /// The JSON string literal for `text`, quotes included.
    public static func quoted(_ text: String) -> String {
        var output = ""
        JSONWriter.appendString(text, to: &output)
        return output
    }

    // MARK: Decoding

    /// Decodes tagged JSON (the inverse of ``encode(_:)``). JSON `null` decodes as ``Value/null``.
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    public static func decodeTagged(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try decode(Array(text.utf8), tagged: true, maximumDepth: maximumDepth)
    }

    /// Decodes plain JSON, as read from a data file.
    /// - Throws: ``JSONDecodingError`` with the line and column of the problem.
    public static func decodePlain(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try decode([UInt8](data), tagged: false, maximumDepth: maximumDepth)
    }

    /// Decodes plain JSON text.
    public static func decodePlain(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws -> Value {
        try decode(Array(text.utf8), tagged: false, maximumDepth: maximumDepth)
    }

    private static func decode(_ bytes: [UInt8], tagged: Bool, maximumDepth: Int) throws -> Value {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, tagged: tagged, maximumDepth: maximumDepth)
            return try reader.readDocument()
        }
    }
}

/// A JSON text that could not be decoded: what was wrong and where (1-based line and column; the
/// column counts characters).
public struct JSONDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int
    /// The byte offset of the problem in the UTF-8 input.
    public var offset: Int

    public init(_ message: String, line: Int, column: Int, offset: Int) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}

// MARK: - Writer

enum JSONWriter {
    static func append(_ value: Value, to output: inout String) {
        switch value {
        case .string(let text): appendString(text, to: &output)
        case .integer(let i): output += String(i)
        case .decimal(let d): output += d.isNaN ? "NaN" : d.description
        case .double(let d): appendDouble(d, to: &output)
        case .boolean(let b): output += b ? "true" : "false"
        case .null: output += "null"
        case .array(let elements): appendArray(elements, to: &output)
        case .set(let members):
            output += "{\"$set\":"
            appendArray(members, to: &output)
            output += "}"
        case .dictionary(let entries):
            output += "{"
            var first = true
            for (key, element) in entries {
                if !first { output += "," }
                first = false
                appendString(key.hasPrefix("$") ? "$" + key : key, to: &output)
                output += ":"
                append(element, to: &output)
            }
            output += "}"
        case .date(let date):
            output += "{\"$date\":"
            appendString(ISODate.string(from: date), to: &output)
            output += "}"
        case .data(let data):
            output += "{\"$data\":"
            appendString(data.base64EncodedString(), to: &output)
            output += "}"
        case .object:
            appendString(value.text, to: &output)
        }
    }

    static func appendArray(_ elements: [Value], to output: inout String) {
        output += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            append(element, to: &output)
        }
        output += "]"
    }

    /// Integral doubles print without a fraction; others in the shortest form that reads back exactly.
    static func appendDouble(_ d: Double, to output: inout String) {
        if d.isNaN {
            output += "NaN"
        } else if d.isInfinite {
            output += d < 0 ? "-Infinity" : "Infinity"
        } else if d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 {
            output += String(Int64(d))
        } else {
            output += d.description
        }
    }

    static func appendString(_ text: String, to output: inout String) {
        output += "\""
        var pending = Substring.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let replacement: String?
            switch scalar {
            case "\"": replacement = "\\\""
            case "\\": replacement = "\\\\"
            case "\n": replacement = "\\n"
            case "\r": replacement = "\\r"
            case "\t": replacement = "\\t"
            case "\u{08}": replacement = "\\b"
            case "\u{0C}": replacement = "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    replacement = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    replacement = nil
                }
            }
            if let replacement = replacement {
                output.unicodeScalars.append(contentsOf: pending)
                pending.removeAll()
                output += replacement
            } else {
                pending.append(scalar)
            }
        }
        output.unicodeScalars.append(contentsOf: pending)
        output += "\""
    }
}

// MARK: - Reader

/// Recursive-descent JSON reader over UTF-8 bytes.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let tagged: Bool
    let maximumDepth: Int
    var position = 0
    var depth = 0

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
        var entries = OrderedDictionary<String, Value>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            position += 1
        } else {
            while true {
                skipWhitespace()
                guard peek(UInt8(ascii: "\"")) else {
                    throw error("Expected a string key in an object, found \(describeCurrent())")
                }
                let key = try readString()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("Expected ':' after an object key, found \(describeCurrent())") }
                position += 1
                skipWhitespace()
                entries[key] = try readValue()
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { position += 1; continue }
                if peek(UInt8(ascii: "}")) { position += 1; break }
                throw error("Expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }
        depth -= 1
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
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger {
            if let integer = Int(text) { return .integer(integer) }
            if let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) { return .decimal(decimal) }
        }
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

/// ISO 8601 dates in UTC for the `$date` tag, computed with civil-calendar arithmetic (no formatter
/// state, no locale).
enum ISODate {
    /// `2015-02-03T04:05:06Z`, or with a fraction (up to microseconds, trailing zeros dropped) when the
    /// date has one.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var seconds = interval.rounded(.down)
        var micros = Int(((interval - seconds) * 1_000_000).rounded())
        if micros >= 1_000_000 {
            seconds += 1
            micros -= 1_000_000
        }
        let total = Int64(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondOfDay = Int(total - days * 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if micros > 0 {
            var fraction = pad(micros, 6)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text + "Z"
    }

    /// Reads `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fraction]]` and `Z` or `±HH[:]MM`
    /// (a space may stand for `T`; no zone means UTC).
    static func date(from text: String) -> Date? {
        var scanner = DateTextScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = Double(days(fromYear: year, month: month, day: day)) * 86_400
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"),
                  let minute = scanner.number(digits: 2), hour < 24, minute < 60 else { return nil }
            var second = 0.0
            if scanner.skip(":") {
                guard let whole = scanner.number(digits: 2), whole < 61 else { return nil }
                second = Double(whole)
                if scanner.skip(".") || scanner.skip(",") {
                    guard let fraction = scanner.fraction() else { return nil }
                    second += fraction
                }
            }
            seconds += Double(hour * 3600 + minute * 60) + second
            if scanner.skip("Z") || scanner.skip("z") {
            } else if let sign = scanner.sign() {
                guard let zoneHours = scanner.number(digits: 2) else { return nil }
                _ = scanner.skip(":")
                let zoneMinutes = scanner.number(digits: 2) ?? 0
                seconds -= Double(sign * (zoneHours * 3600 + zoneMinutes * 60))
            }
        }
        guard scanner.isAtEnd else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    private struct DateTextScanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
            index += 1
            return true
        }

        mutating func number(digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }

        mutating func fraction() -> Double? {
            var text = "0."
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                text.unicodeScalars.append(Unicode.Scalar(bytes[index]))
                index += 1
            }
            return text.count > 2 ? Double(text) : nil
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(fromYear year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
