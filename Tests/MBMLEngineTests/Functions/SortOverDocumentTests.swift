import Foundation
import XCTest

@testable import MBMLEngine

/// `^sort` over the elements of a loaded document sorts them by position and returns a view of
/// the document (nothing gathered or decoded), reads a key that is a plain path from each
/// element's text, and answers as it does over the same data decoded — for keys of every kind
/// (texts plain, escaped and non-ASCII, numbers written every way, booleans, null, missing keys,
/// containers), elements that are not objects, escaped and repeated keys, objects too long for one
/// pass, both orders, and keys that must be evaluated.
final class SortOverDocumentTests: XCTestCase {
    private let count = 900

    /// The values the sort keys take, as JSON text (nil: the key is missing).
    private let keys: [String?] = [
        #""bob""#, #""Ann""#, #""ann""#, #""Cy 10""#, #""Cy 9""#, "31", "25", "-2", "30.5", "3e1", "1E400", "-0",
        "12345678901234567890123456789", #""31""#, #""""#, #""\u00e9t\u00e9""#, "\"\u{E9}t\u{E9}\"",
        "\"e\u{301}te\u{301}\"", #""a\"b""#, "true", "false", "null", nil, "[1]", #"{"x":1}"#, #"" 30""#,
    ]

    /// Element `index` of the document; with `others`, some elements are not objects.
    private func element(_ index: Int, others: Bool) -> String {
        switch index % 97 {
        case 5 where others: return "\(index % 40)"
        case 6 where others: return #""plain \#(index % 7)""#
        case 7 where others: return "null"
        case 5, 6, 7: return #"{"name":null,"address":{}}"#
        case 8:
            let filler = String(repeating: "x", count: 5_000) // too long for one pass
            return #"{"filler":"\#(filler)","name":"long \#(index % 13)","address":{"city":"Oslo"}}"#
        case 9: return #"{"n\u0061me":"escaped \#(index % 11)","address":{"c\u0069ty":"Bergen"}}"#
        case 10: return #"{"name":"first","name":"repeated \#(index % 5)"}"#
        case 11 where others: return #"{"name":"x","address":"not an object"}"#
        case 11: return #"{"name":"x"}"#
        default: break
        }
        let name = keys[index % keys.count].map { #""name":\#($0),"# } ?? ""
        let city = keys[(index / keys.count) % keys.count].map { #","city":\#($0)"# } ?? ""
        return #"{"id":\#(index),\#(name) "address" : {"zip":"\#(index % 17)"\#(city)}}"#
    }

    private func text(others: Bool = false) -> String {
        "[" + (0..<count).map { element($0, others: others) }.joined(separator: ",\n ") + "]"
    }

    private func run(_ expression: String, people: Value) -> (PeopleOutcome, counted: Int) {
        PeopleOutcome.of(expression, people: people, workers: 1) { $0.textPathItems.value }
    }

    func testSortsOfALoadedDocumentAnswerAsOfTheDecodedData() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(text().utf8))
        let decoded = try JSONCodec.decodePlain(Data(text().utf8))
        XCTAssertTrue(loaded.arrayValue?.isDocumentView ?? false)
        let readable = count - (0..<count).filter { $0 % 97 == 8 }.count
        // The key, and how many elements its text path reads (nil: none, the key is evaluated).
        let cases: [(String, Int?)] = [
            ("$item.name", readable), ("$item.name|desc", readable), ("$item.address.city", readable),
            ("$item.address.city|DESC", readable), ("$item.missing", readable), ("$item.address.zip", readable),
            ("", nil), ("$item", nil), ("^lowercase($item.name)", nil), ("$item.name$item.id", nil),
            ("$item.age -OR $item.name", nil), ("$key", nil), ("$item.name|asc", readable),
        ]
        for (key, expected) in cases {
            let expression = "^sort($people|\(key))"
            let (reference, referenceItems) = run(expression, people: decoded)
            XCTAssertEqual(referenceItems, 0, expression)
            XCTAssertNil(reference.error, expression)
            let (fromText, items) = run(expression, people: loaded)
            XCTAssertEqual(fromText, reference, expression)
            XCTAssertEqual(items, expected ?? 0, expression)
        }
    }

    /// An element that is not an object makes `$item.name` fail: the sort compares through the
    /// rewritten texts, over the document as over the decoded data.
    func testElementsThatAreNotObjectsSortAsTheDecodedOnes() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(text(others: true).utf8))
        let decoded = try JSONCodec.decodePlain(Data(text(others: true).utf8))
        for key in ["$item.name", "$item.address.city|desc", "$item"] {
            let expression = "^sort($people|\(key))"
            let (reference, _) = run(expression, people: decoded)
            let (fromLoaded, items) = run(expression, people: loaded)
            XCTAssertEqual(fromLoaded, reference, expression)
            // The keys read from the text before the failing one are not used, nor counted.
            XCTAssertEqual(items, 0, expression)
        }
    }

    func testTheSortedElementsOfADocumentAreAViewOfIt() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(text().utf8))
        let environment = Environment()
        environment.variables.declare("people", value: loaded)
        let sorted = try XCTUnwrap(
            environment.evaluate("^sort($people|$item.name|desc)", in: .object, within: Evaluation())?.arrayValue)
        XCTAssertTrue(sorted.isDocumentView)
        XCTAssertEqual(sorted.heldBytes, count * 8)
        XCTAssertEqual(sorted.count, count)
        // The view read again, and sorted again, as the decoded data.
        let decoded = try JSONCodec.decodePlain(Data(text().utf8))
        for expression in [
            "^sort($people|$item.name|desc)[1].name", "^list(^sort(^sort($people|$item.name|desc)|$item.id)|$item.id)",
            "^sort(^filter($people|$item.id > 100)|$item.address.zip)",
        ] {
            XCTAssertEqual(run(expression, people: loaded).0, run(expression, people: decoded).0, expression)
        }
    }

    func testASortOverTheBudgetOrCancelledEndsWithItsError() throws {
        let loaded = try JSONCodec.decodePlainLazily(Array(text().utf8))
        let environment = Environment()
        environment.variables.declare("people", value: loaded)
        // The positions alone (three `Int`s an element) pass a budget of 20,000 bytes.
        let small = Evaluation(limits: EvaluationLimits(maximumBytes: 20_000))
        XCTAssertThrowsError(try environment.evaluate("^sort($people|$item.name)", in: .object, within: small)) {
            XCTAssertTrue($0 is MemoryBudgetExceeded, "\($0)")
        }
        let cancelled = Evaluation(limits: EvaluationLimits(isCancelled: { true }))
        XCTAssertThrowsError(
            try environment.evaluate("^sort($people|$item.name)", in: .object, within: cancelled))
    }
}
