import Foundation

/// Rendering values as text (`expressions.md` §7): what interpolation, the string context and
/// `string` parameters see.
extension Value {
    /// The value's text form: strings as themselves, numbers in plain notation, booleans `1`/`0`,
    /// NULL `<null>`, collections in the original's property-list style, dates as
    /// `2015-02-03 04:05:06 +0000`.
    public var text: String {
        switch self {
        case .string(let text): return text
        case .decimal(let d): return Value.plainText(of: d)
        case .integer(let i): return String(i)
        case .double(let d): return Value.doubleText(d)
        case .boolean(let b): return b ? "1" : "0"
        case .null: return "<null>"
        case .date(let date): return Value.dateText(date)
        case .data(let data): return Value.dataText(data)
        case .object(let object): return "<\(object.typeName)>"
        case .array, .dictionary, .set:
            var output = ""
            appendPropertyList(to: &output, indent: 0)
            return output
        }
    }

    /// Plain positional notation without exponent or trailing fractional zeros.
    static func plainText(of decimal: Decimal) -> String {
        if decimal.isNaN { return "NaN" }
        return decimal.description
    }

    /// C `printf("%.16g")`, the original's rendering of doubles.
    static func doubleText(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        return String(format: "%.16g", d)
    }

    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return formatter.string(from: date)
    }

    static func dataText(_ data: Data) -> String {
        let hex = data.prefix(64).map { String(format: "%02x", $0) }.joined()
        return "{length = \(data.count), bytes = 0x\(hex)\(data.count > 64 ? "..." : "")}"
    }

    private func appendPropertyList(to output: inout String, indent: Int) {
        let pad = String(repeating: "    ", count: indent)
        let inner = String(repeating: "    ", count: indent + 1)
        switch self {
        case .array(let elements), .set(let elements):
            let isSet: Bool
            if case .set = self { isSet = true } else { isSet = false }
            output += isSet ? "{(\n" : "(\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.appendElement(to: &output, indent: indent + 1)
                output += index < elements.count - 1 ? ",\n" : "\n"
            }
            output += pad + (isSet ? ")}" : ")")
        case .dictionary(let entries):
            output += "{\n"
            let keys = entries.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
            for key in keys {
                guard let value = entries[key] else { continue }
                output += inner + Value.quotedIfNeeded(key) + " = "
                if value.collectionCount != nil {
                    output += "    "
                }
                value.appendElement(to: &output, indent: indent + 1)
                output += ";\n"
            }
            output += pad + "}"
        default:
            output += Value.quotedIfNeeded(text)
        }
    }

    private func appendElement(to output: inout String, indent: Int) {
        switch self {
        case .array, .set, .dictionary: appendPropertyList(to: &output, indent: indent)
        default: output += Value.quotedIfNeeded(text)
        }
    }

    /// Bare if non-empty ASCII letters and digits; otherwise quoted with `"` and `\` escaped.
    ///
    /// `expressions.md` §7 also lists `_` as a bare character, but the original's own test
    /// (`MBMLDebugFunctionTests testDump`, conformance case `debug.dump.01`) shows Foundation quoting
    /// `"order_number"`; the port follows the observed output.
    static func quotedIfNeeded(_ text: String) -> String {
        let isBare = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ($0.value >= 48 && $0.value <= 57) || ($0.value >= 65 && $0.value <= 90)
                || ($0.value >= 97 && $0.value <= 122)
        }
        if isBare { return text }
        var quoted = "\""
        for character in text {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
