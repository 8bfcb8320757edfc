import Foundation

extension JSONCodec {
    /// The text of the member `name` of the JSON object `text`, exactly as written (without the
    /// white space around it): `1.0`, `-0`, a 50-digit number or `"a\u0041"` come back as they
    /// are, where decoding and encoding again would change them. Nil when `text` is not a JSON
    /// object or has no such member; when the name repeats, the last one's text (as when decoding).
    ///
    /// `mbml eval --jsonl` answers with the id of the request this way.
    public static func memberText(named name: String, inObject text: String) -> Substring? {
        // The scanner below relies on the text being valid JSON.
        guard case .dictionary? = try? decodeTagged(text) else { return nil }
        var scanner = MemberScanner(utf8: Array(text.utf8))
        guard let range = scanner.lastMember(named: name) else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        return text[start..<end]
    }
}

/// Finds where the members of a JSON object that is known to be valid begin and end.
private struct MemberScanner {
    let utf8: [UInt8]
    var position = 0

    /// The byte range of the value of the last top-level member called `name`.
    mutating func lastMember(named name: String) -> Range<Int>? {
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var found: Range<Int>?
        while true {
            skipWhitespace()
            if take(UInt8(ascii: "}")) { return found }
            let keyStart = position
            skipString()
            let keyText = String(decoding: utf8[keyStart..<position], as: UTF8.self)
            let key = (try? JSONCodec.decodePlain(keyText))?.stringValue
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            let valueStart = position
            skipValue()
            if key == name { found = valueStart..<position }
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            return found
        }
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < utf8.count, utf8[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < utf8.count, [0x20, 0x09, 0x0A, 0x0D].contains(utf8[position]) { position += 1 }
    }

    /// Steps over a string, its quotes included.
    private mutating func skipString() {
        position += 1
        while position < utf8.count {
            let byte = utf8[position]
            position += byte == UInt8(ascii: "\\") ? 2 : 1
            if byte == UInt8(ascii: "\"") { return }
        }
    }

    /// Steps over any value: a string, a container (counting brackets outside strings) or a word.
    private mutating func skipValue() {
        guard position < utf8.count else { return }
        switch utf8[position] {
        case UInt8(ascii: "\""):
            skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while position < utf8.count {
                switch utf8[position] {
                case UInt8(ascii: "\""):
                    skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
                position += 1
                if depth == 0 { return }
            }
        default:
            while position < utf8.count, !",}] \t\r\n".utf8.contains(utf8[position]) { position += 1 }
        }
    }
}
