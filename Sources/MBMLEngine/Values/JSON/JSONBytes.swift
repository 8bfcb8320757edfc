/// Byte tests shared by the JSON scanners.
enum JSONBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each of the eight bytes of `word` (loaded little-endian) that is a quote, a
    /// backslash or below U+0020 — the bytes that end the plain run of a JSON string — or zero when
    /// none is. Only the lowest set bit is exact (the "has a zero byte" test of Hacker's Delight can
    /// mark bytes above a true one), which is all a scanner needs: where the run ends.
    @inline(__always)
    static func specialStringBytes(_ word: UInt64) -> UInt64 {
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highBits
    }

    /// The first position from `position` on, before `end`, whose byte may end a plain string run
    /// (see ``specialStringBytes(_:)``), found eight bytes at a time; near `end` (fewer than eight
    /// bytes left) it stops and the caller goes on byte by byte.
    @inline(__always)
    static func endOfPlainRun(_ base: UnsafePointer<UInt8>, from position: Int, end: Int) -> Int {
        var position = position
        while position + 8 <= end {
            let special = specialStringBytes(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            if special != 0 { return position + special.trailingZeroBitCount >> 3 }
            position += 8
        }
        return position
    }

    /// The bytes of the string whose opening quote is at `position` when they are its value — ASCII
    /// without an escape, so that decoding it would give the same bytes — or nil (an escape, a
    /// non-ASCII byte, or no closing quote before `end`). Read eight bytes at a time.
    static func plainASCIIString(_ base: UnsafePointer<UInt8>, at position: Int, end: Int) -> Range<Int>? {
        let start = position + 1
        var index = start
        while index + 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // The first byte that ends the plain run or is not ASCII (only the lowest mark is exact).
            let marks = specialStringBytes(word) | (word & highBits)
            if marks != 0 {
                index += marks.trailingZeroBitCount >> 3
                break
            }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") { return start..<index }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 || byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The whole number written at `position` when it is one of at most 18 digits — an optional
    /// `-`, digits, and no fraction or exponent after them — which is what decoding it gives
    /// (``JSONNode/value(in:_:at:)``: an integer); else nil.
    @inline(__always)
    static func plainInteger(_ base: UnsafePointer<UInt8>, at position: Int, end: Int) -> Int? {
        var index = position
        let isNegative = index < end && base[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let first = index
        var magnitude = 0
        while index < end {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int(digit)
            index += 1
        }
        guard index > first, index - first <= 18 else { return nil }
        if index < end {
            let byte = base[index]
            if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-")
            {
                return nil
            }
        }
        return isNegative ? -magnitude : magnitude
    }

    /// Whether the `count` bytes at `a` and at `b` are the same, compared eight at a time in place
    /// (the short keys and texts of records cost less so than through a call to `memcmp`).
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        while index < count {
            if a[index] != b[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether `byte` is an ASCII hexadecimal digit.
    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// Whether `byte` is JSON white space (space, tab, line feed, carriage return).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The first position from `position` on, before `end`, that is not JSON white space.
    @inline(__always)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        var position = position
        while position < end, JSONBytes.isWhitespace(base[position]) { position += 1 }
        return position
    }

    /// The offset just past the value that begins at `position` in text that
    /// ``JSONStructureIndexer`` has checked (nothing is checked again), never past `end`.
    ///
    /// Text that changed after the check — a mapped file truncated under the read, whose missing
    /// bytes read as zeros (`MappedFileGuard`) — ends the value at its first control byte (never
    /// part of JSON text outside white space), so that a walk over it stops there rather than
    /// crawling on, or reading past `end`.
    @inline(__always)
    static func skipValue(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        guard position < end else { return end }
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
                if byte == 0 { return position }
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
            // White space and any other control byte (see above) end a scalar.
            if byte == UInt8(ascii: ",") || byte | 0x20 == UInt8(ascii: "}") || byte <= 0x20 {
                return position
            }
            position += 1
        }
        return position
    }

    /// The offset just past the string whose opening quote is at `position`, never past `end`; a
    /// control byte (text changed after the check: ``skipValue(_:_:_:)``) ends it there.
    @inline(__always)
    static func skipString(_ base: UnsafePointer<UInt8>, _ position: Int, _ end: Int) -> Int {
        var position = position + 1
        while position < end {
            position = JSONBytes.endOfPlainRun(base, from: position, end: end)
            guard position < end else { return end }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { return position + 1 }
            if byte < 0x20 { return position }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(position, end)
    }
}
