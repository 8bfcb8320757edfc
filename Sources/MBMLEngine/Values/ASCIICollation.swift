import Foundation

/// The order ``Comparison/compareStrings(_:_:)`` gives two texts of printable ASCII, found without
/// Foundation: the `en_US` collation (<doc:ContextsAndCoercions>, "Ordering") restricted to the
/// characters U+0020 to U+007E, where it is simple enough to write down.
///
/// On those characters the collation has two levels that matter. First every character has a
/// primary weight, the same for a letter in either case (`a` = `A`), ordered as ``primaryOrder``
/// lists them (white space, punctuation and symbols, digits, letters); the texts are compared by
/// these weights, left to right, a text that is a prefix of the other coming first. Only when all
/// primary weights are equal does case decide: at the first letter whose case differs, lower case
/// comes first. No printable ASCII character is ignorable, none combines with another (no
/// contractions in `en_US`), and none has a secondary weight, so nothing else can order them.
///
/// A text with any other character (a control character, which the collation ignores, or anything
/// beyond ASCII) is not answered here: ``compare(_:_:)`` returns nil and the caller asks Foundation.
/// A test compares this order with Foundation's on every pair of characters and on seeded random
/// texts.
enum ASCIICollation {
    /// The printable ASCII characters by primary weight, lowest first; a lower-case letter and its
    /// capital share one weight.
    static let primaryOrder = #" _-,;:!?.'"()[]{}@*/\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"#

    /// The primary weight of each byte 0x20 ... 0x7E (index: byte − 0x20); letters of both cases
    /// share a weight.
    private static let weights: [UInt8] = {
        var weights = [UInt8](repeating: 0, count: 95)
        for (rank, byte) in primaryOrder.utf8.enumerated() {
            weights[Int(byte) - 0x20] = UInt8(rank)
            if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") { weights[Int(byte) - 0x40] = UInt8(rank) }
        }
        return weights
    }()

    /// The collation order of `a` and `b` when both are printable ASCII; nil otherwise.
    static func compare(_ a: String, _ b: String) -> ComparisonResult? {
        var a = a, b = b
        return a.withUTF8 { left in b.withUTF8 { right in compare(left, right) } }
    }

    /// ``compare(_:_:)`` on UTF-8 bytes.
    static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> ComparisonResult? {
        let common = min(left.count, right.count)
        var primary = ComparisonResult.orderedSame
        var caseOrder = ComparisonResult.orderedSame
        var index = 0
        while index < common {
            let x = left[index], y = right[index]
            index += 1
            if x == y {
                if x &- 0x20 >= 95 { return nil }
                continue
            }
            guard x &- 0x20 < 95, y &- 0x20 < 95 else { return nil }
            let wx = weights[Int(x &- 0x20)], wy = weights[Int(y &- 0x20)]
            if wx != wy {
                primary = wx < wy ? .orderedAscending : .orderedDescending
                break
            }
            // The same letter in two cases: lower case first, if nothing primary decides.
            if caseOrder == .orderedSame { caseOrder = x > y ? .orderedAscending : .orderedDescending }
        }
        // Every byte, past the point of decision too, must be printable ASCII for the order to hold.
        guard isPrintable(left, from: index), isPrintable(right, from: index) else { return nil }
        if primary != .orderedSame { return primary }
        if left.count != right.count { return left.count < right.count ? .orderedAscending : .orderedDescending }
        return caseOrder
    }

    /// Appends to `key` the bytes whose order is this collation's order of texts of printable
    /// ASCII, compared byte by byte with a shorter key that is a prefix of another first (as
    /// `memcmp` then the lengths): each byte's primary weight plus one, a 0, then for each byte 1
    /// for a capital letter and 0 for anything else. Primary weights decide first, a text whose
    /// weights begin another's comes first (its 0 is below any weight), and only then the first
    /// letter whose case differs, lower case first: what ``compare(_:_:)`` finds. False, and
    /// nothing appended, when `text` is not all printable ASCII.
    static func appendSortKey(of text: UnsafeBufferPointer<UInt8>, to key: inout [UInt8]) -> Bool {
        guard isPrintable(text, from: 0) else { return false }
        for byte in text { key.append(weights[Int(byte &- 0x20)] &+ 1) }
        key.append(0)
        for byte in text { key.append(byte &- UInt8(ascii: "A") < 26 ? 1 : 0) }
        return true
    }

    private static func isPrintable(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            if bytes[index] &- 0x20 >= 95 { return false }
            index += 1
        }
        return true
    }
}
