import Foundation
import XCTest

@testable import MBMLEngine

/// `^reduce($people|0|#($currentValue + $item.key…))` over a loaded document, run as a sum
/// (``ReduceSum``) on several workers, reads each whole number written plainly from the item's text
/// (``ItemTextPath``, ``JSONBytes/plainInteger(_:at:end:)``) and evaluates the rest: the answer and
/// the log are the serial fold's (one worker) and those over the same data decoded, for numbers
/// written every way, texts, booleans, null, missing keys, containers, items that are not objects,
/// objects too long for one pass, escaped and repeated keys, and sums past the whole-number limit;
/// and the text path does run.
final class ReduceSumTextTests: XCTestCase {
    /// More items than ``ParallelItemScope/threshold``, so that four workers split them.
    private let count = 6_000

    /// A document of `count` items whose `age` is `plain(index)` for most and, every 97th item,
    /// one of `odd` in turn (nil: the item is not an object).
    private func document(odd: [String?]) -> String {
        let items = (0..<count).map { index -> String in
            let nested = #""address":{"zip":\#(index % 89)}"#
            guard index % 97 == 5, !odd.isEmpty else {
                return #"{"id":\#(index),"name":"P\#(index)","age":\#(index % 120 - 10),\#(nested)}"#
            }
            guard let age = odd[(index / 97) % odd.count] else { return "\(index)" }
            return #"{"id":\#(index),\#(age),\#(nested)}"#
        }
        return "[" + items.joined(separator: ",\n ") + "]"
    }

    /// `expression` over `$people` with `workers` threads, and how many items the text path read.
    private func run(_ expression: String, people: Value, workers: Int) -> (PeopleOutcome, textItems: Int) {
        let (outcome, items) = PeopleOutcome.of(expression, people: people, workers: workers) { $0.textPathItems.value }
        return (outcome, items)
    }

    /// Checks the sum of `term` over the document against the serial fold and the decoded data;
    /// gives how many items the sum read from the text with 4 workers.
    @discardableResult
    private func assertAsTheFold(
        _ term: String, odd: [String?], file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        let text = document(odd: odd)
        let loaded = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(Data(text.utf8))
        XCTAssertTrue(loaded.arrayValue?.isDocumentView ?? false, file: file, line: line)
        let expression = "^reduce($people|0|#($currentValue + \(term)))"
        // One worker: the serial fold, never the sum.
        let (reference, referenceItems) = run(expression, people: loaded, workers: 1)
        XCTAssertEqual(referenceItems, 0, file: file, line: line)
        let (fromDecoded, decodedItems) = run(expression, people: decoded, workers: 4)
        XCTAssertEqual(fromDecoded, reference, "\(expression) decoded", file: file, line: line)
        XCTAssertEqual(decodedItems, 0, file: file, line: line)
        let (fast, items) = run(expression, people: loaded, workers: 4)
        XCTAssertEqual(fast, reference, "\(expression), 4 workers", file: file, line: line)
        return items
    }

    func testPlainWholeNumbersAreReadFromTheText() throws {
        XCTAssertEqual(try assertAsTheFold("$item.age", odd: []), count)
        XCTAssertEqual(try assertAsTheFold("$item.address.zip", odd: []), count)
        // Terms the text path does not read: not a sum, a step into a number, a variable not bound.
        XCTAssertEqual(try assertAsTheFold("$item.id", odd: []), count)
        XCTAssertEqual(try assertAsTheFold("$item.id + 0", odd: []), 0)
        XCTAssertEqual(try assertAsTheFold("$item.age.count", odd: []), 0)
        XCTAssertEqual(try assertAsTheFold("$root.age", odd: []), 0)
    }

    func testOtherValuesAreEvaluated() throws {
        // Values the sum still adds: read by the general evaluation (or the text, when plain).
        let whole = [
            #""age":-0"#, #""age":30.0"#, #""age":3e1"#, #""age":-7"#, #""age" : 12"#, #""\u0061ge":5"#,
            #""age":1,"age":9"#, #""age":123456789012345"#,
            #""filler":"\#(String(repeating: "x", count: 5_000))","age":4"#,
        ]
        let sum = try assertAsTheFold("$item.age", odd: whole)
        XCTAssertGreaterThan(sum, count / 2)
        XCTAssertLessThan(sum, count)
        // Values that end the sum: the fold runs serially, as it always did.
        for value in [
            #""age":"31""#, #""age":30.5"#, #""age":true"#, #""age":null"#, #""name":"x""#, #""age":[1]"#,
            #""age":{"x":1}"#, #""age":123456789012345678"#, #""age":1234567890123456789"#,
            #""age":-123456789012345678"#, #""age":12345678901234567890123456789"#, #""age":1E400"#, nil,
        ] {
            try assertAsTheFold("$item.age", odd: [value])
        }
        // The magnitudes past the whole-number limit together, not one by one.
        try assertAsTheFold("$item.age", odd: [#""age":2251799813685247"#])
    }
}
