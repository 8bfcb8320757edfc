extension JSONStructureIndexer {
    /// The offset just past the number, `true`, `false` or `null` at `position`, or nil when no
    /// such value begins there as ``JSONReader`` reads it (a string or a container is not a scalar
    /// here: the pass steps over those itself).
    @inline(__always)
    static func endOfScalar(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int) -> Int? {
        let byte = base[position]
        if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") { return endOfNumber(base, position, count) }
        switch byte {
        case UInt8(ascii: "t"): return endOfWord(base, position, count, "true")
        case UInt8(ascii: "f"): return endOfWord(base, position, count, "false")
        case UInt8(ascii: "n"): return endOfWord(base, position, count, "null")
        default: return nil
        }
    }

    /// The offset just past `word` when its bytes are at `position`, else nil.
    @inline(__always)
    private static func endOfWord(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int, _ word: StaticString)
        -> Int?
    {
        let length = word.utf8CodeUnitCount
        guard position &+ length <= count else { return nil }
        // The last four bytes of the word (all of `true` and `null`) compared at once, then its first.
        let tail = length &- 4
        let expected = UnsafeRawPointer(word.utf8Start + tail).loadUnaligned(as: UInt32.self)
        guard UnsafeRawPointer(base + (position &+ tail)).loadUnaligned(as: UInt32.self) == expected,
            base[position] == word.utf8Start[0]
        else { return nil }
        return position &+ length
    }

    /// The offset just past the number at `position` in the grammar of JSON (RFC 8259), which
    /// ``JSONReader`` reads, or nil when none is there.
    @inline(__always)
    private static func endOfNumber(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int) -> Int? {
        var position = position
        if base[position] == UInt8(ascii: "-") { position &+= 1 }
        guard position < count, isDigit(base[position]) else { return nil }
        if base[position] == UInt8(ascii: "0") {
            position &+= 1
            if position < count, isDigit(base[position]) { return nil }
        } else {
            position = endOfDigits(base, position &+ 1, count)
        }
        guard position < count else { return position }
        if base[position] == UInt8(ascii: ".") {
            position &+= 1
            guard position < count, isDigit(base[position]) else { return nil }
            position = endOfDigits(base, position &+ 1, count)
            guard position < count else { return position }
        }
        if base[position] | 0x20 == UInt8(ascii: "e") {
            position &+= 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position &+= 1
            }
            guard position < count, isDigit(base[position]) else { return nil }
            position = endOfDigits(base, position &+ 1, count)
        }
        return position
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The end of the run of digits at `position`, read eight bytes at a time (most runs are
    /// shorter: one read), then byte by byte near `count`.
    @inline(__always)
    private static func endOfDigits(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int) -> Int {
        var position = position
        while position &+ 8 <= count {
            let digits = leadingDigits(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            position &+= digits
            if digits < 8 { return position }
        }
        while position < count, isDigit(base[position]) { position &+= 1 }
        return position
    }

    /// How many of the bytes of `word`, from its lowest, are ASCII digits before the first that is
    /// not (8 when all are). A byte is a digit when its high half is 3 and its low half plus 6 does
    /// not reach 16; no sum carries into the next byte.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> Int {
        let high = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
        let low = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010
        let others = high | low
        return others == 0 ? 8 : others.trailingZeroBitCount >> 3
    }

    /// The offset just past the string whose opening quote is at `position`, or nil when it does
    /// not end before `count` or breaks JSON's rules: escapes must be JSON's, and raw control
    /// characters are refused, as the reader refuses them.
    ///
    /// The common case — a plain run of text, then the closing quote — is read eight bytes at a
    /// time, and whether the byte that ends the run is the quote is told by the same words (the
    /// lowest mark of each test is exact, ``JSONBytes/specialStringBytes(_:)``), not by reading
    /// it again: the pass is a chain of reads, each at the position the last one gave, and a read
    /// less per string makes the chain shorter.
    @inline(__always)
    static func endOfString(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int) -> Int? {
        var position = position &+ 1
        while position &+ 8 <= count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let special = JSONBytes.specialStringBytes(word)
            if special != 0 {
                // The end is read from the quotes alone, the other tests only confirm that none
                // of their bytes comes first (off the chain of positions).
                let quotes = word ^ 0x2222_2222_2222_2222
                let zeroQuote = (quotes &- 0x0101_0101_0101_0101) & ~quotes & 0x8080_8080_8080_8080
                if special & (0 &- special) == zeroQuote & (0 &- zeroQuote) {
                    return position &+ zeroQuote.trailingZeroBitCount >> 3 &+ 1
                }
                return endOfStringRest(base, position &+ special.trailingZeroBitCount >> 3, count)
            }
            position &+= 8
        }
        return endOfStringRest(base, position, count)
    }

    /// ``endOfString(_:_:_:)`` from a byte inside the string that may end its plain run (a quote,
    /// an escape, a control character, or any byte of the last seven of the text).
    static func endOfStringRest(_ base: UnsafePointer<UInt8>, _ position: Int, _ count: Int) -> Int? {
        var position = position
        while true {
            position = JSONBytes.endOfPlainRun(base, from: position, end: count)
            guard position < count else { return nil }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { return position &+ 1 }
            if byte == UInt8(ascii: "\\") {
                position &+= 1
                guard position < count else { return nil }
                switch base[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position &+= 1
                case UInt8(ascii: "u"):
                    guard position &+ 5 <= count else { return nil }
                    for offset in 1...4 where !JSONBytes.isHexDigit(base[position &+ offset]) { return nil }
                    position &+= 5
                default:
                    return nil
                }
                continue
            }
            if byte < 0x20 { return nil }
            position &+= 1
        }
    }
}
