import Foundation

/// A hashable stand-in for a value, so that the members of two sets can be paired by hashing
/// instead of comparing every member with every other.
///
/// An **exact** key is the same for two values only when they match under `exact` (and so also
/// under `approx`): numbers by their `Double` value (an integer `5` and a double `5.0` share a
/// key), dates by their instant, strings by their code points. Values that match only within a
/// tolerance (`0.3` and `0.1 + 0.2`) have different exact keys.
///
/// A **near** key rounds what tolerances apply to: numbers to their first ten bits (about three
/// digits), dates to the second. Two values that match nearly always share it; the rare pair on
/// either side of a rounding step does not, so a member whose near group holds no partner is
/// compared with all the others. Values containing a set have no near key: an expected set also
/// matches an actual array.
indirect enum MatchKey: Hashable {
    case null
    case boolean(Bool)
    case number(Double)
    case notANumber
    /// A finite non-zero number rounded: sign, binary exponent and the top ten significand bits.
    case nearNumber(Bool, Int, UInt64)
    case string([UInt8])
    case date(TimeInterval)
    /// A date rounded down to the second.
    case nearDate(Int64)
    case data(Data)
    case array([MatchKey])
    case dictionary([String: MatchKey])
    /// The members' keys, counted (exact keys only).
    case set([MatchKey: Int])

    /// The exact key of `value` (`nil`, no value, is `null`).
    init(exact value: Value?) {
        // Every value has an exact key: `init(value, exact: true)` never returns nil.
        self = Self(value, exact: true) ?? .null
    }

    /// The near key of `value`, or nil when it contains a set.
    init?(near value: Value?) {
        self.init(value, exact: false)
    }

    private init?(_ value: Value?, exact: Bool) {
        guard let value else {
            self = .null
            return
        }
        switch value {
        case .null: self = .null
        case .boolean(let flag): self = .boolean(flag)
        case .integer, .decimal, .double, .bigInteger:
            let number = ValueMatcher.double(value) ?? .nan
            if number.isNaN {
                self = .notANumber
            } else if exact || number == 0 || !number.isFinite {
                self = .number(number == 0 ? 0 : number)
            } else {
                self = .nearNumber(number.sign == .minus, Int(number.exponent), number.significandBitPattern >> 42)
            }
        case .string, .object: self = .string(Array((ValueMatcher.text(value) ?? "").utf8))
        case .date(let date):
            let seconds = date.timeIntervalSince1970
            self = exact || !(abs(seconds) < 1e15) ? .date(seconds) : .nearDate(Int64(seconds.rounded(.down)))
        case .data(let data): self = .data(data)
        case .array(let elements):
            var keys: [MatchKey] = []
            keys.reserveCapacity(elements.count)
            for element in elements {
                guard let key = MatchKey(element, exact: exact) else { return nil }
                keys.append(key)
            }
            self = .array(keys)
        case .dictionary(let entries):
            var keys: [String: MatchKey] = [:]
            keys.reserveCapacity(entries.count)
            for (name, element) in entries {
                guard let key = MatchKey(element, exact: exact) else { return nil }
                keys[name] = key
            }
            self = .dictionary(keys)
        case .set(let members):
            guard exact else { return nil }
            var counts: [MatchKey: Int] = [:]
            for member in members { counts[MatchKey(exact: member), default: 0] += 1 }
            self = .set(counts)
        }
    }
}
