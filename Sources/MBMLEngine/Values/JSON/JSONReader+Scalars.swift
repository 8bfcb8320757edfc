import Foundation

extension JSONReader {
    mutating func readString() throws -> String {
        let start = position
        position += 1
        let contentStart = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 {
                throw error("Control character U+\(hex4(UInt32(byte))) in a string; write it as an escape")
            }
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
            if byte < 0x20 {
                throw error("Control character U+\(hex4(UInt32(byte))) in a string; write it as an escape")
            }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                position += 1
                continue
            }
            try readEscape(into: &buffer)
        }
        throw error("Unterminated string", at: start)
    }

    mutating func readEscape(into buffer: inout [UInt8]) throws {
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
                if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                {
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

    mutating func readHex4() throws -> UInt32 {
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

    mutating func readNumber() throws -> Value {
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
        let digits = bytes[start..<position]
        if isInteger, let integer = Self.integer(digits) { return .integer(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: digits), as: UTF8.self)
        guard let value = Self.number(digits, isInteger: isInteger) else {
            throw error("Invalid number \(text)", at: start)
        }
        guard rejectsUnrepresentableNumbers, let double = Self.matchedDouble(value) else { return value }
        if !double.isFinite || (double == 0 && Self.hasNonZeroDigit(text)) {
            let reading = double == 0 ? "zero" : "infinity"
            throw error(
                "The number \(text) is out of the range of a number (it would read as \(reading))", at: start)
        }
        return value
    }

    /// The value of valid JSON number text that is not an `Int` (<doc:ContextsAndCoercions>, "Numbers
    /// as JSON holds them"): a decimal when a `Decimal` holds it exactly (99.99 prints as written), an
    /// integer (`isInteger`: no point, no exponent) with more digits as a ``BigInteger`` that keeps
    /// them all, else a double. The whole reader and the lazy one both read numbers here.
    static func number(_ text: UnsafeBufferPointer<UInt8>.SubSequence, isInteger: Bool) -> Value? {
        if let decimal = ExactDecimal.parse(text) { return .decimal(decimal) }
        if isInteger, let number = BigInteger(digitText: text) { return .bigInteger(number) }
        guard let double = Double(String(decoding: UnsafeBufferPointer(rebasing: text), as: UTF8.self)) else {
            return nil
        }
        return .double(double)
    }

    /// The double an expectation compares `value` with (<doc:ExpectationFiles>): a double's own, a
    /// big integer's nearest; nil for other numbers, which a double always holds.
    private static func matchedDouble(_ value: Value) -> Double? {
        switch value {
        case .double(let double): return double
        case .bigInteger(let number): return number.doubleValue
        default: return nil
        }
    }

    /// Whether the significand of JSON number text (the part before any exponent) has a digit
    /// other than zero.
    static func hasNonZeroDigit(_ text: String) -> Bool {
        for byte in text.utf8 {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// The integer that JSON integer text (already validated) spells, or nil if `Int` cannot hold it.
    static func integer(_ text: UnsafeBufferPointer<UInt8>.SubSequence) -> Int? {
        var index = text.startIndex
        let isNegative = text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var magnitude = 0
        while index < text.endIndex {
            let digit = Int(text[index] &- UInt8(ascii: "0"))
            let (shifted, overflowShift) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) =
                isNegative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if overflowShift || overflowAdd { return nil }
            magnitude = sum
            index += 1
        }
        return magnitude
    }

    mutating func readWord(_ word: StaticString) throws {
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

}
