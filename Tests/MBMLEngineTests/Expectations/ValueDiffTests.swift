import Foundation
import XCTest

@testable import MBMLEngine

final class ValueDiffTests: XCTestCase {
    func testMatchingValuesHaveNoDiff() {
        XCTAssertEqual(ValueDiff.lines(expected: ["a": [1, 2]], actual: ["a": [1, 2]]), [])
        XCTAssertEqual(ValueDiff.lines(expected: [2, 1], actual: [1, 2], match: .set), [])
    }

    func testScalarsHaveNoDiff() {
        XCTAssertEqual(ValueDiff.lines(expected: .integer(6), actual: .integer(5)), [])
        XCTAssertEqual(ValueDiff.lines(expected: "5", actual: .integer(5)), [])
    }

    func testLineDiffOfMultilineStrings() {
        let diff = ValueDiff.lines(expected: "one\ntwo\nthree", actual: "one\n2\nthree\nfour")
        XCTAssertEqual(diff, ["  one", "- two", "+ 2", "  three", "+ four"])
    }

    func testLineDiffShortensLongUnchangedRuns() {
        let expected = (1...20).map(String.init)
        var actual = expected
        actual[9] = "ten"
        let diff = ValueDiff.lines(
            expected: .string(expected.joined(separator: "\n")),
            actual: .string(actual.joined(separator: "\n")))
        XCTAssertEqual(diff, ["…", "  7", "  8", "  9", "- 10", "+ ten", "  11", "  12", "  13", "…"])
    }

    func testOneLineStringsNameTheFirstDifference() {
        XCTAssertEqual(
            ValueDiff.lines(expected: "Barrett", actual: "Barry"),
            ["strings differ from character 5 on: expected \"ett\", got \"y\""])
        XCTAssertEqual(
            ValueDiff.lines(expected: "ab", actual: "abc"),
            ["strings differ from character 3 on: expected the end, got \"c\""])
    }

    func testPathDiffOfNestedStructures() {
        let expected: Value = ["name": "Barrett", "owners": ["Jill", "Evan"], "age": 3, "odd key": 1]
        let actual: Value = ["name": "Barrett", "owners": ["Jill", "Ev"], "species": "cat", "odd key": 2]
        XCTAssertEqual(
            ValueDiff.lines(expected: expected, actual: actual),
            [
                ".owners[1]: expected \"Evan\", got \"Ev\"",
                ".age: missing 3",
                "[\"odd key\"]: expected 1, got 2",
                ".species: unexpected \"cat\"",
            ])
    }

    func testPathDiffOfArraysOfDifferentLengths() {
        XCTAssertEqual(ValueDiff.lines(expected: [1, 2], actual: [1, 2, 3]), ["[2]: unexpected 3"])
        XCTAssertEqual(ValueDiff.lines(expected: [1, 2, 3], actual: [1]), ["[1]: missing 2", "[2]: missing 3"])
    }

    func testPathDiffOfSetsListsMembers() {
        XCTAssertEqual(
            ValueDiff.lines(expected: .set([1, 2, 3]), actual: [3, 4, 1]),
            ["top: missing member 2", "top: unexpected member 4"])
        XCTAssertEqual(
            ValueDiff.lines(expected: ["tags": [1, 2]], actual: ["tags": [2, 2]], match: .set),
            [".tags: missing member 1", ".tags: unexpected member 2"])
    }

    func testKindMismatchAtTheTop() {
        XCTAssertEqual(ValueDiff.lines(expected: [1], actual: ["k": 1]), ["top: expected [1], got {\"k\":1}"])
        XCTAssertEqual(
            ValueDiff.lines(expected: [1, 2], actual: .set([1, 2])),
            ["top: expected an array, got a set"])
    }

    func testLongPathDiffsAreCut() {
        let expected = Value.array((0..<30).map { .integer($0) })
        let actual = Value.array((0..<30).map { .integer($0 + 100) })
        let diff = ValueDiff.lines(expected: expected, actual: actual)
        XCTAssertEqual(diff.count, ValueDiff.maximumPathLines + 1)
        XCTAssertEqual(diff.last, "… and 10 more")
    }
}
