import Foundation
import XCTest

@testable import MBMLEngine

/// The matching rules of the conformance runner (`run.py`), applied to values.
final class ValueMatcherTests: XCTestCase {
    private func matches(_ expected: Value?, _ actual: Value?, _ match: Expectation.Match = .exact) -> Bool {
        ValueMatcher.matches(expected, actual, match: match)
    }

    func testNullAndNoValueAreTheSame() {
        XCTAssertTrue(matches(.null, nil))
        XCTAssertTrue(matches(nil, .null))
        XCTAssertFalse(matches(.null, ""))
        XCTAssertFalse(matches(.null, .integer(0)))
    }

    func testBooleansAreNotNumbersAndNumbersAreNotStrings() {
        XCTAssertTrue(matches(true, .boolean(true)))
        XCTAssertFalse(matches(true, .integer(1)))
        XCTAssertFalse(matches(.integer(0), .boolean(false)))
        XCTAssertFalse(matches(.integer(5), "5"))
        XCTAssertFalse(matches("5", .decimal(5)))
    }

    func testNumbersOfAnyKindMatchWithinTolerance() throws {
        XCTAssertTrue(matches(.integer(5), .decimal(5)))
        XCTAssertTrue(matches(.double(0.1), .decimal(try XCTUnwrap(Decimal(string: "0.1")))))
        XCTAssertTrue(matches(.double(1), .double(1 + 1e-12)))
        XCTAssertFalse(matches(.double(1), .double(1 + 1e-7)))
        XCTAssertTrue(matches(.double(1), .double(1 + 1e-7), .approx))
        XCTAssertFalse(matches(.double(1), .double(1 + 1e-5), .approx))
        XCTAssertTrue(matches(.double(.nan), .double(.nan)))
        XCTAssertTrue(matches(.double(.infinity), .double(.infinity)))
    }

    func testStringsCompareCodePoints() {
        XCTAssertTrue(matches("Barrett", "Barrett"))
        XCTAssertFalse(matches("é", "e\u{301}"), "canonically equivalent but different code points")
    }

    func testArraysKeepOrderUnlessSetMode() {
        XCTAssertTrue(matches([1, 2], [1, 2]))
        XCTAssertFalse(matches([1, 2], [2, 1]))
        XCTAssertTrue(matches([1, 2, 2], [2, 1, 2], .set))
        XCTAssertFalse(matches([1, 2, 2], [2, 1, 1], .set), "members are counted")
        XCTAssertFalse(matches([[1, 2]], [[2, 1]], .set), "members of a multiset compare exactly")
        XCTAssertTrue(matches(["a": [1, 2]], ["a": [2, 1]], .set), "arrays in dictionaries ignore order")
    }

    func testDictionariesIgnoreKeyOrder() {
        XCTAssertTrue(matches(["a": 1, "b": 2], ["b": 2, "a": 1]))
        XCTAssertFalse(matches(["a": 1], ["a": 1, "b": 2]))
        XCTAssertFalse(matches(["a": 1], ["a": 2]))
    }

    func testExpectedSetMatchesArrayInAnyOrder() {
        XCTAssertTrue(matches(.set([1, 2, 3]), [3, 1, 2]))
        XCTAssertTrue(matches(.set([1, 2]), .set([2, 1])))
        XCTAssertFalse(matches([1, 2], .set([1, 2])), "an expected array does not match a set in exact mode")
        XCTAssertTrue(matches([2, 1], .set([1, 2]), .set))
        XCTAssertFalse(matches(.set([1]), ["a": 1]))
    }

    func testDatesWithinAMillisecondAndData() {
        let date = Date(timeIntervalSince1970: 1_422_936_306)
        XCTAssertTrue(matches(.date(date), .date(date.addingTimeInterval(0.0004))))
        XCTAssertFalse(matches(.date(date), .date(date.addingTimeInterval(0.002))))
        XCTAssertTrue(matches(.data(Data([1, 2])), .data(Data([1, 2]))))
        XCTAssertFalse(matches(.data(Data([1, 2])), .data(Data([1]))))
        XCTAssertFalse(matches(.date(date), .data(Data())))
    }

    func testTypeModeComparesOnlyTheKind() {
        XCTAssertTrue(matches(.integer(0), .double(3.5), .type))
        XCTAssertTrue(matches("", "anything", .type))
        XCTAssertFalse(matches(.integer(0), .boolean(true), .type))
        XCTAssertTrue(matches(.set([]), .set([1]), .type))
        XCTAssertFalse(matches(.set([]), [1], .type))
        XCTAssertTrue(matches(.null, nil, .type))
        XCTAssertTrue(matches(.date(Date()), .date(Date(timeIntervalSince1970: 0)), .type))
    }

    func testNonEmptyMode() {
        XCTAssertTrue(matches(nil, "x", .nonempty))
        XCTAssertFalse(matches(nil, "", .nonempty))
        XCTAssertFalse(matches(nil, [], .nonempty))
        XCTAssertTrue(matches(nil, [1], .nonempty))
        XCTAssertTrue(matches(nil, ["k": 1], .nonempty))
        XCTAssertFalse(matches(nil, .set([]), .nonempty))
        XCTAssertFalse(matches(nil, .integer(1), .nonempty))
        XCTAssertFalse(matches(nil, nil, .nonempty))
        XCTAssertTrue(matches(nil, .date(Date()), .nonempty))
    }
}
