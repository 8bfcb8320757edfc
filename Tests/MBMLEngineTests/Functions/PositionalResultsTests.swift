import Foundation
import XCTest

@testable import MBMLEngine

/// The functions that return some of an array's elements, reordered or regrouped (`^subarray`,
/// `^removeLastObject`, `^removeObject`, `^groupArrayElements`, `^distributeArrayElements`,
/// `^sort`), take them by position: over a loaded document the result is a view of it holding
/// where the elements begin (8 bytes each, nothing decoded), and every answer is the one over the
/// same data decoded.
final class PositionalResultsTests: XCTestCase {
    private let text =
        "[" + (0..<300).map { #"{"id":\#($0),"name":"P\#($0 % 7)","tags":["t\#($0 % 3)"]}"# }.joined(separator: ",")
        + #","x",3,null,{"id":"last"}]"#

    func testResultsOfALoadedDocumentAreViewsAndAnswerAsTheDecodedData() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(Data(text.utf8))
        let expressions: [(String, Int)] = [
            ("^removeLastObject($people)", 303), ("^removeObject($people|x|3)", 303),
            ("^removeObject($people|x|3|4|5|6|7|8|9|10|11)", 303), ("^removeObject($people|y)", 304),
            ("^groupArrayElements($people|7)[2]", 7), ("^groupArrayElements($people|1000)[0]", 304),
            ("^distributeArrayElements($people|5)[4]", 60), ("^subarray($people|10|250)", 250),
            ("^sort($people|$item.name|desc)", 304),
        ]
        for (expression, count) in expressions {
            let environment = Environment()
            environment.variables.declare("people", value: loaded)
            let view = try XCTUnwrap(
                environment.evaluate(expression, in: .object, within: Evaluation())?.arrayValue, expression)
            XCTAssertTrue(view.isDocumentView, expression)
            XCTAssertEqual(view.heldBytes, count * 8, expression)
            for probe in [expression, "^count(\(expression))", "^list(\(expression)|$item.id)"] {
                let fromView = PeopleOutcome.of(probe, people: loaded, workers: 1) { _ in 0 }.0
                let fromDecoded = PeopleOutcome.of(probe, people: decoded, workers: 1) { _ in 0 }.0
                XCTAssertEqual(fromView, fromDecoded, probe)
            }
        }
        // Listed items of any kind, compared or hashed: the kept elements are the decoded data's.
        for items in ["P1", "{\"id\":\"last\"}", "^dictionary(id|last)", "null"] {
            let probe = "^removeObject($people|\(items))"
            XCTAssertEqual(
                PeopleOutcome.of(probe, people: loaded, workers: 1) { _ in 0 }.0,
                PeopleOutcome.of(probe, people: decoded, workers: 1) { _ in 0 }.0, probe)
        }
    }
}
