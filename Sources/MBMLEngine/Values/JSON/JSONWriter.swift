import Foundation
import OrderedCollections

/// Writes the tagged JSON encoding of ``JSONCodec`` by appending UTF-8 bytes to a buffer, so the
/// cost is linear in the output (long strings full of escapes included).
///
/// Numbers that are not finite have no JSON form; they are written as the tagged values
/// `{"$number": "Infinity"}`, `{"$number": "-Infinity"}` and `{"$number": "NaN"}`, which strict
/// JSON parsers accept.
enum JSONWriter {
    static func append(_ value: Value, to output: inout [UInt8]) {
        var bound = TextBound.unbounded
        append(value, to: &output, bound: &bound)
    }

    /// Appends `value`'s JSON under `bound` (<doc:RunningUntrustedMBML>): it stops before an element
    /// once the output is past the bound, and writes at most the room left of a text.
    static func append(_ value: Value, to output: inout [UInt8], bound: inout TextBound) {
        switch value {
        case .string(let text): appendString(text, to: &output, room: bound.room(in: output))
        case .integer(let i): appendInteger(Int64(i), to: &output)
        case .bigInteger(let number): output.append(contentsOf: number.description.utf8)
        case .decimal(let d):
            if d.isNaN { appendNonFinite("NaN", to: &output) } else { output.append(contentsOf: d.description.utf8) }
        case .double(let d): appendDouble(d, to: &output)
        case .boolean(let b): output.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case .array(let elements): appendArray(elements, to: &output, bound: &bound)
        case .set(let members):
            output.append(contentsOf: #"{"$set":"#.utf8)
            appendArray(members, to: &output, bound: &bound)
            output.append(UInt8(ascii: "}"))
        case .dictionary(let entries):
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, element) in entries {
                if bound.isSpent(by: output) { return }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                appendString(JSONCodec.taggedKey(key), to: &output, room: bound.room(in: output))
                output.append(UInt8(ascii: ":"))
                append(element, to: &output, bound: &bound)
            }
            output.append(UInt8(ascii: "}"))
        case .date(let date):
            output.append(contentsOf: #"{"$date":"#.utf8)
            appendString(ISODate.string(from: date), to: &output)
            output.append(UInt8(ascii: "}"))
        case .data(let data):
            output.append(contentsOf: #"{"$data":"#.utf8)
            appendString(data.base64EncodedString(), to: &output)
            output.append(UInt8(ascii: "}"))
        case .object:
            appendString(value.text, to: &output, room: bound.room(in: output))
        }
        bound.note(output)
    }

    static func appendArray(_ elements: ValueArray, to output: inout [UInt8], bound: inout TextBound) {
        output.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if bound.isSpent(by: output) { return }
            if index > 0 { output.append(UInt8(ascii: ",")) }
            append(element, to: &output, bound: &bound)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// The decimal digits of `value`, written straight into `output` (no string is made): every
    /// JSON writer of the engine writes integers through this.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = output.count
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }

    /// Integral doubles print without a fraction; others in the shortest form that reads back exactly;
    /// non-finite ones as `$number` tags.
    static func appendDouble(_ d: Double, to output: inout [UInt8]) {
        if d.isNaN {
            appendNonFinite("NaN", to: &output)
        } else if d.isInfinite {
            appendNonFinite(d < 0 ? "-Infinity" : "Infinity", to: &output)
        } else {
            appendFiniteDouble(d, to: &output)
        }
    }

    /// A finite double as every JSON writer of the engine spells it: integral values below 2^53 (the
    /// range where every integer is exact) without a fraction, others in the shortest form that
    /// reads back exactly.
    static func appendFiniteDouble(_ d: Double, to output: inout [UInt8]) {
        if d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 {
            appendInteger(Int64(d), to: &output)
        } else {
            output.append(contentsOf: d.description.utf8)
        }
    }

    /// `{"$number":"Infinity"}` and its kin.
    private static func appendNonFinite(_ name: String, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"$number":""#.utf8)
        output.append(contentsOf: name.utf8)
        output.append(contentsOf: #""}"#.utf8)
    }

    /// The JSON string literal of `text`: `"` and `\` escaped, control characters as `\n`, `\t`, ...
    /// or `\u00XX`; DEL, C1 controls, bidirectional overrides and the other scalars
    /// ``TerminalSafeText`` escapes as `\uXXXX` too (JSON allows them raw, but a terminal would act
    /// on them), so JSON mbml writes is safe to print; everything else as its UTF-8 bytes.
    static func appendString(_ text: String, to output: inout [UInt8], room: Int = .max) {
        output.append(UInt8(ascii: "\""))
        var contiguous = text
        contiguous.withUTF8 { bytes in
            appendEscaped(UnsafeBufferPointer(rebasing: bytes.prefix(room)), to: &output)
        }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Copies runs of bytes that need no escape in one step; escapes the rest.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x7F {
                guard mayStartUnsafeScalar(byte), let (scalar, length) = scalar(at: index, in: bytes),
                    TerminalSafeText.isUnsafe(scalar)
                else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendUnicodeEscape(scalar, to: &output)
                index += length
                runStart = index
                continue
            }
            index += 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index - 1]))
            runStart = index
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                output.append(contentsOf: "u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }

    /// True for DEL and the UTF-8 lead bytes of the blocks that hold scalars ``TerminalSafeText``
    /// escapes (C1 and U+00AD; Arabic, Syriac and Mongolian format characters; U+2000–U+2FFF;
    /// U+FEFF and U+FFF9–U+FFFB; the supplementary planes): only these are decoded and looked at.
    private static func mayStartUnsafeScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x7F, 0xC2, 0xD8, 0xDB, 0xDC, 0xE0, 0xE1, 0xE2, 0xEF, 0xF0, 0xF3: return true
        default: return false
        }
    }

    /// The scalar whose UTF-8 encoding starts at `index` (valid UTF-8, as a `String` holds) and its length.
    private static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return nil }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> UInt32(length + 1))
        for offset in 1..<max(length, 1) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }

    /// `\uXXXX` (a surrogate pair above U+FFFF).
    private static func appendUnicodeEscape(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        for unit in String(scalar).utf16 {
            output.append(contentsOf: "\\u".utf8)
            for shift in stride(from: 12, through: 0, by: -4) {
                output.append(hexDigits[Int((unit >> UInt16(shift)) & 0x0F)])
            }
        }
    }
}

// MARK: - Reader
