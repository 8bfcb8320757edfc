import Foundation
import XCTest

@testable import MBMLEngine

/// The filtering functions over a loaded document read a test of ``ItemTextTest``'s shapes from
/// each item's text: for every comparison operator, constants of every kind and values of every
/// kind (numbers written every way, numeric and other texts, escapes, non-ASCII texts in both
/// normal forms, booleans, null, missing keys, containers, items that are not objects, escaped and
/// repeated keys, objects too long for one pass), alone and joined by `&&`, `||` and `!`, the
/// answer is the general evaluator's on the same data decoded (and on the loaded data with the
/// fast path defeated), with 1 and 4 workers; the text path runs where it should, and not where it
/// must not.
final class ItemTextTestTests: XCTestCase {
    private let count = 1_200

    /// The values the tested key takes, as JSON text (nil: the key is missing).
    private let ages: [String?] = [
        "30", "31", "-2", "30.5", "3e1", "30.0", "1E400", "-0", "12345678901234567890123456789", #""31""#, #""30""#,
        #""abc""#, #""""#, #""3\u0031""#, "\"\u{E9}t\u{E9}\"", "\"e\u{301}te\u{301}\"", #""\u00e9t\u00e9""#, "true",
        "false", "null", nil, "[1]", #"{"x":1}"#, #""Oslo""#, #""oslo""#, #"" 30""#,
        // Whole numbers compared as `Int`s when of at most 18 digits (``JSONBytes/plainInteger(_:at:end:)``).
        "0", "-31", "29", "123456789012345678", "-123456789012345678", "1234567890123456789", "30E0", "30e-0",
        // Truth (`$item.age` alone): the one-character texts that are false, escaped or not, zeros.
        #""f""#, #""F""#, #""0""#, #""\u0030""#, #""no""#, "0.0", "0e5", "-0.0", "[]", "{}",
    ]

    /// Item `index` of the document, and whether the text test must hand it to the general evaluation
    /// for a test of `$item.age` (`age`) or of `$item.address.city` (`city`).
    private func item(_ index: Int) -> String {
        switch index % 211 {
        case 7: return "\(index % 50)" // not an object
        case 8: return #""plain""#
        case 9: return "null"
        case 10: return "[1,2]"
        case 11:
            // Too long for one pass: the document indexes it.
            let filler = String(repeating: "x", count: 5_000)
            return #"{"filler":"\#(filler)","age":\#(index % 60),"address":{"city":"Oslo"}}"#
        case 12: return #"{"\u0061ge":\#(index % 60),"address":{"c\u0069ty":"Oslo"}}"# // escaped keys
        case 13: return #"{"age":1,"age":\#(index % 60),"address":{"city":"x","city":"Oslo"}}"# // repeated keys
        case 14: return #"{"age":31,"address":null}"#
        case 15: return #"{"age":31,"address":"Oslo"}"#
        case 16: return #"{"age":31,"address":["Oslo"]}"#
        case 17: return #"{"age":31}"#
        default: break
        }
        let age = ages[index % ages.count].map { #""age":\#($0),"# } ?? ""
        let city = ages[(index / ages.count) % ages.count].map { #","city":\#($0)"# } ?? ""
        return #"{"id":\#(index),\#(age) "name":"P\#(index % 50)", "address" : {"zip":"\#(index)"\#(city)}}"#
    }

    private lazy var text = "[" + (0..<count).map(item).joined(separator: ",\n ") + "]"

    /// `expression` over `$people` with `workers` threads, and how many items the text path read.
    private func run(_ expression: String, people: Value, workers: Int) -> (PeopleOutcome, textItems: Int) {
        let (outcome, items) = PeopleOutcome.of(expression, people: people, workers: workers) { $0.textPathItems.value }
        return (outcome, items)
    }

    /// Checks `^filter`, `^count(^filter)`, `^valuesPassingTest` and `^collectionPassesTest` with
    /// `test` over the loaded document against the same over the decoded data and against the test
    /// with the fast path defeated; gives how many items the text test read for `^filter`.
    @discardableResult
    private func assertAsTheEvaluator(
        _ test: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        let loaded = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(Data(text.utf8))
        XCTAssertTrue(loaded.arrayValue?.isDocumentView ?? false, file: file, line: line)
        var filterItems: Int?
        for function in ["^filter", "^valuesPassingTest", "^collectionPassesTest", "^count(^filter"] {
            let close = function.hasPrefix("^count") ? "))" : ")"
            // `1 == 1` is no path: the whole test is evaluated by the evaluator's general machinery.
            let general = "\(function)($people|(\(test)) && 1 == 1\(close)"
            var (reference, referenceItems) = run(general, people: loaded, workers: 1)
            // The log lines name the expression: the test's own text.
            reference.log = reference.log.map { $0.replacingOccurrences(of: "(\(test)) && 1 == 1", with: test) }
            XCTAssertEqual(referenceItems, 0, general, file: file, line: line)
            XCTAssertNil(reference.error, general, file: file, line: line)
            let expression = "\(function)($people|\(test)\(close)"
            for workers in [1, 4] {
                let (fast, items) = run(expression, people: loaded, workers: workers)
                XCTAssertEqual(fast, reference, "\(expression), \(workers) workers", file: file, line: line)
                let (fromDecoded, decodedItems) = run(expression, people: decoded, workers: workers)
                XCTAssertEqual(fromDecoded, reference, "\(expression) decoded", file: file, line: line)
                XCTAssertEqual(decodedItems, 0, file: file, line: line)
                if function == "^filter" {
                    if let filterItems { XCTAssertEqual(items, filterItems, file: file, line: line) }
                    filterItems = items
                } else if function != "^collectionPassesTest" {
                    XCTAssertEqual(items, filterItems, expression, file: file, line: line)
                } else {
                    XCTAssertLessThanOrEqual(items, filterItems ?? 0, file: file, line: line)
                }
            }
        }
        return filterItems ?? 0
    }

    private var objects: Int { (0..<count).filter { ![7, 8, 9, 10, 11].contains($0 % 211) }.count }

    func testEveryOperatorAndConstantAnswersAsTheEvaluator() throws {
        let operators = ["==", "!=", "<", "<=", ">", ">=", "-EQ", "-NE", "-LT", "-LTE", "-GT", "-GTE", "=<", "=>"]
        let constants = [
            "30", "30.5", "-2", "abc", "31", "oslo", "\u{E9}t\u{E9}", "e\u{301}te\u{301}",
            "12345678901234567890123456789", "true", "null", "123456789012345678", "-31", "0", "-0",
            "1234567890123456789",
        ]
        // Every operator with a number and a text; every constant with the six spellings' kinds.
        let pairs =
            operators.flatMap { operation in ["30", "abc"].map { (operation, $0) } }
            + ["==", "!=", "<", "<=", ">", ">="].flatMap { operation in constants.map { (operation, $0) } }
        for (operation, constant) in pairs {
            do {
                let items = try assertAsTheEvaluator("$item.age \(operation) \(constant)")
                // Every item that is an object short enough is read from the text.
                XCTAssertEqual(items, objects, "\(operation) \(constant)")
            }
        }
    }

    func testNestedPathsAndCombinations() throws {
        // Through `address`: items whose address is null, a text or an array are the general
        // evaluation's (a step into something that is not a dictionary).
        let nested = objects - (0..<count).filter { [14, 15, 16].contains($0 % 211) }.count
        XCTAssertEqual(try assertAsTheEvaluator("$item.address.city == Oslo"), nested)
        XCTAssertEqual(try assertAsTheEvaluator("$item.address.city -GT 30"), nested)
        XCTAssertEqual(try assertAsTheEvaluator("$item.address.zip < 2000"), nested)
        for test in [
            "$item.age > 30 && $item.address.city == Oslo", "$item.age > 30 -AND $item.name != P3",
            "$item.age < 0 -OR $item.address.city -EQ 31", "!($item.age >= 30)",
            "!($item.address.city == Oslo) && $item.age != 30",
            "($item.age > 30 -OR $item.age == abc) && !($item.name == P7)",
            "$item.name == P1 -OR $item.name == P2 -OR $item.age -LTE -2",
        ] {
            // A `||` or `&&` whose left side decides does not read the right: an item the right
            // side would hand on may be read from the text.
            XCTAssertGreaterThanOrEqual(try assertAsTheEvaluator(test), nested, test)
        }
        XCTAssertEqual(try assertAsTheEvaluator("$item > 30"), count)
        XCTAssertEqual(try assertAsTheEvaluator("$item.missing.key == 2"), objects)
        // A step into a number or an array is the general evaluation's; a missing key, null or an
        // object are read from the text.
        XCTAssertGreaterThan(try assertAsTheEvaluator("$item.age.count > 0"), 0)
    }

    func testThePathsOwnTruthAnswersAsTheEvaluator() throws {
        let nested = objects - (0..<count).filter { [14, 15, 16].contains($0 % 211) }.count
        XCTAssertEqual(try assertAsTheEvaluator("$item.age"), objects)
        XCTAssertEqual(try assertAsTheEvaluator("!$item.age"), objects)
        XCTAssertEqual(try assertAsTheEvaluator("$item.address.city"), nested)
        XCTAssertEqual(try assertAsTheEvaluator("$item.missing"), objects)
        XCTAssertEqual(try assertAsTheEvaluator("$item"), count)
        for test in [
            "$item.age && $item.address.city == Oslo", "$item.age -OR $item.address.city",
            "!($item.address.city) && $item.age > 3", "$item.name -AND !$item.age", "!(!$item.address)",
        ] {
            XCTAssertGreaterThanOrEqual(try assertAsTheEvaluator(test), nested, test)
        }
    }

    func testTestsTheTextPathDoesNotReadAreEvaluated() throws {
        for test in [
            "$item.age > $item.id", "$item.age > 30 && 1 == 1", "$key == 3", "$item[age]",
            "$people.count > 3", "^count($item) > 2",
        ] {
            XCTAssertEqual(try assertAsTheEvaluator(test), 0, test)
        }
        // An intermediate the records do not hold is the general walk's (its error); through one they
        // hold, see ``IntermediateTextTestTests``.
        let loaded = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let (_, items) = run("^filter($people|$item.tags|$item == x)", people: loaded, workers: 1)
        XCTAssertEqual(items, 0)
    }

    func testAFilteredDocumentArrayIsASelectionView() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(Data(text.utf8))
        let environment = Environment()
        environment.variables.declare("people", value: loaded)
        environment.variables.declare("decoded", value: decoded)
        let evaluation = Evaluation()
        let kept = try XCTUnwrap(
            environment.evaluate("^filter($people|$item.age > 30)", in: .object, within: evaluation)?.arrayValue)
        let reference = try XCTUnwrap(
            environment.evaluate("^filter($decoded|$item.age > 30)", in: .object, within: Evaluation())?.arrayValue)
        // A view of the document holding where the kept items begin: not the whole array's text.
        XCTAssertTrue(kept.isDocumentView)
        XCTAssertNil(kept.jsonNode)
        XCTAssertEqual(kept.heldBytes, kept.count * 8)
        // The same items as the general evaluation keeps of the loaded array (views of the same text).
        let general = try XCTUnwrap(
            environment.evaluate("^filter($people|$item.age > 30 && 1 == 1)", in: .object, within: Evaluation())?
                .arrayValue)
        XCTAssertEqual(Value.array(kept), .array(general))
        XCTAssertEqual(kept.count, reference.count)
        XCTAssertEqual(JSONCodec.encode(Value.array(kept).materialized), JSONCodec.encode(.array(reference)))
        XCTAssertEqual(Array(kept), Array(general))
        XCTAssertNotEqual(Value.array(kept), loaded)
        // Read further as any array is: sorted, listed, counted, sliced.
        for expression in [
            "^count(^filter(%@|$item.age > 30))", "^list(^filter(%@|$item.age > 30)|$item.name)",
            "^sort(^filter(%@|$item.age -GTE 30)|$item.name)", "^filter(%@|$item.age > 30)[2]",
            "^unique(^list(^filter(%@|$item.age > 30)|$item.address.city))",
        ] {
            let fromLoaded = try environment.evaluate(
                expression.replacingOccurrences(of: "%@", with: "$people"), in: .object, within: Evaluation())
            let fromDecoded = try environment.evaluate(
                expression.replacingOccurrences(of: "%@", with: "$decoded"), in: .object, within: Evaluation())
            XCTAssertEqual(
                fromLoaded.map { JSONCodec.encode($0.materialized) }, fromDecoded.map { JSONCodec.encode($0) },
                expression)
        }
    }
}
