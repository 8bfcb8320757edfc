import Foundation
import XCTest

@testable import MBMLEngine

/// `^filter` and `^list` through one intermediate over a loaded document read the intermediate's
/// path and the test or value from each record's text (``IntermediateTextTest``,
/// ``IntermediateTextList``): for lists of every shape (empty, with
/// white space, elements of every kind — texts plain, escaped, in both normal forms, numbers
/// written every way, booleans, null, containers —, nested lists, lists too long for one pass) and
/// for intermediates that are no list (missing, null, a text, a number, an object with repeated
/// keys), records that are not objects or too long for one pass, with and without `matchAll`, the
/// answer and the log are the general walk's on the same data decoded and on the loaded data with
/// the fast path defeated, with 1 and 4 workers; the text path runs where it should and not where
/// it must not.
final class IntermediateTextTestTests: XCTestCase {
    private let count = 500

    /// The elements a record's list is made of.
    private let elements = [
        #""red""#, #""green""#, #""r\u0065d""#, "\"\u{E9}t\u{E9}\"", "\"e\u{301}te\u{301}\"", "30", "30.0", "3e1",
        "-0", "0", "12345678901234567890", "true", "false", "null", "[]", #"["red"]"#, #"{"name":"red"}"#,
        #"{"name":30,"name":"red"}"#, #""""#, #"" red""#, #""30""#,
    ]

    /// The list of record `index`, as JSON text.
    private func list(_ index: Int) -> String {
        switch index % 97 {
        case 8: return "[]"
        case 9: return "[ ]"
        case 10: return "[\n  \"red\" ,\n \"green\"\t]"
        case 11: return "[" + Array(repeating: #""green""#, count: 700).joined(separator: ",") + #","red"]"#
        default: break
        }
        let length = index % 5
        return "[" + (0..<length).map { elements[(index * 7 + $0 * 3) % elements.count] }.joined(separator: ",") + "]"
    }

    /// Record `index` as JSON text; `record50` replaces record 50 when given.
    private func record(_ index: Int, record50: String?) -> String {
        if index == 50, let record50 { return record50 }
        switch index % 97 {
        case 15:
            let filler = String(repeating: "x", count: 5_000)
            return #"{"filler":"\#(filler)","tags":["red"],"nested":{"tags":["red"]}}"#
        case 16: return #"{"t\u0061gs":["red"]}"# // an escaped key
        case 17: return #"{"tags":["green"],"tags":["red"]}"# // a repeated key
        default: break
        }
        let nested = #""nested":{"tags":\#(list(index / 3))}"#
        return #"{"id":\#(index),"tags":\#(list(index)),\#(nested), "name":"P\#(index % 40)"}"#
    }

    /// The document, record 50 replaced by `record50` when given.
    private func text(record50: String? = nil) -> String {
        "[" + (0..<count).map { record($0, record50: record50) }.joined(separator: ",\n") + "]"
    }

    /// The document loaded lazily and decoded, record 50 replaced by `record50` when given.
    private func documents(record50: String? = nil) throws -> (loaded: Value, decoded: Value) {
        let text = self.text(record50: record50)
        return (try JSONCodec.decodePlainLazily(Array(text.utf8)), try JSONCodec.decodePlain(Data(text.utf8)))
    }

    /// Checks `^filter` and `^count(^filter)` through `intermediate` with `test` (and each match
    /// type) over the loaded document against the same over the decoded data and the test with
    /// the fast path defeated; gives how many records the text path read for `^filter`.
    @discardableResult
    private func assertAsTheGeneralWalk(
        _ intermediate: String, _ test: String, record50: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Int {
        let (loaded, decoded) = try documents(record50: record50)
        var textItems = 0
        for match in ["", "|matchAll", "|matchAtLeastOnce"] {
            for (open, close) in [("^filter(", ")"), ("^count(^filter(", "))")] {
                let general = "\(open)$people|\(intermediate)|(\(test)) && 1 == 1\(match)\(close)"
                var (reference, referenceItems) = PeopleOutcome.of(general, people: loaded, workers: 1) {
                    $0.textPathItems.value
                }
                reference.log = reference.log.map { $0.replacingOccurrences(of: "(\(test)) && 1 == 1", with: test) }
                XCTAssertEqual(referenceItems, 0, general, file: file, line: line)
                let expression = "\(open)$people|\(intermediate)|\(test)\(match)\(close)"
                for workers in [1, 4] {
                    let (fast, items) = PeopleOutcome.of(expression, people: loaded, workers: workers) {
                        $0.textPathItems.value
                    }
                    XCTAssertEqual(fast, reference, "\(expression), \(workers) workers", file: file, line: line)
                    let (fromDecoded, decodedItems) = PeopleOutcome.of(expression, people: decoded, workers: workers) {
                        $0.textPathItems.value
                    }
                    XCTAssertEqual(fromDecoded, reference, "\(expression) decoded", file: file, line: line)
                    XCTAssertEqual(decodedItems, 0, file: file, line: line)
                    if open == "^filter(", match.isEmpty, workers == 1 { textItems = items }
                    if open == "^filter(" { XCTAssertEqual(items, textItems, expression, file: file, line: line) }
                }
            }
        }
        return textItems
    }

    /// The records whose list the text path reads to: every record short enough for one pass
    /// (``JSONKeyLookup`` reads the whole object, for a repeated key), not those with a long filler
    /// or a long list of their own or nested.
    private var recordsWithLists: Int {
        (0..<count).filter { index in ![11, 15].contains(index % 97) && (index / 3) % 97 != 11 }.count
    }

    func testEveryKindOfElementAnswersAsTheGeneralWalk() throws {
        for test in [
            "$item == red", "$item != red", "$item -EQ 30", "$item > 20", "$item <= 0", "$item == \u{E9}t\u{E9}",
            "$item == e\u{301}te\u{301}", "$item", "!$item", "$item == null", "$item.name == red",
            "$item.count > 0", "$item == red -OR $item == green", "$item > 3 && $item < 40",
        ] {
            let items = try assertAsTheGeneralWalk("$item.tags", test)
            XCTAssertGreaterThan(items, 0, test)
            XCTAssertLessThanOrEqual(items, recordsWithLists, test)
        }
        // Every list whose elements the test reads from their text: every record holding a list.
        XCTAssertEqual(try assertAsTheGeneralWalk("$item.tags", "$item == red"), recordsWithLists)
        XCTAssertEqual(try assertAsTheGeneralWalk("$item.tags", "$item"), recordsWithLists)
    }

    func testNestedAndRootPathsAnswerAsTheGeneralWalk() throws {
        XCTAssertGreaterThan(try assertAsTheGeneralWalk("$item.nested.tags", "$item == red"), 0)
        XCTAssertGreaterThan(try assertAsTheGeneralWalk("$root.tags", "$item -NE green"), 0)
    }

    func testIntermediatesThatAreNoListAnswerAsTheGeneralWalk() throws {
        // Nothing, null, a text and a number (and a record that is no object) are bad intermediates:
        // the filter's error, after the records before; an object is walked by its values, its
        // repeated key seen once.
        for record50 in [
            #"{"id":50}"#, #"{"tags":null}"#, #"{"tags":"red"}"#, #"{"tags":17}"#,
            #"{"tags":{"a":"red","a":"green"}}"#, #"{"tags":{"a":"green"}}"#, #""plain""#, "[1,2]", "null", "3",
        ] {
            let items = try assertAsTheGeneralWalk("$item.tags", "$item == red", record50: record50)
            XCTAssertGreaterThanOrEqual(items, 45, record50)
        }
        XCTAssertEqual(try assertAsTheGeneralWalk("$item.missing", "$item == red"), 0)
    }

    /// Checks `^list`, `^count(^list)` and `^unique(^list)` (the distinct list) through
    /// `intermediate` (a plain path) with `value` over the loaded document against the same over
    /// the decoded data (answer, error and log) and through `$item[…]` (no text path) over the
    /// loaded data (answer); gives how many records the text path read.
    @discardableResult
    private func assertListAsTheGeneralWalk(
        _ intermediate: String, _ value: String, record50: String? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Int {
        let (loaded, decoded) = try documents(record50: record50)
        var textItems = 0
        for (open, close) in [("^list(", ")"), ("^count(^list(", "))"), ("^unique(^list(", "))")] {
            let keys = intermediate.split(separator: ".").dropFirst().map { "[\($0)]" }.joined()
            let general = "\(open)$people|$item\(keys)|\(value)\(close)"
            let (walked, walkedItems) = PeopleOutcome.of(general, people: loaded, workers: 1) {
                $0.textPathItems.value
            }
            XCTAssertEqual(walkedItems, 0, general, file: file, line: line)
            let expression = "\(open)$people|\(intermediate)|\(value)\(close)"
            let (reference, _) = PeopleOutcome.of(expression, people: decoded, workers: 1) { _ in 0 }
            XCTAssertEqual(walked.result, reference.result, general, file: file, line: line)
            for workers in [1, 4] {
                let (fast, items) = PeopleOutcome.of(expression, people: loaded, workers: workers) {
                    $0.textPathItems.value
                }
                XCTAssertEqual(fast, reference, "\(expression), \(workers) workers", file: file, line: line)
                if workers == 1 { textItems = items }
                XCTAssertEqual(items, textItems, expression, file: file, line: line)
            }
        }
        return textItems
    }

    func testListsThroughAnIntermediateAnswerAsTheGeneralWalk() throws {
        for value in ["$item", "$item.name", "$item.missing", "$item.name.first"] {
            XCTAssertGreaterThan(try assertListAsTheGeneralWalk("$item.tags", value), 0, value)
        }
        XCTAssertEqual(try assertListAsTheGeneralWalk("$item.tags", "$item"), recordsWithLists)
        XCTAssertGreaterThan(try assertListAsTheGeneralWalk("$item.nested.tags", "$item"), 0)
        XCTAssertEqual(try assertListAsTheGeneralWalk("$item.missing", "$item"), recordsWithLists)
        for record50 in [
            #"{"id":50}"#, #"{"tags":null}"#, #"{"tags":"red"}"#, #"{"tags":17}"#,
            #"{"tags":{"a":"red","a":"green"}}"#, #"{"tags":{"a":"green"}}"#, #""plain""#, "null",
        ] {
            XCTAssertGreaterThanOrEqual(
                try assertListAsTheGeneralWalk("$item.tags", "$item", record50: record50), 45, record50)
        }
        // A value that is no plain path from the element: the general walk.
        for value in ["$item[name]", "^lowercase($item)", "$item.name$item.id", "$root.name"] {
            XCTAssertEqual(try assertListAsTheGeneralWalk("$item.tags", value), 0, value)
        }
    }

    func testAListReadFromTheTextEndsAtTheBudget() throws {
        let loaded = try documents().loaded
        let environment = Environment()
        environment.variables.declare("people", value: loaded)
        for workers in [1, 4] {
            let small = Evaluation(limits: EvaluationLimits(maximumBytes: 4_000))
            small.workers = workers
            XCTAssertThrowsError(
                try environment.evaluate("^list($people|$item.tags|$item)", in: .object, within: small)
            ) {
                XCTAssertTrue($0 is MemoryBudgetExceeded, "\($0)")
            }
            XCTAssertGreaterThan(small.textPathItems.value, 0)
        }
    }

    func testShapesTheTextPathDoesNotReadAreWalked() throws {
        for (intermediate, test) in [
            ("$item.tags", "$item == $root.name"), ("$item.tags", "$key == 1"), ("$item[tags]", "$item == red"),
            ("^array(a|red)", "$item == red"), ("$item.tags", "$outer:item == red"),
            ("$item.tags", "^count($item) > 1"),
        ] {
            XCTAssertEqual(try assertAsTheGeneralWalk(intermediate, test), 0, "\(intermediate) | \(test)")
        }
        // Two intermediates: the general walk.
        let loaded = try documents().loaded
        let (_, items) = PeopleOutcome.of("^filter($people|$item.tags|$item|$item == red)", people: loaded, workers: 1)
        {
            $0.textPathItems.value
        }
        XCTAssertEqual(items, 0)
    }
}
