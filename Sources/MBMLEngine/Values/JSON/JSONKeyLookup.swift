import Foundation

/// The look-up of one key in a small JSON object's text (``JSONNode/value(forKey:)``), in one tight
/// pass over the object's bytes: the per-item path of a query such as
/// `^filter($people|$item.age > 30)` reads one or two keys of every record, so this loop is most
/// of what a record costs besides evaluating the expression.
///
/// It finds what decoding the whole object would keep for the key: the value of its last member of
/// that key (a repeated key keeps its last value). A member's key is compared byte for byte when
/// its text and the wanted key are plain; a key written with escapes or non-ASCII characters (or
/// any key, when the wanted one is not plain) is decoded first and compared as a `String` (Unicode
/// equivalence: `"\u212A"`, the Kelvin sign, is the key `K`).
struct JSONKeyLookup {
    /// The wanted key's UTF-8 bytes.
    let wanted: UnsafeBufferPointer<UInt8>
    /// The wanted key, for comparing with a decoded key.
    let key: String
    /// Whether ``wanted`` is plain (``isPlain(_:)``): then a member's key whose text is plain is
    /// compared byte for byte; otherwise every member's key is decoded and compared as a `String`
    /// (a key of plain text may still be equivalent to it: `K` and the Kelvin sign).
    private let isPlainWanted: Bool

    /// A look-up of `key`, whose UTF-8 bytes are `wanted`.
    init(wanted: UnsafeBufferPointer<UInt8>, key: String) {
        self.wanted = wanted
        self.key = key
        isPlainWanted = Self.isPlain(wanted)
    }

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
        var position = JSONBytes.skipWhitespace(base, start + 1, end)
        while position < end, base[position] == quote {
            if position >= stop { return .tooLong }
            let keyStart = position
            let closing = keyStart + 1 + length
            var matches = false
            if isPlainWanted, closing < end, base[closing] == quote,
                JSONBytes.equal(base + keyStart + 1, wantedBase, count: length)
            {
                // The same bytes, then the closing quote: the key itself (the wanted bytes hold no
                // backslash that could escape that quote).
                matches = true
                position = closing + 1
            } else {
                var index = keyStart + 1
                var isPlainText = true
                while index < end {
                    let byte = base[index]
                    // A control byte: the text changed after the check (``JSONBytes/skipValue(_:_:_:)``).
                    if byte == quote || byte < 0x20 { break }
                    if byte == UInt8(ascii: "\\") {
                        isPlainText = false
                        index += 2
                        continue
                    }
                    if byte >= 0x80 { isPlainText = false }
                    index += 1
                }
                if !isPlainText || !isPlainWanted { matches = JSONNode.string(bytes, at: keyStart) == key }
                position = index + 1
            }
            // The colon and the white space around it.
            position = JSONBytes.skipWhitespace(base, JSONBytes.skipWhitespace(base, position, end) + 1, end)
            if matches, position < end { found = position }
            // A value that runs past the limit is not stepped over to its end (a gigabyte array in a
            // small wrapper object): the object is too long.
            let valueEnd = JSONBytes.skipValue(base, position, stop)
            if valueEnd >= stop, stop < end { return .tooLong }
            position = JSONBytes.skipWhitespace(base, valueEnd, end)
            if position < end, base[position] == UInt8(ascii: ",") {
                position = JSONBytes.skipWhitespace(base, position + 1, end)
            }
        }
        return .found(found)
    }
}
