import Foundation

/// The look-up of one key in a small JSON object's text (``JSONNode/value(forKey:)``), in one tight
/// pass over the object's bytes: the per-item path of a query such as
/// `^filter($people|$item.age > 30)` reads one or two keys of every record, so this loop is most
/// of what a record costs besides evaluating the expression.
///
/// It finds what decoding the whole object would keep for the key: the value of its last member of
/// that key (a repeated key keeps its last value). A member's key is compared byte for byte when
/// its text is plain; a key written with escapes or non-ASCII characters is decoded first and
/// compared as a `String` (Unicode equivalence: `"\u212A"`, the Kelvin sign, is the key `K`).
struct JSONKeyLookup {
    /// The wanted key's UTF-8 bytes: ASCII without quotes or backslashes (``isPlain(_:)``).
    let wanted: UnsafeBufferPointer<UInt8>
    /// The wanted key, for comparing with a decoded key.
    let key: String

    /// What a pass found.
    enum Outcome {
        /// The offset of the value of the key's last member, or nil when the object has none.
        case found(Int?)
        /// The object's text is longer than the pass was allowed to read (it may be one the
        /// document keeps an index for): look it up another way.
        case tooLong
    }

    /// Whether `key` can be compared byte for byte with a member's key text: ASCII, without a
    /// quote or a backslash.
    static func isPlain(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in key where byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }

    /// Looks the key up in the (checked) object whose opening brace is at `start` in `bytes`,
    /// reading at most `limit` bytes of it: past that, ``Outcome/tooLong``.
    func find(in bytes: UnsafeBufferPointer<UInt8>, objectAt start: Int, limit: Int) -> Outcome {
        guard let base = bytes.baseAddress else { return .found(nil) }
        let wantedBase = wanted.baseAddress ?? base
        let end = bytes.count
        let stop = limit >= end - start ? end : start + limit
        let length = wanted.count
        let quote = UInt8(ascii: "\"")
        var found: Int?
        var position = Self.skipWhitespace(base, start + 1, end)
        while position < end, base[position] == quote {
            if position >= stop { return .tooLong }
            let keyStart = position
            let closing = keyStart + 1 + length
            var matches = false
            if closing < end, base[closing] == quote, JSONBytes.equal(base + keyStart + 1, wantedBase, count: length) {
                // The same bytes, then the closing quote: the key itself (the wanted bytes hold no
                // backslash that could escape that quote).
                matches = true
                position = closing + 1
            } else {
                var index = keyStart + 1
                var isPlainText = true
                while index < end {
                    let byte = base[index]
                    if byte == quote { break }
                    if byte == UInt8(ascii: "\\") {
                        isPlainText = false
                        index += 2
                        continue
                    }
                    if byte >= 0x80 { isPlainText = false }
                    index += 1
                }
                if !isPlainText { matches = JSONNode.string(bytes, at: keyStart) == key }
                position = index + 1
            }
            // The colon and the white space around it.
            position = Self.skipWhitespace(base, Self.skipWhitespace(base, position, end) + 1, end)
            if matches { found = position }
            position = Self.skipWhitespace(base, Self.skipValue(base, position, end), end)
            if position < end, base[position] == UInt8(ascii: ",") {
                position = Self.skipWhitespace(base, position + 1, end)
            }
        }
        return .found(found)
    }

    @inline(__always)
    private static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        var position = position
        while position < end, JSONBytes.isWhitespace(base[position]) { position += 1 }
        return position
    }

    /// The offset just past the (checked) value that begins at `position`.
    @inline(__always)
    private static func skipValue(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        var position = position
        let first = base[position]
        if first == UInt8(ascii: "\"") { return skipString(base, position, end) }
        // `[` and `{` differ only in the bit 0x20, as do `]` and `}`.
        if first | 0x20 == UInt8(ascii: "{") {
            var depth = 0
            while position < end {
                let byte = base[position]
                if byte == UInt8(ascii: "\"") {
                    position = skipString(base, position, end)
                    continue
                }
                let folded = byte | 0x20
                if folded == UInt8(ascii: "{") {
                    depth += 1
                } else if folded == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { return position + 1 }
                }
                position += 1
            }
            return position
        }
        while position < end {
            let byte = base[position]
            if byte == UInt8(ascii: ",") || byte | 0x20 == UInt8(ascii: "}") || JSONBytes.isWhitespace(byte) {
                return position
            }
            position += 1
        }
        return position
    }

    /// The offset just past the string whose opening quote is at `position`.
    @inline(__always)
    private static func skipString(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        var position = position + 1
        while position < end {
            position = JSONBytes.endOfPlainRun(base, from: position, end: end)
            guard position < end else { return end }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { return position + 1 }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return position
    }
}
