/// The scan of a start tag's bytes that places it (``XMLTreeBuilder``): back from where the parser
/// is to the tag's `<`, counting the characters and line feeds in between on the way. Eight bytes are read at a
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

    /// The last `<` in `base..<end` and what lies between it and `end`: the line feeds, and one (for
    /// the `<`) plus the characters that are not line feeds (UTF-8 continuation bytes are not
    /// characters). Nil when there is no `<`.
    ///
    /// One pass back from `end`: the bytes are counted while the `<` is looked for.
    static func lastOpening(before end: UnsafePointer<UInt8>, from base: UnsafePointer<UInt8>) -> (
        opening: UnsafePointer<UInt8>, newlines: Int, characters: Int
    )? {
        let openings = ones &* UInt64(UInt8(ascii: "<"))
        let lineFeeds = ones &* UInt64(UInt8(ascii: "\n"))
        var cursor = end
        var newlines = 0
        var continuations = 0
        // One count a byte lane (the target may have no population count instruction), added up
        // across the lanes every 255 words (a lane holds up to 255) and at the end.
        var newlineLanes: UInt64 = 0
        var continuationLanes: UInt64 = 0
        var words = 0
        func place(_ opening: UnsafePointer<UInt8>) -> (UnsafePointer<UInt8>, Int, Int) {
            newlines &+= sumOfLanes(newlineLanes)
            continuations &+= sumOfLanes(continuationLanes)
            return (opening, newlines, end - opening - newlines - continuations)
        }
        while cursor - base >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(cursor - 8).loadUnaligned(as: UInt64.self))
            let found = zeroBytes(word ^ openings)
            let lineFeedsFound = zeroBytes(word ^ lineFeeds)
            guard found == 0 else {
                // The lanes after the last `<` are counted (lanes go up with addresses).
                let lane = (63 - found.leadingZeroBitCount) / 8
                let counted = lane == 7 ? 0 : highBits & (~0 << UInt64((lane + 1) * 8))
                newlineLanes &+= (lineFeedsFound & counted) >> 7
                continuationLanes &+= (word & ~(word << 1) & counted) >> 7
                return place(cursor - 8 + lane)
            }
            cursor -= 8
            // Most words hold neither a line feed nor a byte that is not ASCII: nothing to count.
            guard (lineFeedsFound | word) & highBits != 0 else { continue }
            newlineLanes &+= lineFeedsFound >> 7
            // 10xxxxxx: the high bit set, the next one clear.
            continuationLanes &+= (word & ~(word << 1) & highBits) >> 7
            words += 1
            if words == 255 {
                newlines &+= sumOfLanes(newlineLanes)
                continuations &+= sumOfLanes(continuationLanes)
                (newlineLanes, continuationLanes, words) = (0, 0, 0)
            }
        }
        while cursor > base {
            cursor -= 1
            let byte = cursor.pointee
            if byte == UInt8(ascii: "<") { return place(cursor) }
            if byte == UInt8(ascii: "\n") {
                newlines &+= 1
            } else if byte & 0xC0 == 0x80 {
                continuations &+= 1
            }
        }
        return nil
    }
}
