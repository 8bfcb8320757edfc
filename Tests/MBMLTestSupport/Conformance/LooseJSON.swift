import Foundation

/// A JSON value as the conformance runner's judge sees it: the shape Python's `json.loads` gives
/// (the reference runner is a Python script), so that the judge compares exactly what it compares.
///
/// Numbers are doubles (the judge compares `float(expected)` with `float(actual)`), the bare words
/// `NaN`, `Infinity` and `-Infinity` are accepted, and an object keeps its members in first-seen order
/// with the last duplicate winning. Strings and keys compare by Unicode scalars, as Python's `str`
/// does, not by Swift's canonical equivalence.
public indirect enum LooseJSON: Sendable {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array([LooseJSON])
    case object([(key: String, value: LooseJSON)])

    /// The member named `key` (scalar-exact), if this is an object that has one.
    public subscript(key: String) -> LooseJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }?.value
    }

    /// Python's truthiness of the value: null, false, 0, and empty strings, arrays and objects are false.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .boolean(let flag): return flag
        case .number(let number): return number != 0
        case .string(let text): return !text.isEmpty
        case .array(let elements): return !elements.isEmpty
        case .object(let members): return !members.isEmpty
        }
    }

    /// Compact JSON text, for failure messages.
    public var text: String {
        switch self {
        case .null: return "null"
        case .boolean(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.isNaN { return "NaN" }
            if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let string): return LooseJSON.quoted(string)
        case .array(let elements): return "[" + elements.map(\.text).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { LooseJSON.quoted($0.key) + ": " + $0.value.text }.joined(separator: ", ") + "}"
        }
    }

    private static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 {
                    output += String(format: "\\u%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

/// A JSON text ``LooseJSON`` could not read.
public struct LooseJSONError: Error, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "JSON error at byte \(offset): \(message)" }
}

extension LooseJSON {
    /// Parses one JSON document (surrounding whitespace allowed).
    /// - Throws: ``LooseJSONError``.
    public static func parse(_ text: String) throws -> LooseJSON {
        try parseKeepingMemberTexts(text).value
    }

    /// Parses one JSON document and also returns, when it is an object, the source text of each
    /// member's value (the last one for a duplicated key), so that a member can be handed on
    /// exactly as written.
    public static func parseKeepingMemberTexts(_ text: String) throws -> (
        value: LooseJSON, memberTexts: [String: String]
    ) {
        var parser = LooseJSONParser(bytes: Array(text.utf8))
        let value = try parser.document()
        return (value, parser.topLevelMemberTexts)
    }
}

/// Recursive descent over UTF-8 bytes; nesting is limited so hostile input cannot exhaust the stack.
private struct LooseJSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    /// The source text of each member value of the outermost object.
    var topLevelMemberTexts: [String: String] = [:]
    static let maximumDepth = 512

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func document() throws -> LooseJSON {
        let value = try self.value()
        skipWhitespace()
        guard index == bytes.count else { throw failure("extra text after the value") }
        return value
    }

    private func failure(_ message: String) -> LooseJSONError {
        LooseJSONError(message: message, offset: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func consume(_ word: String) -> Bool {
        let word = Array(word.utf8)
        guard index + word.count <= bytes.count, Array(bytes[index..<index + word.count]) == word else { return false }
        index += word.count
        return true
    }

    private mutating func value() throws -> LooseJSON {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { try $0.object() }
        case UInt8(ascii: "["): return try nested { try $0.array() }
        case UInt8(ascii: "\""): return .string(try string())
        default: break
        }
        if consume("null") { return .null }
        if consume("true") { return .boolean(true) }
        if consume("false") { return .boolean(false) }
        if consume("NaN") { return .number(.nan) }
        if consume("Infinity") { return .number(.infinity) }
        if consume("-Infinity") { return .number(-.infinity) }
        return .number(try number())
    }

    private mutating func nested(_ body: (inout LooseJSONParser) throws -> LooseJSON) throws -> LooseJSON {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        return try body(&self)
    }

    private mutating func object() throws -> LooseJSON {
        index += 1
        var members: [(key: String, value: LooseJSON)] = []
        skipWhitespace()
        if consume("}") { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try string()
            skipWhitespace()
            guard consume(":") else { throw failure("expected ':'") }
            skipWhitespace()
            let valueStart = index
            let value = try self.value()
            if depth == 1 {
                topLevelMemberTexts[key] = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            }
            if let existing = members.firstIndex(where: { $0.key.unicodeScalars.elementsEqual(key.unicodeScalars) }) {
                members[existing].value = value
            } else {
                members.append((key, value))
            }
            skipWhitespace()
            if consume(",") { continue }
            if consume("}") { return .object(members) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array() throws -> LooseJSON {
        index += 1
        var elements: [LooseJSON] = []
        skipWhitespace()
        if consume("]") { return .array(elements) }
        while true {
            elements.append(try value())
            skipWhitespace()
            if consume(",") { continue }
            if consume("]") { return .array(elements) }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func number() throws -> Double {
        let start = index
        let numeral: Set<UInt8> = Set("+-0123456789.eE".utf8)
        while index < bytes.count, numeral.contains(bytes[index]) { index += 1 }
        guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8),
            let number = Double(text)
        else {
            index = start
            throw failure("expected a value")
        }
        return number
    }

    private mutating func string() throws -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                scalars.append(try escape())
            default:
                run.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func escape() throws -> Unicode.Scalar {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high), consume("\\u") {
                let low = try hexQuad()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                }
                return "\u{FFFD}"
            }
            // A lone surrogate (Python keeps it; Swift cannot) becomes U+FFFD.
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        default:
            throw failure("unknown escape")
        }
    }

    private mutating func hexQuad() throws -> UInt32 {
        guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
            let value = UInt32(text, radix: 16)
        else { throw failure("bad \\u escape") }
        index += 4
        return value
    }
}
