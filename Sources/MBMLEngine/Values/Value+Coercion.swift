import Foundation

/// The coercions of <doc:ContextsAndCoercions>.
extension Value {
    /// Value → decimal number (<doc:ContextsAndCoercions>): numbers convert, strings parse, everything else is nil.
    public var decimalValue: Decimal? {
        switch self {
        case .decimal(let d): return d
        case .integer(let i): return Decimal(i)
        case .double(let d): return d.isFinite ? Decimal(d) : nil
        case .boolean(let b): return b ? 1 : 0
        case .bigInteger(let number): return number.nearestDecimal
        case .string(let text): return NumericParsing.decimal(from: text)
        default: return nil
        }
    }

    /// A number as a `Double` (nil for non-numbers).
    public var doubleValue: Double? {
        switch self {
        case .decimal(let d): return NSDecimalNumber(decimal: d).doubleValue
        case .integer(let i): return Double(i)
        case .double(let d): return d
        case .boolean(let b): return b ? 1 : 0
        case .bigInteger(let number): return number.doubleValue
        default: return nil
        }
    }

    /// A number truncated toward zero to an integer, or the integer parse of a string (<doc:ContextsAndCoercions>).
    public var integerValue: Int? {
        switch self {
        case .decimal, .double, .bigInteger:
            guard let d = doubleValue, d.isFinite else { return nil }
            if d >= Double(Int.max) { return Int.max }
            if d <= Double(Int.min) { return Int.min }
            return Int(d.rounded(.towardZero))
        case .integer(let i): return i
        case .boolean(let b): return b ? 1 : 0
        case .string(let text): return NumericParsing.integer(from: text)
        default: return nil
        }
    }

    /// Truthiness (<doc:ContextsAndCoercions>): only `""`, `F`, `f`, `0`, NULL and numeric zero are false.
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .boolean(let b): return b
        case .integer(let i): return i != 0
        case .decimal(let d): return !d.isZero
        case .double(let d): return d != 0
        case .string(let text):
            let units = text.utf16
            if units.isEmpty { return false }
            if units.count == 1, let unit = units.first {
                return !(unit == 0x46 || unit == 0x66 || unit == 0x30)
            }
            return true
        default: return true
        }
    }
}

extension Optional where Wrapped == Value {
    /// Truthiness with nil false (<doc:ContextsAndCoercions>).
    public var isTruthy: Bool { self?.isTruthy ?? false }
}
