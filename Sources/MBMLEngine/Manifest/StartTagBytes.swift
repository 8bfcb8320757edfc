/// The scans of a start tag's bytes that place it (``XMLTreeBuilder``): back from where the parser
/// is to the tag's `<`, then the characters and line feeds in between. Eight bytes are read at a
/// time: a manifest of a hundred thousand declarations places a hundred thousand start tags.
enum StartTagBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// The high bit of each byte of `word` that is zero, and no other bit.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & lowBits) &+ lowBits) | word | lowBits)
    }

    /// The sum of the eight bytes of `lanes`, each at most 255 and the sum less than 256 × 8.
    @inline(__always)
    private static func sumOfLanes(_ lanes: UInt64) -> Int {
        // Pairs, then fours, then all eight: no lane overflows on the way.
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
        let fours = (pairs & 0x0000_FFFF_0000_FFFF) &+ ((pairs >> 16) & 0x0000_FFFF_0000_FFFF)
        return Int((fours & 0xFFFF_FFFF) &+ (fours >> 32))
    }

    /// The last `<` in `base..<end`, if any.
    static func lastOpening(before end: UnsafePointer<UInt8>, from base: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>?
    {
        let opening = UInt8(ascii: "<")
        var end = end
        while end - base >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
            let found = zeroBytes(word ^ (ones &* UInt64(opening)))
            if found != 0 { return end - 8 + (63 - found.leadingZeroBitCount) / 8 }
            end -= 8
        }
        while end > base {
            end -= 1
            if end.pointee == opening { return end }
        }
        return nil
    }

    /// The line feeds in `opening + 1 ..< end`, and one (for the `<` at `opening`) plus the
    /// characters there that are not line feeds (UTF-8 continuation bytes are not characters).
    static func count(from opening: UnsafePointer<UInt8>, to end: UnsafePointer<UInt8>) -> (
        newlines: Int, characters: Int
    ) {
        var byte = opening + 1
        var newlines = 0
        var continuations = 0
        let lineFeeds = ones &* UInt64(UInt8(ascii: "\n"))
        // One count a byte lane (the target may have no population count instruction), added up
        // across the lanes every 255 words (a lane holds up to 255) and at the end.
        var newlineLanes: UInt64 = 0
        var continuationLanes: UInt64 = 0
        var words = 0
        while end - byte >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(byte).loadUnaligned(as: UInt64.self))
            newlineLanes &+= zeroBytes(word ^ lineFeeds) >> 7
            // 10xxxxxx: the high bit set, the next one clear.
            continuationLanes &+= (word & ~(word << 1) & highBits) >> 7
            byte += 8
            words += 1
            if words == 255 {
                newlines &+= sumOfLanes(newlineLanes)
                continuations &+= sumOfLanes(continuationLanes)
                (newlineLanes, continuationLanes, words) = (0, 0, 0)
            }
        }
        let remaining = end - byte
        if remaining > 0, end - (opening + 1) >= 8 {
            // The last eight bytes, without the lanes counted already.
            let word = UInt64(littleEndian: UnsafeRawPointer(end - 8).loadUnaligned(as: UInt64.self))
            let fresh = highBits & (~0 << UInt64((8 - remaining) * 8))
            newlineLanes &+= (zeroBytes(word ^ lineFeeds) & fresh) >> 7
            continuationLanes &+= (word & ~(word << 1) & fresh) >> 7
            byte = end
        }
        newlines &+= sumOfLanes(newlineLanes)
        continuations &+= sumOfLanes(continuationLanes)
        while byte < end {
            if byte.pointee == UInt8(ascii: "\n") {
                newlines &+= 1
            } else if byte.pointee & 0xC0 == 0x80 {
                continuations &+= 1
            }
            byte += 1
        }
        let span = end - (opening + 1)
        return (newlines, 1 + span - newlines - continuations)
    }
}
