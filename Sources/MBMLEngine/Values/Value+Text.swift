import Foundation

/// Rendering values as text (<doc:ContextsAndCoercions>): what interpolation, the string context and
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
        case .bigInteger(let number): return number.description
        case .double(let d): return Value.doubleText(d)
        case .boolean(let b): return b ? "1" : "0"
        case .null: return "<null>"
        case .date(let date): return Value.dateText(date)
        case .data(let data): return Value.dataText(data)
        case .object(let object): return object.text
        case .array, .dictionary, .set:
            var output: [UInt8] = []
            var bound = TextBound.unbounded
            appendPropertyList(to: &output, indent: 0, budget: &bound)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// ``text``, or nil when `shouldStop` says to stop — it is asked every thousand or so elements of
    /// a collection, so rendering a huge collection stays within an evaluation's time budget — or
    /// when the text would pass `maximumBytes` (it is never built past that).
    public func text(stoppingWhen shouldStop: @escaping () -> Bool, maximumBytes: Int = .max) -> String? {
        var bound = TextBound(maximumBytes: maximumBytes, shouldStop: shouldStop)
        let text = text(under: &bound)
        return bound.isExhausted ? nil : text
    }

    /// ``text`` written under `bound`: cut (and the bound exhausted) where it passes it.
    func text(under bound: inout TextBound) -> String {
        switch self {
        case .array, .dictionary, .set:
            var output: [UInt8] = []
            appendPropertyList(to: &output, indent: 0, budget: &bound)
            return String(decoding: output, as: UTF8.self)
        default:
            let text = leafText(room: bound.room(in: []))
            if text.utf8.count > bound.maximumBytes { bound.markExhausted() }
            return text
        }
    }

    /// The first `limit` characters of ``text`` (a prefix of it, or all of it), without making more
    /// of the text than that (a large collection, a long text referred to many times): what a one-line
    /// preview needs.
    public func text(limit: Int) -> (text: String, isTruncated: Bool) {
        switch self {
        case .array, .dictionary, .set:
            var output: [UInt8] = []
            var bound = TextBound.preview(characters: limit)
            appendPropertyList(to: &output, indent: 0, budget: &bound)
            let text = String(decoding: output, as: UTF8.self)
            return bound.isExhausted ? (String(text.prefix(limit)), true) : (text, false)
        default:
            let full = text
            if full.utf8.count <= limit { return (full, false) }
            let head = String(full.prefix(limit))
            return (head, head.utf8.count < full.utf8.count)
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
        if d == d.rounded(), abs(d) < 1e15, !(d == 0 && d.sign == .minus) { return String(Int64(d)) }
        var buffer = [CChar](repeating: 0, count: 32)
        let length = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([d]) { vsnprintf(pointer.baseAddress, 32, "%.16g", $0) }
        }
        return String(decoding: buffer.prefix(Int(max(0, length))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `2015-02-03 04:05:06 +0000`: UTC, whole seconds (rounded down). Dates outside
    /// ``RenderableDates`` are shown at its nearest end.
    static func dateText(_ date: Date) -> String {
        var seconds = time_t(RenderableDates.clamped(date.timeIntervalSince1970).rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) +0000"
    }

    static func dataText(_ data: Data) -> String {
        let hex = data.prefix(64).map { String(format: "%02x", $0) }.joined()
        return "{length = \(data.count), bytes = 0x\(hex)\(data.count > 64 ? "..." : "")}"
    }

    private func appendPropertyList(to output: inout [UInt8], indent: Int, budget: inout TextBound) {
        switch self {
        case .array(let elements), .set(let elements):
            let isSet: Bool
            if case .set = self { isSet = true } else { isSet = false }
            output.append(contentsOf: isSet ? Self.openSet : Self.openArray)
            let last = elements.count - 1
            for (index, element) in elements.enumerated() {
                if budget.isSpent(by: output) { return }
                Self.appendIndent(indent + 1, to: &output)
                element.appendElement(to: &output, indent: indent + 1, budget: &budget)
                output.append(contentsOf: index < last ? Self.commaNewline : Self.newline)
            }
            Self.appendIndent(indent, to: &output)
            output.append(contentsOf: isSet ? Self.closeSet : Self.closeArray)
        case .dictionary(let entries):
            output.append(contentsOf: Self.openDictionary)
            let entries = entries.entries
            let keys = entries.keys
            let values = entries.values
            let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
            for index in order {
                if budget.isSpent(by: output) { return }
                let key = keys[index], value = values[index]
                Self.appendIndent(indent + 1, to: &output)
                Self.appendQuotedIfNeeded(key, to: &output)
                output.append(contentsOf: value.collectionCount != nil ? Self.equalsBeforeCollection : Self.equals)
                value.appendElement(to: &output, indent: indent + 1, budget: &budget)
                output.append(contentsOf: Self.semicolonNewline)
            }
            Self.appendIndent(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        default:
            Self.appendQuotedIfNeeded(leafText(room: budget.room(in: output)), to: &output)
            budget.note(output)
        }
    }

    /// The text of a leaf value, at most `room` bytes of it (a longer one is cut: the output is then
    /// past its bound).
    private func leafText(room: Int) -> String {
        guard case .string(let text) = self else { return self.text }
        if room == .max || text.utf8.count <= room { return text }
        return String(decoding: text.utf8.prefix(room), as: UTF8.self)
    }

    private func appendElement(to output: inout [UInt8], indent: Int, budget: inout TextBound) {
        switch self {
        case .array, .set, .dictionary: appendPropertyList(to: &output, indent: indent, budget: &budget)
        default:
            Self.appendQuotedIfNeeded(leafText(room: budget.room(in: output)), to: &output)
            budget.note(output)
        }
    }

    private static let openArray = Array("(\n".utf8), closeArray = Array(")".utf8)
    private static let openSet = Array("{(\n".utf8), closeSet = Array(")}".utf8)
    private static let openDictionary = Array("{\n".utf8)
    private static let commaNewline = Array(",\n".utf8), newline = Array("\n".utf8)
    private static let equals = Array(" = ".utf8), equalsBeforeCollection = Array(" =     ".utf8)
    private static let semicolonNewline = Array(";\n".utf8)

    private static func appendIndent(_ level: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 4 * level))
    }

    /// Bare if non-empty ASCII letters and digits; otherwise quoted with `"` and `\` escaped.
    ///
    /// The language reference once listed `_` as a bare character too, but the original's own test
    /// (`MBMLDebugFunctionTests testDump`, conformance case `debug.dump.01`) shows Foundation quoting
    /// `"order_number"`; the port follows the observed output.
    static func quotedIfNeeded(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuotedIfNeeded(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendQuotedIfNeeded(_ text: String, to output: inout [UInt8]) {
        let bytes = text.utf8
        let isBare =
            !bytes.isEmpty
            && bytes.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122)
            }
        if isBare {
            output.append(contentsOf: bytes)
            return
        }
        output.append(UInt8(ascii: "\""))
        // Runs without a character to escape are copied whole (a long text is mostly such runs).
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            let escape: UInt8?
            switch byte {
            case UInt8(ascii: "\""): escape = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): escape = UInt8(ascii: "\\")
            case UInt8(ascii: "\n"): escape = UInt8(ascii: "n")
            default: escape = nil
            }
            if let escape {
                output.append(contentsOf: bytes[runStart..<index])
                output.append(contentsOf: [UInt8(ascii: "\\"), escape])
                runStart = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        output.append(contentsOf: bytes[runStart..<index])
        output.append(UInt8(ascii: "\""))
    }
}
