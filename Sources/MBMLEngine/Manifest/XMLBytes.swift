#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The byte classes of XML that manifest code reads on its own, beside libxml2 (the outline, the
/// tree builder's root text, the cut between a document's halves, a white-space edit), and the
/// search for markup in raw bytes: each is defined here once.
enum XMLBytes {
    /// XML's white space (`S` in XML 1.0): space, tab, line feed, carriage return.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `bytes` hold `text` at `index`.
    static func hasPrefix(_ text: StaticString, in bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(text.utf8Start, base + index, count) == 0
    }

    /// The offset of the first `text` in `bytes` at or after `start` (its first byte found with
    /// `memchr`), or nil.
    static func offset(of text: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        let count = text.utf8CodeUnitCount
        guard let base = bytes.baseAddress, count > 0 else { return nil }
        let last = bytes.count - count
        var index = max(start, 0)
        while index <= last, let found = memchr(base + index, Int32(text.utf8Start.pointee), last - index + 1) {
            let offset = base.distance(to: UnsafeRawPointer(found))
            if hasPrefix(text, in: bytes, at: offset) { return offset }
            index = offset + 1
        }
        return nil
    }
}
