import Foundation

/// The kind of a value as its JSON encoding shows it: what ``Expectation/Match/type`` compares and
/// what reports name. A boolean is its own kind (not a number); host objects encode as strings.
public enum EncodedKind: String, Sendable {
    case null, boolean, number, string, array, dictionary, set, date, data

    /// The kind of `value` (`nil`, "no value", encodes as `null`).
    public init(of value: Value?) {
        switch value {
        case nil, .null?: self = .null
        case .boolean?: self = .boolean
        case .integer?, .decimal?, .double?, .bigInteger?: self = .number
        case .string?, .object?: self = .string
        case .array?: self = .array
        case .dictionary?: self = .dictionary
        case .set?: self = .set
        case .date?: self = .date
        case .data?: self = .data
        }
    }

    /// True for the kinds the value encoding writes as tagged one-key objects.
    var isTagged: Bool { self == .set || self == .date || self == .data }

    /// `a number`, `an array`, ...
    public var withArticle: String {
        switch self {
        case .array: return "an array"
        default: return "a \(rawValue)"
        }
    }
}

/// Matches an expected value against a result under a ``Expectation/Match`` mode.
///
/// The rules are those of the conformance runner (`conformance/run.py`), applied to values rather
/// than to their JSON text: they are documented on ``Expectation/Match``.
public enum ValueMatcher {
    /// True when `actual` satisfies `expected` under `match`.
    public static func matches(_ expected: Value?, _ actual: Value?, match: Expectation.Match) -> Bool {
        switch match {
        case .type: return EncodedKind(of: expected) == EncodedKind(of: actual)
        case .nonempty: return isNonEmpty(actual)
        case .exact, .set, .approx: return equal(expected, actual, match)
        }
    }

    /// True for a non-empty string, array, dictionary or set, and for any date or data value.
    public static func isNonEmpty(_ value: Value?) -> Bool {
        switch value {
        case .string(let text)?: return !text.isEmpty
        case .object(let object)?: return !Value.object(object).text.isEmpty
        case .array(let elements)?, .set(let elements)?: return !elements.isEmpty
        case .dictionary(let entries)?: return !entries.isEmpty
        case .date?, .data?: return true
        default: return false
        }
    }

    /// Structural equality under `match` (`exact`, `set` or `approx`).
    static func equal(_ expected: Value?, _ actual: Value?, _ match: Expectation.Match) -> Bool {
        var comparer = ValueComparer(match: match, isCancelled: { false })
        return (try? comparer.equal(expected, actual)) ?? false
    }

    /// ``matches(_:_:match:)`` that asks `isCancelled` as it goes (comparing two sets of a million
    /// members takes a while).
    /// - Throws: ``ComparisonInterrupted`` once `isCancelled` returns true.
    static func matches(
        _ expected: Value?, _ actual: Value?, match: Expectation.Match, isCancelled: @escaping () -> Bool
    ) throws -> Bool {
        switch match {
        case .type, .nonempty: return matches(expected, actual, match: match)
        case .exact, .set, .approx:
            var comparer = ValueComparer(match: match, isCancelled: isCancelled)
            return try comparer.equal(expected, actual)
        }
    }

    /// Whether `a` and `b` are equal numbers within a relative `relative`. A number that is not
    /// finite equals only itself (`NaN` equals `NaN`): infinity is not "within a relative 1e-9" of
    /// every number.
    static func numbersEqual(_ a: Double, _ b: Double, relative: Double) -> Bool {
        if a == b || (a.isNaN && b.isNaN) { return true }
        guard a.isFinite, b.isFinite else { return false }
        return abs(a - b) <= relative * max(abs(a), abs(b), 1e-300)
    }

    /// The number a value encodes as, if it is a number.
    static func double(_ value: Value) -> Double? {
        switch value {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        case .decimal(let d): return d.isNaN ? .nan : NSDecimalNumber(decimal: d).doubleValue
        case .bigInteger(let number): return number.doubleValue
        default: return nil
        }
    }

    /// The text a string-kind value encodes as (host objects encode as their text).
    static func text(_ value: Value) -> String? {
        switch value {
        case .string(let text): return text
        case .object: return value.text
        default: return nil
        }
    }
}
