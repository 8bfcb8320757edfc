import XCTest

@testable import mbml

/// Options anywhere on the line (issue 32): the command's own options written after `--compare`
/// are moved before it; the second space keeps its manifest and its space options.
final class CompareArgumentsTests: XCTestCase {
    func testTheInspectorsOwnOptionsMoveBeforeCompare() {
        XCTAssertEqual(
            CompareArguments.reorder([
                "a.xml", "--compare", "b.xml", "--data", "r=r2.json", "--theme", "light", "--no-lessons",
                "--expr", "$x",
            ]),
            ["a.xml", "--theme", "light", "--no-lessons", "--expr", "$x", "--compare", "b.xml", "--data", "r=r2.json"])
    }

    func testChecksOwnOptionsAndFilesMoveBeforeCompare() {
        XCTAssertEqual(
            CompareArguments.reorder([
                "check", "--manifest", "a.xml", "--compare", "--manifest", "b.xml", "--format", "json", "t.jsonl",
                "--timeout=5", "--env",
            ]),
            [
                "check", "--manifest", "a.xml", "--format", "json", "t.jsonl", "--timeout=5", "--compare", "--manifest",
                "b.xml", "--env",
            ])
    }

    func testANegativeNumberIsAValue() {
        XCTAssertEqual(
            CompareArguments.reorder(["a.xml", "--compare", "b.xml", "--refresh", "-1"]),
            ["a.xml", "--refresh", "-1", "--compare", "b.xml"])
    }

    func testWithoutCompareNothingMoves() {
        let line = ["eval", "--data", "x=-", "$x"]
        XCTAssertEqual(CompareArguments.reorder(line), line)
    }
}
