import Foundation
import XCTest

@testable import MBMLEngine

/// Comparisons (<doc:ContextsAndCoercions>): the equality and ordering tables through expressions, then the rules
/// through the `Comparison` API.
final class ComparisonTests: ExpressionTestCase {
    // MARK: <doc:ContextsAndCoercions> equality table

    func testEqualityTable() {
        env.variables.declare("other", value: nil)
        let table: [(String, Bool)] = [
            ("$count == 3", true),
            ("3 == $count", true),
            ("$count == 3.0", true),
            ("$count == 03", true),
            ("$five == 5", true),
            ("$five == 5.0", false),
            ("5 == 5.0", false),
            ("#(5) == 5.0", true),
            ("$zero == abc", true),
            ("$name == Cooper", true),
            ("$name == cooper", false),
            ("$missing == $other", true),
            ("$missing == 0", false),
            ("^array(a|b) == ^array(a|b)", true),
            ("^array($count) == ^array(3)", false),
            ("^dictionary($one|$one|$two|$two) == ^dictionary($two|$two|$one|$one)", true),
        ]
        for (expression, expected) in table {
            assertBoolean(expression, expected)
        }
    }

    func testInequalityIsExactNegation() {
        for expression in ["$count != 3", "$five -NE 5", "$missing != $other", "^array(a) != ^array(a)"] {
            assertBoolean(expression, false)
        }
        for expression in ["$five != 5.0", "$missing -NE 0", "$name != cooper"] {
            assertBoolean(expression, true)
        }
    }

    func testBooleanValuesAreNumbers() {
        assertBoolean("$yes == 1", true)
        assertBoolean("$no == 0", true)
        assertBoolean("$yes == $count", false)
        assertBoolean("#(1) == $yes", true)
        assertBoolean("$yes == T", false, "T parses as 0")
    }

    func testNullVersusEmptyString() {
        assertBoolean("$missing == ^q()", true, "^q() is nothing, recorded as NULL")
        env.variables.declare("empty", value: "")
        assertBoolean("$missing == $empty", false)
        assertBoolean("$nullValue == $missing", true)
    }

    // MARK: <doc:ContextsAndCoercions> ordering table

    func testOrderingTable() {
        env.variables.declare("ten", value: .integer(10))
        env.variables.declare("nine", value: "9")
        let table: [(String, Bool)] = [
            ("A < B", true), ("B > A", true), ("A <= A", true), ("C >= A", true),
            ("a < B", true), ("a < A", true), ("apple < Banana", true),
            ("10 > 9", false),
            ("6 <= 7", true),
            ("$ten > 9", true),
            ("$nine < 10", false),
            ("#($nine) < 10", false),
            ("#($nine + 0) < 10", true),
            ("$missing < 5", true), ("$missing < -100", true),
            ("$missing >= $missing", true),
            ("$count > abc", true),
            ("^array(a) < ^array(b)", false), ("^array(a) <= ^array(b)", true),
        ]
        for (expression, expected) in table {
            assertBoolean(expression, expected)
        }
    }

    func testStringCollationIgnoresCaseFirst() {
        assertBoolean("B > a", true)
        assertBoolean("A > a", true)
        assertBoolean("Banana > apple", true)
        assertBoolean("abc < abd", true)
        assertBoolean("abc < ABD", true)
        assertBoolean("2 < 10", false, "no numeric ordering between strings")
    }

    func testNumbersCompareNumerically() {
        assertBoolean("#(10) > #(9)", true)
        assertBoolean("$count < $ten", true)
        assertBoolean("$decimalValue < $count", true)
        assertBoolean("$decimalValue >= 2.5", true)
        assertBoolean("$count >= 3", true)
        assertBoolean("$count <= 2", false)
    }

    // MARK: <doc:ContextsAndCoercions> through the API

    func testEqualityRules() {
        XCTAssertTrue(Comparison.isEqual(nil, nil))
        XCTAssertFalse(Comparison.isEqual(nil, .null))
        XCTAssertTrue(Comparison.isEqual(.null, .null))
        XCTAssertFalse(Comparison.isEqual(.null, ""))
        XCTAssertFalse(Comparison.isEqual(.null, .integer(0)))
        XCTAssertFalse(Comparison.isEqual(.integer(0), .null))
        // Number against text: the text's double parse.
        XCTAssertTrue(Comparison.isEqual(.integer(3), "3"))
        XCTAssertTrue(Comparison.isEqual("3 apples", .integer(3)))
        XCTAssertTrue(Comparison.isEqual(.integer(0), "abc"))
        XCTAssertTrue(Comparison.isEqual(.integer(1000), "1e3"))
        XCTAssertTrue(Comparison.isEqual(.double(2.5), "2.5"))
        // Number against number, whatever the kind.
        XCTAssertTrue(Comparison.isEqual(.integer(1), .decimal(1)))
        XCTAssertTrue(Comparison.isEqual(.double(1.0), .decimal(1)))
        XCTAssertTrue(Comparison.isEqual(.boolean(true), .integer(1)))
        XCTAssertFalse(Comparison.isEqual(.boolean(true), .integer(2)))
        // Same kinds.
        XCTAssertTrue(Comparison.isEqual("Cooper", "Cooper"))
        XCTAssertFalse(Comparison.isEqual("Cooper", "cooper"))
        XCTAssertFalse(Comparison.isEqual("5", "5.0"))
    }

    func testCollectionsCompareWithoutCoercion() {
        XCTAssertTrue(Comparison.isEqual(["a", .integer(1)], ["a", .decimal(1)]))
        XCTAssertFalse(Comparison.isEqual([.integer(3)], ["3"]))
        XCTAssertFalse(Comparison.isEqual(["a"], ["a", "b"]))
        XCTAssertTrue(Comparison.isEqual(["a": "1", "b": "2"], ["b": "2", "a": "1"]))
        XCTAssertFalse(Comparison.isEqual(["a": .integer(1)], ["a": "1"]))
        XCTAssertFalse(Comparison.isEqual(["a": "1"], ["b": "1"]))
        XCTAssertTrue(Comparison.isEqual(Value.makeSet(["a", "b"]), Value.makeSet(["b", "a"])))
        XCTAssertFalse(Comparison.isEqual(["a"], Value.makeSet(["a"])), "different kinds")
        XCTAssertTrue(Comparison.isEqual([.null], [.null]))
    }

    func testDatesAndData() {
        let now = Date(timeIntervalSince1970: 1000)
        XCTAssertTrue(Comparison.isEqual(.date(now), .date(Date(timeIntervalSince1970: 1000))))
        XCTAssertFalse(Comparison.isEqual(.date(now), .date(now.addingTimeInterval(1))))
        XCTAssertTrue(Comparison.isEqual(.data(Data([1, 2])), .data(Data([1, 2]))))
        XCTAssertFalse(Comparison.isEqual(.data(Data([1, 2])), .data(Data([2, 1]))))
        XCTAssertEqual(Comparison.compare(.date(now), .date(now.addingTimeInterval(1))), .orderedAscending)
    }

    /// <doc:ContextsAndCoercions> Port: code-unit equality, not canonical equivalence.
    func testStringEqualityIsCodeUnitExact() {
        let precomposed = "\u{E9}"
        let decomposed = "e\u{301}"
        XCTAssertEqual(precomposed, decomposed, "Swift's == says they are equal")
        XCTAssertFalse(Comparison.isEqual(.string(precomposed), .string(decomposed)))
        env.variables.declare("composed", value: .string(precomposed))
        env.variables.declare("decomposedText", value: .string(decomposed))
        assertBoolean("$composed == $decomposedText", false)
        assertBoolean("$composed != $decomposedText", true)
        assertBoolean("$composed == $composed", true)
    }

    // MARK: <doc:ContextsAndCoercions> through the API

    func testOrderingRules() {
        XCTAssertEqual(Comparison.compare(nil, nil), .orderedSame)
        XCTAssertEqual(Comparison.compare(.null, .null), .orderedSame)
        XCTAssertEqual(Comparison.compare(.null, .integer(-100)), .orderedAscending)
        XCTAssertEqual(Comparison.compare(.integer(-100), .null), .orderedDescending)
        XCTAssertEqual(Comparison.compare(.null, "a"), .orderedAscending)
        XCTAssertEqual(Comparison.compare("10", "9"), .orderedAscending)
        XCTAssertEqual(Comparison.compare(.integer(10), "9"), .orderedDescending)
        XCTAssertEqual(Comparison.compare(.integer(3), .decimal(3)), .orderedSame)
        XCTAssertEqual(Comparison.compare(.double(2.5), .integer(3)), .orderedAscending)
        XCTAssertEqual(Comparison.compare(["a"], ["b"]), .orderedSame, "both texts parse to 0")
        XCTAssertEqual(Comparison.compare(["a"], .integer(1)), .orderedAscending)
        XCTAssertEqual(Comparison.compare(.boolean(true), .integer(0)), .orderedDescending)
    }

    func testLocalizedStringOrdering() {
        XCTAssertEqual(Comparison.compareStrings("a", "B"), .orderedAscending)
        XCTAssertEqual(Comparison.compareStrings("a", "A"), .orderedAscending)
        XCTAssertEqual(Comparison.compareStrings("A", "a"), .orderedDescending)
        XCTAssertEqual(Comparison.compareStrings("apple", "Banana"), .orderedAscending)
        XCTAssertEqual(Comparison.compareStrings("same", "same"), .orderedSame)
        XCTAssertEqual(Comparison.compareStrings("10", "9"), .orderedAscending)
    }

    // MARK: <doc:Quirks> quirk checklist (comparison items)

    func testQuirk10_NumbersWrittenInBooleanExpressionsAreStrings() {
        assertBoolean("10 > 9", false)
        assertBoolean("5 == 5.0", false)
    }

    func testQuirk11_NullSortsFirstAndEqualsOnlyNull() {
        assertBoolean("$missing == 0", false)
        assertBoolean("$missing < 5", true)
        assertBoolean("$missing == $nullValue", true)
    }

    func testQuirk30_StringEqualityIsCodeUnitExact() {
        XCTAssertFalse(Comparison.isEqual(.string("\u{E9}"), .string("e\u{301}")))
        XCTAssertTrue(Comparison.isEqual(.string("\u{E9}"), .string("\u{E9}")))
    }
}
