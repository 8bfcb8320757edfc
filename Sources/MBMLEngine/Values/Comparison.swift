import Foundation

/// The language's comparisons (<doc:ContextsAndCoercions>): `==`/`-EQ` and the ordering operators. Also used
/// by functions such as `^containsValue` and `^sort`.
public enum Comparison {
    /// Equality (<doc:ContextsAndCoercions>). nil and NULL both count as "nothing"; nil == nil.
    public static func isEqual(_ lhs: Value?, _ rhs: Value?) -> Bool {
        guard let lhs = lhs, let rhs = rhs else { return lhs == nil && rhs == nil }
        if lhs.isNumber, !rhs.isNumber, !rhs.isNull, let l = lhs.doubleValue {
            return l == NumericParsing.double(from: numericText(of: rhs))
        }
        if rhs.isNumber, !lhs.isNumber, !lhs.isNull, let r = rhs.doubleValue {
            return NumericParsing.double(from: numericText(of: lhs)) == r
        }
        return structurallyEqual(lhs, rhs)
    }

    /// Same-kind equality (<doc:ContextsAndCoercions>, "Comparisons"), no string/number coercion.
    static func structurallyEqual(_ lhs: Value, _ rhs: Value) -> Bool {
        if lhs.isNumber && rhs.isNumber { return compareNumbers(lhs, rhs) == .orderedSame }
        return lhs == rhs
    }

    /// The three-way ordering of <doc:ContextsAndCoercions>.
    public static func compare(_ lhs: Value?, _ rhs: Value?) -> ComparisonResult {
        guard let lhs = lhs, let rhs = rhs else {
            if lhs == nil && rhs == nil { return .orderedSame }
            return lhs == nil ? .orderedAscending : .orderedDescending
        }
        switch (lhs, rhs) {
        case (.null, .null): return .orderedSame
        case (.string(let a), .string(let b)): return compareStrings(a, b)
        case (.date(let a), .date(let b)): return a.compare(b)
        default: break
        }
        if lhs.isNumber && rhs.isNumber { return compareNumbers(lhs, rhs) }
        let l = numericFallback(lhs), r = numericFallback(rhs)
        switch (l, r) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case (let a?, let b?): return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        }
    }

    /// `localizedCompare:` with a fixed `en_US` locale, so results do not depend on `LANG`. Two
    /// texts of printable ASCII are ordered without Foundation, in the same order
    /// (`ASCIICollation`).
    public static func compareStrings(_ a: String, _ b: String) -> ComparisonResult {
        if let order = ASCIICollation.compare(a, b) { return order }
        return a.compare(b, options: [], range: nil, locale: collationLocale)
    }

    private static let collationLocale = Locale(identifier: "en_US")

    static func compareNumbers(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        if let order = compareBigIntegers(lhs, rhs) { return order }
        if case .double = lhs, let a = lhs.doubleValue, let b = rhs.doubleValue {
            return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        }
        if case .double = rhs, let a = lhs.doubleValue, let b = rhs.doubleValue {
            return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        }
        guard let a = lhs.decimalValue, let b = rhs.decimalValue else { return .orderedSame }
        return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    /// The exact order of two numbers of which one is a ``BigInteger`` (nil when neither is). Against
    /// a floating-point number it is its nearest double that is compared, as for every number.
    private static func compareBigIntegers(_ lhs: Value, _ rhs: Value) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.bigInteger(let a), .bigInteger(let b)): return BigInteger.compare(a, b)
        case (.bigInteger, .double), (.double, .bigInteger): return nil
        case (.bigInteger(let a), _):
            guard let b = rhs.exactNumber else { return nil }
            return BigInteger.compare(a, b)
        case (_, .bigInteger(let b)):
            guard let a = lhs.exactNumber else { return nil }
            switch BigInteger.compare(b, a) {
            case .orderedAscending: return .orderedDescending
            case .orderedDescending: return .orderedAscending
            case .orderedSame: return .orderedSame
            }
        default: return nil
        }
    }

    /// ``compare(_:_:)`` of `lhs` with the text `rhs`, whose number (``numericFallback(_:)``) is
    /// `number`, read once for many comparisons.
    static func compare(_ lhs: Value, text rhs: String, readAs number: Double?) -> ComparisonResult {
        if case .string(let text) = lhs { return compareStrings(text, rhs) }
        switch (numericFallback(lhs), number) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        case (let a?, let b?): return a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        }
    }

    /// The number a value that is not a text compared with a text is read as (nil: none).
    static func numericFallback(_ value: Value) -> Double? {
        if value.isNull { return nil }
        if value.isNumber { return value.doubleValue }
        return NumericParsing.double(from: numericText(of: value))
    }

    /// The text a value is read as a number from: a text itself; anything else only as far as a
    /// numeral could go (a collection's text starts with a bracket and is never one, so a list huge
    /// as text is never written out to be compared).
    static func numericText(of value: Value) -> String {
        if case .string(let text) = value { return text }
        return value.text(limit: 1_024).text
    }
}
