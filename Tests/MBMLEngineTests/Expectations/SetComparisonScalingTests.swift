import Foundation
import XCTest

@testable import MBMLEngine

/// Issue #20: `"compare": "set"` was quadratic (60,000 members took a minute) and ignored the time
/// budget. Members are now paired by hashing; what cannot be hashed is compared under the budget.
final class SetComparisonScalingTests: XCTestCase {
    private static let count = 60_000

    private func seconds(_ body: () -> Void) -> Double {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    func testSixtyThousandIdenticalMembersInReverseOrderMatchQuickly() {
        let members = (0..<Self.count).map { Value.integer($0) }
        let strings = (0..<Self.count).map { Value.string("member \($0)") }
        var matched = false, unmatched = true
        let time = seconds {
            matched =
                ValueMatcher.matches(.set(members), .array(members.reversed()), match: .set)
                && ValueMatcher.matches(.array(strings), .array(strings.reversed()), match: .set)
            unmatched = ValueMatcher.matches(
                .array(strings), .array(strings.dropLast() + [.string("other")]), match: .set)
        }
        XCTAssertTrue(matched)
        XCTAssertFalse(unmatched)
        XCTAssertLessThan(time, 10, "linear, not quadratic")
    }

    func testSixtyThousandMembersEqualOnlyWithinTheToleranceMatchQuickly() {
        // 0.1 * 3 is 0.30000000000000004: equal within 1e-9, not identical.
        let expected = (0..<Self.count).map { Value.decimal(Decimal($0) / 10) }
        let actual = (0..<Self.count).reversed().map { Value.double(Double($0) * 0.1) }
        let base = Date(timeIntervalSince1970: 1_400_000_000)
        let dates = (0..<Self.count).map { Value.date(base.addingTimeInterval(Double($0) * 0.01)) }
        let laterDates = dates.reversed().map {
            guard case .date(let date) = $0 else { return $0 }
            return Value.date(date.addingTimeInterval(0.0004))
        }
        let records = (0..<Self.count).map {
            Value.dictionary(["id": .integer($0), "price": .double(Double($0) * 0.1)])
        }
        let expectedRecords = (0..<Self.count).reversed().map {
            Value.dictionary(["id": .integer($0), "price": .decimal(Decimal($0) / 10)])
        }
        var results: [Bool] = []
        let time = seconds {
            results.append(ValueMatcher.matches(.array(expected), .array(actual), match: .set))
            results.append(ValueMatcher.matches(.array(expected), .array(actual), match: .approx) == false)
            results.append(ValueMatcher.matches(.set(dates), .array(laterDates), match: .exact))
            results.append(ValueMatcher.matches(.array(expectedRecords), .array(records), match: .set))
        }
        XCTAssertEqual(results, [true, true, true, true])
        XCTAssertLessThan(time, 20, "linear in the common case")
    }

    func testMembersLeftOverAreTheDifferenceLinesOfTheDiff() {
        let expected = (0..<Self.count).map { Value.integer($0) }
        let actual = (1...Self.count).reversed().map { Value.integer($0) }
        var lines: [String] = []
        let time = seconds {
            lines = ValueDiff.lines(expected: .set(expected), actual: .array(actual), match: .set)
        }
        XCTAssertEqual(lines, ["top: missing member 0", "top: unexpected member 60000"])
        XCTAssertLessThan(time, 10)
    }

    func testSixtyThousandMembersWithoutPartnerAreListedQuickly() {
        let expected = (0..<Self.count).map { Value.integer($0) }
        let actual = (0..<Self.count).map { Value.integer($0 + 100_000) }
        var lines: [String] = []
        let time = seconds {
            lines = ValueDiff.lines(expected: .array(expected), actual: .array(actual), match: .set)
        }
        XCTAssertEqual(lines.first, "top: missing member 0")
        XCTAssertEqual(lines.last, "… and 119980 more")
        XCTAssertLessThan(time, 10, "numbers without partner are not compared with every other member")
    }

    func testPairingStillFindsTolerantPartnersInsideStructuresAndSets() {
        let a: Value = .array([
            .dictionary(["x": .double(0.1 + 0.2)]), .set([.integer(1), .integer(2)]), .array([.double(1e-12)]),
        ])
        let b: Value = .array([
            .array([.integer(2), .integer(1)]), .array([.double(1.0000000001e-12)]),
            .dictionary(["x": .double(0.3)]),
        ])
        XCTAssertTrue(ValueMatcher.matches(a, b, match: .set))
        XCTAssertFalse(ValueMatcher.matches(b, a, match: .set), "an actual set is not an expected array's member")
        XCTAssertFalse(
            ValueMatcher.matches(
                .array([.integer(1), .integer(1), .integer(2)]), .array([.integer(1), .integer(2), .integer(2)]),
                match: .set))
    }

    func testTheTimeBudgetStopsASetComparisonThatCannotBeHashed() throws {
        // Sets inside sets have no near key: every member is compared with every other.
        let expected = (0..<20_000).map { Value.set([.integer($0), .string("s")]) }
        let actual = (0..<20_000).reversed().map { Value.array([.string("s"), .integer($0)]) }
        let environment = TestEnvironment.make()
        let checker = ExpectationChecker(environment: environment, timeLimit: 0.3)
        let expectation = Expectation(
            id: "big", expression: "$big", variables: [(name: "big", value: .array(actual))],
            expected: .value(.array(expected)), match: .set)
        var result: ExpectationResult?
        let time = seconds { result = checker.check(expectation) }
        XCTAssertLessThan(time, 10, "the budget stopped the comparison")
        XCTAssertEqual(result?.status, .failed)
        XCTAssertEqual(
            result?.reason,
            "the comparison with the expected value stopped: it ran longer than the time budget of 0.3 seconds")
        guard case .value? = result?.actual else { return XCTFail("the evaluation itself succeeded") }
    }
}
