import Foundation

/// A whole number with more digits than a `Decimal` holds exactly, kept as its digits
/// (<doc:ContextsAndCoercions>, "Numbers as JSON holds them").
///
/// JSON has no limit on the digits of a number. An integer that fits an `Int` reads as
/// ``Value/integer(_:)``, one that a `Decimal` holds exactly (at most 38 significant digits, below
/// about 3.4e165) as ``Value/decimal(_:)``; every other integer — a 300-digit identifier, a
/// cryptographic value — reads as a `BigInteger`, so it prints, is written to JSON and compares with
/// all of its digits. Math on it (`#($n + 1)`) works on its nearest decimal (38 significant digits);
/// beyond the range of decimal arithmetic it is an error, never a silent rounding.
public struct BigInteger: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number written out: `-` for a negative one, then its digits. One string and nothing
    /// else, so that a ``Value`` is no larger for having this case (a `Decimal` is its largest).
    public let description: String

    /// True for a number below zero.
    public var isNegative: Bool { description.utf8.first == UInt8(ascii: "-") }

    /// The magnitude's decimal digits (ASCII), without leading zeros; never empty.
    public var digits: Substring { isNegative ? description.dropFirst() : description[...] }

    /// The integer that `text` spells (`-?[0-9]+`, as JSON writes an integer), or nil when `text` is
    /// not such an integer.
    public init?<Bytes: Collection>(digitText text: Bytes) where Bytes.Element == UInt8 {
        var rest = text[...]
        let isNegative = rest.first == UInt8(ascii: "-")
        if isNegative { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        let significant = rest.drop(while: { $0 == UInt8(ascii: "0") })
        let digits = significant.isEmpty ? "0" : String(decoding: significant, as: UTF8.self)
        description = isNegative && !significant.isEmpty ? "-" + digits : digits
    }

    /// The integer `text` (`[+-]?[0-9]+`) spells, when a `Decimal` does not hold it exactly; nil for
    /// other text and for integers a `Decimal` holds (those are decimals).
    public init?(beyondDecimal text: String) {
        var bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "+") { bytes.removeFirst() }
        guard bytes.count > ExactDecimal.maximumDigits, bytes.count > 1 || bytes.first != UInt8(ascii: "-") else {
            return nil
        }
        let isExact = bytes.withUnsafeBufferPointer { buffer in
            BigInteger(digitText: buffer) == nil || ExactDecimal.parse(buffer[...]) != nil
        }
        if isExact { return nil }
        self.init(digitText: bytes)
    }

    /// The nearest `Double` (infinite beyond its range).
    public var doubleValue: Double { Double(description) ?? (isNegative ? -.infinity : .infinity) }

    /// The nearest `Decimal` (38 significant digits), or nil beyond the range of decimal arithmetic.
    public var nearestDecimal: Decimal? {
        let leading = digits.utf8.prefix(ExactDecimal.maximumDigits)
        let exponent = digits.utf8.count - leading.count
        guard exponent <= 127, let significand = Decimal(string: String(decoding: leading, as: UTF8.self)) else {
            return nil
        }
        let magnitude = Decimal(sign: .plus, exponent: exponent, significand: significand)
        return isNegative ? -magnitude : magnitude
    }

    /// Exact order: by sign, then by the number of digits, then digit by digit.
    public static func < (lhs: BigInteger, rhs: BigInteger) -> Bool {
        compare(lhs, rhs) == .orderedAscending
    }

    static func compare(_ lhs: BigInteger, _ rhs: BigInteger) -> ComparisonResult {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative ? .orderedAscending : .orderedDescending }
        let magnitudeOrder = compareMagnitudes(lhs.digits, rhs.digits)
        return lhs.isNegative ? magnitudeOrder.reversed : magnitudeOrder
    }

    /// Exact order against a decimal number (an integer, a `Decimal`, a boolean): the decimal's plain
    /// digits are compared with these, its fraction breaking a tie of whole parts.
    static func compare(_ lhs: BigInteger, _ rhs: Decimal) -> ComparisonResult {
        let rhsIsNegative = rhs < 0
        let lhsIsZero = lhs.digits == "0"
        if rhs.isZero || lhsIsZero || lhs.isNegative != rhsIsNegative {
            if rhs.isZero && lhsIsZero { return .orderedSame }
            if rhs.isZero { return lhs.isNegative ? .orderedAscending : .orderedDescending }
            if lhsIsZero { return rhsIsNegative ? .orderedDescending : .orderedAscending }
            return lhs.isNegative ? .orderedAscending : .orderedDescending
        }
        // `Decimal`'s description is plain notation: digits, a point and a fraction.
        let plain = (rhsIsNegative ? -rhs : rhs).description
        let parts = plain.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0].drop(while: { $0 == "0" })
        let hasFraction = parts.count > 1 && parts[1].contains(where: { $0 != "0" })
        var magnitudeOrder = compareMagnitudes(lhs.digits, whole.isEmpty ? "0" : whole)
        if magnitudeOrder == .orderedSame && hasFraction { magnitudeOrder = .orderedAscending }
        return lhs.isNegative ? magnitudeOrder.reversed : magnitudeOrder
    }

    private static func compareMagnitudes(_ a: Substring, _ b: Substring) -> ComparisonResult {
        let (countA, countB) = (a.utf8.count, b.utf8.count)
        if countA != countB { return countA < countB ? .orderedAscending : .orderedDescending }
        for (x, y) in zip(a.utf8, b.utf8) where x != y {
            return x < y ? .orderedAscending : .orderedDescending
        }
        return .orderedSame
    }
}

extension ComparisonResult {
    /// The opposite order (ascending and descending swapped).
    fileprivate var reversed: ComparisonResult {
        switch self {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
