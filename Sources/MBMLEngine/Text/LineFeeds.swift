#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Line feeds in raw bytes, found with `memchr` and counted eight bytes at a time: a JSON
/// document's line numbers, the lines of a JSON Lines file and the lines before a manifest's cut
/// all ask here.
enum LineFeeds {
    /// The offset of the first line feed in the `end` bytes at `base` from `position` on, or `end`
    /// when there is none.
    static func next(in base: UnsafeRawPointer, from position: Int, end: Int) -> Int {
        guard position < end, let found = memchr(base + position, 0x0A, end - position) else { return end }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The number of line feeds in `bytes`, counted a machine word at a time (a manifest's lines
    /// are short: finding them one by one costs a call each).
    static func count(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let feeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        var count = 0
        var index = 0
        while index + 8 <= bytes.count {
            // A byte of `word` is zero where a line feed was; `zero` has the high bit of exactly
            // those bytes set (no carry crosses a byte: each sum is at most 0xFE).
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ feeds
            let zero = ~(((word & lowBits) &+ lowBits) | word | lowBits)
            count += zero.nonzeroBitCount
            index += 8
        }
        while index < bytes.count {
            if base.load(fromByteOffset: index, as: UInt8.self) == 0x0A { count += 1 }
            index += 1
        }
        return count
    }
}
