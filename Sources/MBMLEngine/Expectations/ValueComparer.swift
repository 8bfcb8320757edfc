import Foundation

/// A comparison stopped because its cancellation check said so (a time budget ran out).
struct ComparisonInterrupted: Error {}

/// Structural equality of two values under `exact`, `set` or `approx` matching (the rules of
/// ``Expectation/Match``), asking `isCancelled` now and then so that a long comparison can be
/// stopped.
struct ValueComparer {
    let match: Expectation.Match
    let isCancelled: () -> Bool
    /// Steps taken since the last time `isCancelled` was asked.
    private var steps = 0

    init(match: Expectation.Match, isCancelled: @escaping () -> Bool) {
        self.match = match
        self.isCancelled = isCancelled
    }

    /// How numbers are matched: within a relative 1e-6 under `approx`, 1e-9 otherwise.
    var relativeTolerance: Double { match == .approx ? 1e-6 : 1e-9 }

    /// The comparer for the members of a multiset: members compare exactly (approximately under
    /// `approx`).
    var memberComparer: ValueComparer {
        var inner = ValueComparer(match: match == .approx ? .approx : .exact, isCancelled: isCancelled)
        inner.steps = steps
        return inner
    }

    /// Counts one step of work and asks `isCancelled` every 256 steps (asking reads a clock).
    /// - Throws: ``ComparisonInterrupted`` when cancelled.
    mutating func step() throws {
        steps += 1
        if steps & 255 == 0, isCancelled() { throw ComparisonInterrupted() }
    }

    /// Whether `actual` equals `expected`.
    /// - Throws: ``ComparisonInterrupted`` when cancelled.
    mutating func equal(_ expected: Value?, _ actual: Value?) throws -> Bool {
        try step()
        let expectedKind = EncodedKind(of: expected), actualKind = EncodedKind(of: actual)
        if expectedKind == .null || actualKind == .null { return expectedKind == actualKind }
        if expectedKind == .boolean || actualKind == .boolean {
            guard case .boolean(let a)? = expected, case .boolean(let b)? = actual else { return false }
            return a == b
        }
        if expectedKind == .number || actualKind == .number {
            guard expectedKind == actualKind, let a = expected.flatMap(ValueMatcher.double),
                let b = actual.flatMap(ValueMatcher.double)
            else { return false }
            return ValueMatcher.numbersEqual(a, b, relative: relativeTolerance)
        }
        if expectedKind == .string || actualKind == .string {
            guard expectedKind == actualKind, let a = expected.flatMap(ValueMatcher.text),
                let b = actual.flatMap(ValueMatcher.text)
            else { return false }
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        }
        guard let expected = expected, let actual = actual else { return false }
        if expectedKind.isTagged || actualKind.isTagged {
            return try taggedEqual(expected, actual)
        }
        switch (expected, actual) {
        case (.array(let a), .array(let b)):
            if match == .set { return try multisetEqual(a, b) }
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y)) { return false }
            return true
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in a {
                guard let other = b[key], try equal(value, other) else { return false }
            }
            return true
        default:
            return false
        }
    }

    private mutating func taggedEqual(_ expected: Value, _ actual: Value) throws -> Bool {
        switch (expected, actual) {
        case (.set(let a), .set(let b)), (.set(let a), .array(let b)):
            return try multisetEqual(a, b)
        case (.array(let a), .set(let b)) where match == .set:
            return try multisetEqual(a, b)
        case (.date(let a), .date(let b)):
            return Self.datesEqual(a.timeIntervalSince1970, b.timeIntervalSince1970)
        case (.data(let a), .data(let b)):
            return a == b
        default:
            return false
        }
    }

    /// Same members, counted, in any order (see ``MultisetMatching``).
    private mutating func multisetEqual(_ a: ValueArray, _ b: ValueArray) throws -> Bool {
        guard a.count == b.count else { return false }
        var inner = memberComparer
        defer { steps = inner.steps }
        return try MultisetMatching(expected: Array(a), actual: Array(b), comparer: &inner, stopsAtFirstMismatch: true)
            .isComplete
    }

    /// Dates match within a millisecond.
    static func datesEqual(_ a: TimeInterval, _ b: TimeInterval) -> Bool {
        abs(a - b) < 1e-3
    }
}
