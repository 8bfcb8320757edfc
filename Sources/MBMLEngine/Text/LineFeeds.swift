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

    /// The number of line feeds in `bytes`, sixteen bytes at a time (a manifest's lines are
    /// short: finding them one by one costs a call each): each lane of a vector counts the line
    /// feeds it saw, up to 255 vectors, then the lanes are added up.
    static func count(in bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let feeds = SIMD16<UInt8>(repeating: 0x0A)
        var count = 0
        var index = 0
        while index + 16 <= bytes.count {
            var lanes = SIMD16<UInt8>()
            var vectors = 0
            while vectors < 255, index + 16 <= bytes.count {
                let vector = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                // A lane of the comparison is all ones (255, that is -1) where a line feed is.
                lanes &-= unsafeBitCast(vector .== feeds, to: SIMD16<UInt8>.self)
                index += 16
                vectors += 1
            }
            count += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while index < bytes.count {
            if base.load(fromByteOffset: index, as: UInt8.self) == 0x0A { count += 1 }
            index += 1
        }
        return count
    }
}
