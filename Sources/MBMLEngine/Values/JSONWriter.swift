import Foundation
import OrderedCollections

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
                appendString(JSONCodec.taggedKey(key), to: &output)
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
