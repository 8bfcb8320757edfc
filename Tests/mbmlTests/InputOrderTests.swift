import XCTest

@testable import mbml

/// `--manifest` and `--data` load in command-line order: ``InputOrder`` recovers the order that
/// swift-argument-parser's separate arrays lose.
final class InputOrderTests: XCTestCase {
    private func kinds(_ arguments: [String], manifests: Int, data: Int) -> [InputOrder.Kind]? {
        InputOrder.kinds(in: arguments, manifestCount: manifests, dataCount: data)
    }

    func testTheOptionsInterleaveAsWritten() {
        let arguments = ["eval", "--data", "a=a.json", "--manifest", "m.xml", "--data", "b=b.json", "$a"]
        XCTAssertEqual(kinds(arguments, manifests: 1, data: 2), [.data, .manifest, .data])
    }

    func testTheEqualsFormsCountAndTheirValuesAreNotReadAsOptions() {
        let arguments = ["--manifest=m.xml", "--data=x=x.json", "--manifest", "n.xml"]
        XCTAssertEqual(kinds(arguments, manifests: 2, data: 1), [.manifest, .data, .manifest])
    }

    func testAValueSpelledLikeAnOptionIsSkipped() {
        // The value of `--data` is `--manifest` here (a file named so), not a second option.
        XCTAssertEqual(
            kinds(["--data", "--manifest", "--manifest", "m.xml"], manifests: 1, data: 1), [.data, .manifest])
    }

    func testNothingAfterADoubleDashCounts() {
        XCTAssertEqual(kinds(["--manifest", "m.xml", "--", "--data"], manifests: 1, data: 0), [.manifest])
    }

    func testOtherOptionsAndArgumentsAreIgnored() {
        XCTAssertEqual(kinds(["--context", "all", "--manifest-x", "$x", "--datafile"], manifests: 0, data: 0), [])
    }

    func testCountsThatDisagreeWithTheParserGiveNil() {
        XCTAssertNil(kinds(["--manifest", "m.xml"], manifests: 2, data: 0))
        XCTAssertNil(kinds(["--manifest", "m.xml", "--data", "d.json"], manifests: 1, data: 0))
        // `--` stops the scan, so an option after it is not seen although the parser saw it.
        XCTAssertNil(kinds(["--", "--data", "d.json"], manifests: 0, data: 1))
    }
}
