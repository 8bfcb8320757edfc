#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Line feeds in raw bytes, found with `memchr`: a JSON document's line numbers, the lines of a
/// JSON Lines file and the lines before a manifest's cut all ask here.
enum LineFeeds {
    /// The offset of the first line feed in the `end` bytes at `base` from `position` on, or `end`
    /// when there is none.
    static func next(in base: UnsafeRawPointer, from position: Int, end: Int) -> Int {
        guard position < end, let found = memchr(base + position, 0x0A, end - position) else { return end }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The number of line feeds in `bytes`.
    static func count(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var position = next(in: base, from: 0, end: bytes.count)
        while position < bytes.count {
            count += 1
            position = next(in: base, from: position + 1, end: bytes.count)
        }
        return count
    }
}
