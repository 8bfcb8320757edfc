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
        switch value {
        case .string(let text): appendString(text, to: &output)
        case .integer(let i): output.append(contentsOf: String(i).utf8)
        case .decimal(let d):
            if d.isNaN { appendNonFinite("NaN", to: &output) } else { output.append(contentsOf: d.description.utf8) }
        case .double(let d): appendDouble(d, to: &output)
        case .boolean(let b): output.append(contentsOf: (b ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case .array(let elements): appendArray(elements, to: &output)
        case .set(let members):
            output.append(contentsOf: #"{"$set":"#.utf8)
            appendArray(members, to: &output)
            output.append(UInt8(ascii: "}"))
        case .dictionary(let entries):
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, element) in entries {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                appendString(JSONCodec.taggedKey(key), to: &output)
                output.append(UInt8(ascii: ":"))
                append(element, to: &output)
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
            appendString(value.text, to: &output)
        }
    }

    static func appendArray(_ elements: [Value], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            append(element, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// Integral doubles print without a fraction; others in the shortest form that reads back exactly;
    /// non-finite ones as `$number` tags.
    static func appendDouble(_ d: Double, to output: inout [UInt8]) {
        if d.isNaN {
            appendNonFinite("NaN", to: &output)
        } else if d.isInfinite {
            appendNonFinite(d < 0 ? "-Infinity" : "Infinity", to: &output)
        } else if d == d.rounded(), abs(d) < 9.007_199_254_740_992e15 {
            output.append(contentsOf: String(Int64(d)).utf8)
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
    /// or `\u00XX`; everything else as its UTF-8 bytes.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var contiguous = text
        contiguous.withUTF8 { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Copies runs of bytes that need no escape in one step; escapes the rest.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
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
}

// MARK: - Reader
