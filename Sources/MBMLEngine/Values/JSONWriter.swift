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
        // Copies runs that need no escape whole, as bytes (an escaped character is ASCII, so every
        // cut is between scalars); only `"`, `\` and control characters are replaced.
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte == 0x22 || byte == 0x5C || byte < 0x20 else {
                index = utf8.index(after: index)
                continue
            }
            output += String(decoding: utf8[runStart..<index], as: UTF8.self)
            switch byte {
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x0A: output += "\\n"
            case 0x0D: output += "\\r"
            case 0x09: output += "\\t"
            case 0x08: output += "\\b"
            case 0x0C: output += "\\f"
            default:
                let hex = String(byte, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            index = utf8.index(after: index)
            runStart = index
        }
        output += String(decoding: utf8[runStart..<utf8.endIndex], as: UTF8.self)
        output += "\""
    }
}

// MARK: - Reader
