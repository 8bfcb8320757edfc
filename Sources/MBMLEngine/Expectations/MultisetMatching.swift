import Foundation

/// Pairs the members of an expected and an actual collection compared as multisets (each member
/// matched once, in any order), in time linear in the common case.
///
/// Members are paired in three rounds:
/// 1. members with the same exact ``MatchKey`` (identical values), by hashing;
/// 2. the numbers left, and then the dates left, sorted: matching within a tolerance is then a
///    walk along both sorted lists;
/// 3. the rest, compared one by one, first with the members of the same near ``MatchKey`` (a
///    member no near partner matches is compared with all that are left: this is the slow path,
///    taken by members without a partner, pairs on either side of a rounding step and sets
///    inside sets).
///
/// Every round counts its steps on the comparer, which stops the matching (by throwing) when its
/// cancellation check says so.
struct MultisetMatching {
    /// Indexes of the expected members left unmatched, ascending.
    private(set) var unmatchedExpected: [Int] = []
    /// Indexes of the actual members left unmatched, ascending.
    private(set) var unmatchedActual: [Int] = []

    /// Whether a round found a member without partner (and stopped, if asked to).
    private var failed = false

    /// True when every member found its partner.
    var isComplete: Bool { !failed && unmatchedExpected.isEmpty && unmatchedActual.isEmpty }

    /// Matches `expected` against `actual` with `comparer` (a member comparer: members compare
    /// exactly, or approximately under `approx`). With `stopsAtFirstMismatch` the matching ends as
    /// soon as it is known to be incomplete (the unmatched lists are then partial).
    /// - Throws: ``ComparisonInterrupted`` when the comparer is cancelled.
    init(
        expected: [Value], actual: [Value], comparer: inout ValueComparer, stopsAtFirstMismatch: Bool
    ) throws {
        if stopsAtFirstMismatch, expected.count != actual.count {
            unmatchedExpected = Array(expected.indices)
            unmatchedActual = Array(actual.indices)
            return
        }
        var round = try Self.pairIdentical(expected, actual, comparer: &comparer)
        if !round.failed {
            let tolerance = comparer.relativeTolerance
            round = try Self.pairSorted(
                round, comparer: &comparer, stopsAtFirstMismatch: stopsAtFirstMismatch,
                value: { ValueMatcher.double($0).flatMap { $0.isNaN ? nil : $0 } },
                equal: { ValueMatcher.numbersEqual($0, $1, relative: tolerance) },
                expected: expected, actual: actual)
        }
        if !round.failed {
            round = try Self.pairSorted(
                round, comparer: &comparer, stopsAtFirstMismatch: stopsAtFirstMismatch,
                value: { if case .date(let date) = $0 { return date.timeIntervalSince1970 } else { return nil } },
                equal: ValueComparer.datesEqual,
                expected: expected, actual: actual)
        }
        if !round.failed {
            round = try Self.pairRest(
                round, expected: expected, actual: actual, comparer: &comparer,
                stopsAtFirstMismatch: stopsAtFirstMismatch)
        }
        unmatchedExpected = (round.left + round.settledLeft).sorted()
        unmatchedActual = (round.right + round.settledRight).sorted()
        failed = round.failed
    }

    /// What a round leaves: the indexes not paired yet on each side, those known to have no
    /// partner, and whether the matching is known to be incomplete (after which, when stopping at
    /// the first mismatch, no round runs).
    private struct Round {
        var left: [Int]
        var right: [Int]
        var settledLeft: [Int] = []
        var settledRight: [Int] = []
        var failed = false
    }

    /// Round 1: pairs members with the same exact key. Returns the indexes left on each side.
    private static func pairIdentical(
        _ expected: [Value], _ actual: [Value], comparer: inout ValueComparer
    ) throws -> Round {
        var buckets: [MatchKey: [Int]] = [:]
        buckets.reserveCapacity(actual.count)
        for index in actual.indices.reversed() {
            try comparer.step()
            buckets[MatchKey(exact: actual[index]), default: []].append(index)
        }
        var left: [Int] = []
        for (index, member) in expected.enumerated() {
            try comparer.step()
            if buckets[MatchKey(exact: member)]?.popLast() == nil { left.append(index) }
        }
        let right = buckets.values.flatMap { $0 }.sorted()
        return Round(left: left, right: right)
    }

    /// Round 2: pairs the members that `value` maps to a number (numbers, or dates) by walking both
    /// sorted lists. Members it maps to nil are passed on; those that find no partner are settled
    /// as unmatched (every member they could match was in the walk).
    private static func pairSorted(
        _ round: Round, comparer: inout ValueComparer, stopsAtFirstMismatch: Bool,
        value: (Value) -> Double?, equal: (Double, Double) -> Bool,
        expected: [Value], actual: [Value]
    ) throws -> Round {
        var restLeft: [Int] = [], restRight: [Int] = []
        var settled = (left: round.settledLeft, right: round.settledRight)
        var sortedLeft: [(Double, Int)] = [], sortedRight: [(Double, Int)] = []
        for index in round.left {
            if let number = value(expected[index]) {
                sortedLeft.append((number, index))
            } else {
                restLeft.append(index)
            }
        }
        for index in round.right {
            if let number = value(actual[index]) {
                sortedRight.append((number, index))
            } else {
                restRight.append(index)
            }
        }
        guard !sortedLeft.isEmpty || !sortedRight.isEmpty else { return round }
        sortedLeft.sort { $0.0 < $1.0 }
        sortedRight.sort { $0.0 < $1.0 }
        var i = 0, j = 0
        while i < sortedLeft.count || j < sortedRight.count {
            try comparer.step()
            if i < sortedLeft.count, j < sortedRight.count, equal(sortedLeft[i].0, sortedRight[j].0) {
                i += 1
                j += 1
                continue
            }
            if stopsAtFirstMismatch {
                return Round(left: round.left, right: round.right, failed: true)
            }
            // The smaller of the two can match nothing further on: tolerance windows grow with
            // the numbers.
            if j >= sortedRight.count || (i < sortedLeft.count && sortedLeft[i].0 < sortedRight[j].0) {
                settled.left.append(sortedLeft[i].1)
                i += 1
            } else {
                settled.right.append(sortedRight[j].1)
                j += 1
            }
        }
        return Round(
            left: restLeft, right: restRight, settledLeft: settled.left, settledRight: settled.right)
    }

    /// Round 3: compares what is left one by one: first with the members of the same near key
    /// (and those without one), then, when none matched, with all the others.
    private static func pairRest(
        _ round: Round, expected: [Value], actual: [Value],
        comparer: inout ValueComparer, stopsAtFirstMismatch: Bool
    ) throws -> Round {
        guard !round.left.isEmpty, !round.right.isEmpty else { return round }
        var groups: [MatchKey: [Int]] = [:]
        var loose: [Int] = []
        for index in round.right {
            try comparer.step()
            if let key = MatchKey(near: actual[index]) {
                groups[key, default: []].append(index)
            } else {
                loose.append(index)
            }
        }
        var unmatched: [Int] = []
        for index in round.left {
            let member = expected[index]
            let near = MatchKey(near: member)
            var found = false
            if let near, groups[near] != nil {
                found = try Self.take(member, from: &groups[near, default: []], in: actual, comparer: &comparer)
            }
            if !found { found = try Self.take(member, from: &loose, in: actual, comparer: &comparer) }
            if !found {
                // The slow path: a member without partner, or one across a rounding step.
                for key in Array(groups.keys) where !found && key != near {
                    found = try Self.take(member, from: &groups[key, default: []], in: actual, comparer: &comparer)
                }
            }
            if !found {
                unmatched.append(index)
                if stopsAtFirstMismatch { return Round(left: unmatched, right: [], failed: true) }
            }
        }
        let rest = groups.values.flatMap { $0 } + loose
        return Round(
            left: unmatched, right: rest, settledLeft: round.settledLeft, settledRight: round.settledRight)
    }

    /// Removes from `candidates` the first one `member` equals; false when there is none.
    private static func take(
        _ member: Value, from candidates: inout [Int], in actual: [Value], comparer: inout ValueComparer
    ) throws -> Bool {
        for (position, index) in candidates.enumerated() where try comparer.equal(member, actual[index]) {
            candidates.remove(at: position)
            return true
        }
        return false
    }
}
