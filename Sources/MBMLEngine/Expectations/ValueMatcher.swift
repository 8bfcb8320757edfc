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
        case .integer?, .decimal?, .double?: self = .number
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
        let relative = match == .approx ? 1e-6 : 1e-9
        let expectedKind = EncodedKind(of: expected), actualKind = EncodedKind(of: actual)
        if expectedKind == .null || actualKind == .null { return expectedKind == actualKind }
        if expectedKind == .boolean || actualKind == .boolean {
            guard case .boolean(let a)? = expected, case .boolean(let b)? = actual else { return false }
            return a == b
        }
        if expectedKind == .number || actualKind == .number {
            guard expectedKind == actualKind, let a = expected.flatMap(double), let b = actual.flatMap(double) else {
                return false
            }
            return numbersEqual(a, b, relative: relative)
        }
        if expectedKind == .string || actualKind == .string {
            guard expectedKind == actualKind, let a = expected.flatMap(text), let b = actual.flatMap(text) else {
                return false
            }
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        }
        guard let expected = expected, let actual = actual else { return false }
        if expectedKind.isTagged || actualKind.isTagged {
            return taggedEqual(expected, actual, match)
        }
        switch (expected, actual) {
        case (.array(let a), .array(let b)):
            if match == .set { return multisetEqual(a, b, match) }
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1, match) }
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { key, value in b[key].map { equal(value, $0, match) } ?? false }
        default:
            return false
        }
    }

    private static func taggedEqual(_ expected: Value, _ actual: Value, _ match: Expectation.Match) -> Bool {
        switch (expected, actual) {
        case (.set(let a), .set(let b)), (.set(let a), .array(let b)):
            return multisetEqual(a, b, match)
        case (.array(let a), .set(let b)) where match == .set:
            return multisetEqual(a, b, match)
        case (.date(let a), .date(let b)):
            return abs(a.timeIntervalSince1970 - b.timeIntervalSince1970) < 1e-3
        case (.data(let a), .data(let b)):
            return a == b
        default:
            return false
        }
    }

    /// Same members, counted, in any order; members compare exactly (approximately under `approx`).
    static func multisetEqual(_ a: [Value], _ b: [Value], _ match: Expectation.Match) -> Bool {
        let inner: Expectation.Match = match == .approx ? .approx : .exact
        guard a.count == b.count else { return false }
        var left = b
        for member in a {
            guard let index = left.firstIndex(where: { equal(member, $0, inner) }) else { return false }
            left.remove(at: index)
        }
        return true
    }

    static func numbersEqual(_ a: Double, _ b: Double, relative: Double) -> Bool {
        if a == b || (a.isNaN && b.isNaN) { return true }
        return abs(a - b) <= relative * max(abs(a), abs(b), 1e-300)
    }

    private static func double(_ value: Value) -> Double? {
        switch value {
        case .integer(let i): return Double(i)
        case .double(let d): return d
        case .decimal(let d): return d.isNaN ? .nan : NSDecimalNumber(decimal: d).doubleValue
        default: return nil
        }
    }

    private static func text(_ value: Value) -> String? {
        switch value {
        case .string(let text): return text
        case .object: return value.text
        default: return nil
        }
    }
}
