import Foundation
import XCTest

@testable import MBMLEngine

/// `^unique(^list($people|$item.key…))` over a loaded document reads each item's value from the
/// document's text (``ItemTextPath``) and keeps strings by their bytes (``DistinctTexts``): the
/// answer, log and memory count are those of `^unique` over the list built the general way, and of
/// the same data decoded, for keys written with escapes, non-ASCII texts in both normal forms,
/// numbers, booleans, null, missing keys, containers as values, items the text path cannot read —
/// with 1 and 4 workers; and the text path does run.
final class DistinctListTextTests: XCTestCase {
    private let count = 6_000

    /// Item `index` of the document, and whether the text path hands it to the general evaluation.
    private func item(_ index: Int) -> (text: String, general: Bool) {
        if index % 997 == 500 { return ("\(index)", true) } // not an object
        if index % 401 == 18 {
            // An address too long for one pass (the document indexes it).
            let filler = String(repeating: "x", count: 5_000)
            return (#"{"id":\#(index),"address":{"filler":"\#(filler)","city":"Big\#(index % 3)"}}"#, true)
        }
        let city: String
        switch index % 20 {
        case 0: city = #""city":"ab""#
        case 1: city = #""city":"a\u0062""# // "ab" written with an escape
        case 2: city = "\"city\":\"\u{E9}t\u{E9}\"" // NFC, raw UTF-8
        case 3: city = #""city":"e\u0301t\u00e9""# // NFD then NFC, escaped
        case 4: city = #""city":"\u00e9t\u00e9""# // NFC, escaped
        case 5: city = "\"city\":\"e\u{301}te\u{301}\"" // NFD, raw UTF-8
        case 6: city = #""city":1"#
        case 7: city = #""city":1.0"#
        case 8: city = #""city":"1""#
        case 9: city = #""city":true"#
        case 10: city = #""city":null"#
        case 11: city = #""town":"ab""# // no city
        case 12: return (#"{"id":\#(index)}"#, false) // no address
        case 13: return (#"{"id":\#(index),"address":null}"#, true)
        case 14: return (#"{"id":\#(index),"address":"Paris"}"#, true)
        case 15: city = #""city":[1,[2,"x"]]"#
        case 16: city = #""city":{"x":1,"y":[true]}"#
        case 17: city = #""c\u0069ty":"K","city":"A\"q","zip":"1""# // an escaped key, a repeated key
        case 18: city = #""city" : "C\u00e9\#(index % 7)" "#
        default: city = #""city":"C\#(index % 97)""#
        }
        return (#"{"id":\#(index),"name":"P\#(index % 50)","address":{"zip":"\#(index)",\#(city)}}"#, false)
    }

    private func document() -> (text: String, general: Int) {
        let items = (0..<count).map(item)
        return ("[" + items.map(\.text).joined(separator: ",\n ") + "]", items.filter(\.general).count)
    }

    private struct Outcome: Equatable {
        var result: String?
        var error: String?
        var log: [String]
        var bytesUsed: Int
    }

    /// `expression` over `$people` with `workers` threads, and how many items the text path read.
    private func run(_ expression: String, people: Value, workers: Int) -> (Outcome, textItems: Int) {
        let log = LogSink(limit: 1_000_000)
        let environment = DistinctListFixture.environment(people: people, log: log)
        let evaluation = Evaluation()
        evaluation.workers = workers
        do {
            let value = try environment.evaluate(expression, in: .object, within: evaluation)
            return (
                Outcome(
                    result: value.map { JSONCodec.encode($0) }, error: nil, log: log.lines,
                    bytesUsed: evaluation.bytesUsed),
                evaluation.textPathItems.value
            )
        } catch {
            return (
                Outcome(result: nil, error: "\(error)", log: log.lines, bytesUsed: evaluation.bytesUsed),
                evaluation.textPathItems.value
            )
        }
    }

    /// Checks that `^unique(^list($people|value))` over the loaded document answers as `^unique`
    /// over the list built the general way and over the decoded data, with 1 and 4 workers, and
    /// gives the answer and how many items the text path read.
    @discardableResult
    private func assertAsTheList(
        _ value: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (result: Value, textItems: Int) {
        let text = document().text
        let loaded = try JSONCodec.decodePlainLazily(Array(text.utf8))
        let decoded = try JSONCodec.decodePlain(Data(text.utf8))
        XCTAssertTrue(loaded.arrayValue?.isDocumentView ?? false, file: file, line: line)
        XCTAssertFalse(decoded.arrayValue?.isDocumentView ?? true, file: file, line: line)
        let (plain, plainItems) = run("^unique(^plainList($people|\(value)))", people: loaded, workers: 1)
        XCTAssertEqual(plainItems, 0, file: file, line: line)
        XCTAssertNil(plain.error, file: file, line: line)
        var textItems: Int?
        for workers in [1, 4] {
            let (fused, items) = run("^unique(^list($people|\(value)))", people: loaded, workers: workers)
            XCTAssertEqual(fused, plain, "\(value), \(workers) workers", file: file, line: line)
            let (fromDecoded, decodedItems) = run("^unique(^list($people|\(value)))", people: decoded, workers: workers)
            XCTAssertEqual(
                fromDecoded.result, plain.result, "\(value) decoded, \(workers) workers", file: file, line: line)
            XCTAssertEqual(decodedItems, 0, file: file, line: line)
            if let textItems { XCTAssertEqual(items, textItems, file: file, line: line) }
            textItems = items
        }
        let result = try JSONCodec.decodePlain(Data((plain.result ?? "null").utf8))
        return (result, textItems ?? 0)
    }

    func testTheCitiesAreTheListsDistinctValuesReadFromTheText() throws {
        let (result, textItems) = try assertAsTheList("$item.address.city")
        // Every item but those the text path hands on was read from the text.
        XCTAssertEqual(textItems, count - document().general)
        let cities = try XCTUnwrap(result.arrayValue)
        // "ab" once (the escaped form is the same text); NFC and NFD "été" are different values (as
        // `^unique` compares texts: by their code units), the mixed form a third; 1 and 1.0 and
        // true are one value, "1" another.
        XCTAssertEqual(cities.filter { $0 == .string("ab") }.count, 1)
        XCTAssertTrue(cities.contains(.string("\u{E9}t\u{E9}")))
        XCTAssertTrue(cities.contains(.string("e\u{301}te\u{301}")))
        XCTAssertTrue(cities.contains(.string("e\u{301}t\u{E9}")))
        XCTAssertEqual(cities.filter { $0 == .string("1") }.count, 1)
        XCTAssertEqual(cities.filter { $0 == .integer(1) }.count, 1)
        XCTAssertTrue(cities.contains(.string("A\"q")))
        XCTAssertFalse(cities.contains(.string("K")))
        XCTAssertFalse(cities.contains(.null))
        XCTAssertTrue(cities.contains(.string("Big0")))
        XCTAssertEqual(cities.first, .string("ab"))
    }

    func testOtherPathsAndValues() throws {
        XCTAssertEqual(try assertAsTheList("$root.address.city").textItems, count - document().general)
        // Flat keys (numbers, texts): every item that is an object is read from the text but those
        // too long for one pass (a look-up reads no further, even for a key before the long value).
        let objects = count - (0..<count).filter { $0 % 997 == 500 || $0 % 401 == 18 }.count
        XCTAssertEqual(try assertAsTheList("$item.name").textItems, objects)
        XCTAssertEqual(try assertAsTheList("$item.id").textItems, objects)
        XCTAssertEqual(try assertAsTheList("$item.address.zip").textItems, count - document().general)
        let (items, textItems) = try assertAsTheList("$item.address.city.x")
        XCTAssertEqual(items, .array([.integer(1)]))
        // Read from the text: no address, no city, a city that is an object; evaluated: the others
        // (a step into a text, a number, an array or null is the general evaluation's).
        XCTAssertEqual(textItems, (0..<count).filter { !item($0).general && [11, 12, 16].contains($0 % 20) }.count)
    }

    func testPathsTheTextPathDoesNotReadAreEvaluated() throws {
        // A key that is not plain ASCII, another variable, text around the path, a comparison.
        for value in ["$item.address.citt\u{E0}", "$item.address.city is here", "$item.id > 5", "$people.count"] {
            XCTAssertEqual(try assertAsTheList(value).textItems, 0, value)
        }
    }
}
