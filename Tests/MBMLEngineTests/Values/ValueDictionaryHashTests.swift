import XCTest

@testable import MBMLEngine

/// A dictionary's hash agrees with its equality (order aside, a view of the text and the decoded
/// value alike) and tells dictionaries of one size apart, so hashing records is not quadratic.
final class ValueDictionaryHashTests: XCTestCase {
    func testEqualDictionariesHashAlikeWhateverTheirOrderOrStorage() throws {
        let text = #"{"b": [1, {"c": null}], "a": "x", "n": 2}"#
        let reordered = #"{"n": 2.0, "a": "x", "b": [1, {"c": null}]}"#
        let view = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(text)
        let other = try JSONCodec.decodePlain(reordered)
        XCTAssertEqual(view, decoded)
        XCTAssertEqual(decoded, other, "order and the spelling of a number do not count")
        XCTAssertEqual(view.hashValue, decoded.hashValue)
        XCTAssertEqual(decoded.hashValue, other.hashValue)
    }

    func testDictionariesOfOneSizeHashApart() throws {
        let records = try (0..<200).map { try JSONCodec.decodePlain(#"{"id": \#($0), "name": "n\#($0)"}"#) }
        XCTAssertEqual(Set(records).count, 200)
        let hashes = Set(records.map(\.hashValue))
        XCTAssertGreaterThan(hashes.count, 190, "two-entry records must not share one hash")
        let swapped = try JSONCodec.decodePlain(#"{"id": "n0", "name": 0}"#)
        XCTAssertNotEqual(swapped, records[0])
    }

    func testUniqueOverRecordsKeepsTheFirstOfEach() throws {
        let environment = Environment()
        let people = (0..<3000).map { #"{"id": \#($0 % 1000), "city": "c\#($0 % 1000)"}"# }
        let text = "[" + people.joined(separator: ",") + "]"
        environment.variables.declare("people", value: try JSONCodec.decodePlainLazily(Array(text.utf8)))
        XCTAssertEqual(try environment.evaluate("^count(^unique($people))", in: .object), .integer(1000))
        XCTAssertEqual(try environment.evaluate("^unique($people)[999].id", in: .object), .integer(999))
    }
}
