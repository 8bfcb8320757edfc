import XCTest

@testable import MBMLEngine

/// What an evaluation keeps is charged to its memory budget (``EvaluationMeter/keptBytes(of:)``,
/// ``KeptBytes``): a text read from a lazily read document is a new `String` that no function
/// built, and a per-item scope, a collection or a joined text that keeps such texts ends with
/// ``MemoryBudgetExceeded`` — before it is held, serially and in parallel — while queries that only
/// read them, and small ones, still answer.
final class KeptValuesBudgetTests: XCTestCase {
    private let budget = 1 << 20
    private let big = 4_096
    private let count = 2_000

    /// `$d`, read lazily: `s` one text of `big` bytes, `idx` the integers below `count`, `strs` 300
    /// distinct texts of `big` bytes, `recs` `count` records with an `id` and a `text` of `big` bytes.
    private func document() throws -> Value {
        let text = String(repeating: "x", count: big)
        let strs = (0..<300).map { "\"\(String(format: "%05d", $0))\(text)\"" }.joined(separator: ",")
        let recs = (0..<count).map { #"{"id":\#($0),"text":"\#(text)"}"# }.joined(separator: ",")
        let json =
            #"{"s":"\#(text)","idx":[\#((0..<count).map(String.init).joined(separator: ","))],"#
            + #""strs":[\#(strs)],"recs":[\#(recs)]}"#
        let value = try JSONCodec.decodePlainLazily(Array(json.utf8))
        XCTAssertNotNil(value.jsonNode, "the document is read lazily")
        return value
    }

    private func evaluate(_ expression: String, in context: ExpressionContext, workers: Int) throws -> Value? {
        let environment = Environment()
        environment.variables.declare("d", value: try document())
        let evaluation = Evaluation(limits: EvaluationLimits(maximumBytes: budget))
        evaluation.workers = workers
        return try environment.evaluate(expression, in: context, within: evaluation)
    }

    /// `expression` ends with the memory budget's error, with one worker and with four.
    private func assertExceedsBudget(
        _ expression: String, in context: ExpressionContext = .object, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        for workers in [1, 4] {
            XCTAssertThrowsError(try evaluate(expression, in: context, workers: workers), file: file, line: line) {
                error in
                XCTAssertEqual(
                    error as? MemoryBudgetExceeded, MemoryBudgetExceeded(bytes: budget),
                    "\(expression), \(workers) workers: \(error)", file: file, line: line)
                XCTAssertEqual(
                    String(describing: error),
                    "evaluation stopped: what it built passed its memory budget of 1 MiB (1048576 bytes)",
                    file: file, line: line)
            }
        }
    }

    func testAListOfTextsReadFromADocumentStops() {
        assertExceedsBudget("^list($d.idx|$d.s)")
        assertExceedsBudget("^list($d.recs|$item.text)")
        assertExceedsBudget("^list($d.strs|$item)")
        assertExceedsBudget("^count(^list($d.idx|$d.s))")
    }

    func testAJoinOfTextsReadFromADocumentStopsBeforeItBuildsItsText() {
        assertExceedsBudget("^join(^list($d.idx|$d.s)|,)")
        assertExceedsBudget("^join($d.strs|,)")
        assertExceedsBudget("^join($d.strs|,)", in: .string)
    }

    func testStringContextConcatenationStops() {
        assertExceedsBudget(String(repeating: "$d.s", count: 300), in: .string)
        assertExceedsBudget("^list($d.idx|$d.s$d.s)")
        assertExceedsBudget("^list($d.idx|x $d.s)", in: .string)
    }

    func testAnAssociationOfTextsStops() {
        assertExceedsBudget("^associate($d.idx|$item|$d.s)")
        assertExceedsBudget("^associateWithSingleValue($d.recs|$item.id|$item.text)")
        assertExceedsBudget("^associate($d.recs|$item.text|$item.id)")
    }

    func testSortingAndUniqueOfLargeTextsStop() throws {
        // Sorted by themselves, a document's texts are sorted by position (a view holding 8 bytes
        // an item; each comparison reads the two texts and keeps neither): that answers, and the
        // text made from it stops.
        for workers in [1, 4] {
            let sorted = try XCTUnwrap(
                try evaluate("^sort($d.strs|$item|desc)", in: .object, workers: workers)?.arrayValue)
            XCTAssertTrue(sorted.isDocumentView)
            XCTAssertEqual(sorted.heldBytes, 300 * 8)
        }
        assertExceedsBudget("^join(^sort($d.strs)|,)")
        // Sorted by a key read from each record, the keys are kept until the sort ends.
        assertExceedsBudget("^sort($d.recs|$item.text)")
        assertExceedsBudget("^unique($d.strs)")
        assertExceedsBudget("^unique(^list($d.strs|$item))")
        assertExceedsBudget("^unique(^list($d.recs|$item.text$item.id))")
        // One distinct text, but the list it is the distinct values of would hold them all
        // (``DataProcessingFunctions/distinctList(_:)`` is charged as the list).
        assertExceedsBudget("^unique(^list($d.recs|$item.text))")
    }

    func testCollectionResultsOfDocumentTextsStop() {
        assertExceedsBudget("^reverse($d.strs)")
        assertExceedsBudget("^appendArrays($d.strs|$d.strs)")
    }

    func testAFilterOfADocumentsTextsKeepsPositionsAndItsTextStops() throws {
        // `^filter` over a document's array keeps where the passing items begin (a selection, 8
        // bytes an item), not their texts; the text made from it is bounded by the same budget.
        for workers in [1, 4] {
            let environment = Environment()
            environment.variables.declare("d", value: try document())
            let evaluation = Evaluation(limits: EvaluationLimits(maximumBytes: budget))
            evaluation.workers = workers
            let kept = try environment.evaluate("^filter($d.strs|true)", in: .object, within: evaluation)
            XCTAssertEqual(kept?.collectionCount, 300)
            XCTAssertLessThan(evaluation.bytesUsed, 300 * big)
            XCTAssertThrowsError(try evaluation.json(of: kept)) { error in
                XCTAssertEqual(error as? MemoryBudgetExceeded, MemoryBudgetExceeded(bytes: budget), "\(error)")
            }
        }
    }

    func testNestedPerItemScopesStop() {
        // Each inner list is small (two texts); the outer keeps 2,000 of them.
        assertExceedsBudget("^list($d.idx|^list(^array(1|2)|$d.s))")
        assertExceedsBudget("^list($d.idx|^array($d.s))")
        assertExceedsBudget("^count(^list($d.idx|^associate(^array(1)|$item|$d.s)))")
    }

    func testQueriesThatOnlyReadOrKeepLittleAnswer() throws {
        for workers in [1, 4] {
            XCTAssertEqual(
                try evaluate("^count(^filter($d.recs|$item.text == $d.s))", in: .object, workers: workers),
                .integer(count))
            XCTAssertEqual(
                try evaluate("^count(^filter($d.recs|$item.id -GT 1500))", in: .object, workers: workers),
                .integer(499))
            XCTAssertEqual(
                try evaluate("^list($d.recs|$item.id)", in: .object, workers: workers),
                .array(ValueArray((0..<count).map(Value.integer))))
            XCTAssertEqual(
                try evaluate("^unique(^list($d.recs|$item.id))", in: .object, workers: workers)?.collectionCount, count)
            XCTAssertEqual(
                try evaluate("^join(^list($d.idx|$item)|,)", in: .string, workers: workers)?.stringValue?.count,
                (0..<count).map(String.init).joined(separator: ",").count)
            XCTAssertEqual(
                try evaluate("^list($d.strs|$item.length)", in: .object, workers: workers)?.collectionCount, 300)
            XCTAssertEqual(
                try evaluate("^sort(^list($d.strs|$item.length))", in: .object, workers: workers)?
                    .collectionCount, 300)
            XCTAssertEqual(try evaluate("$d.s$d.s", in: .string, workers: workers)?.stringValue?.count, 2 * big)
            XCTAssertEqual(
                try evaluate("^list(^array(1|2|3)|$d.s)", in: .object, workers: workers)?.collectionCount, 3)
        }
    }

    /// The rule itself: a text costs its bytes; a collection its slots and the texts among them, one
    /// level deep; a view of a document nothing.
    func testTheRuleOfWhatKeepingAValueCosts() throws {
        let text = String(repeating: "y", count: 1_000)
        let slot = EvaluationMeter.elementBytes
        XCTAssertEqual(EvaluationMeter.keptBytes(of: .string(text)), 1_000)
        XCTAssertEqual(EvaluationMeter.keptBytes(of: .array([.string(text), .integer(1)])), 2 * slot + 1_000)
        XCTAssertEqual(
            EvaluationMeter.keptBytes(of: .array([.array([.string(text)])])), slot, "a nested collection is a slot")
        XCTAssertEqual(
            EvaluationMeter.keptBytes(of: .dictionary(ValueDictionary(["key": .string(text)]))), 2 * slot + 1_000)
        XCTAssertEqual(
            EvaluationMeter.keptBytes(of: .array([.string("short text"), .string("a text longer than 15")])),
            2 * slot + 21, "a text of at most 15 bytes is held in its slot")
        let document = try document()
        XCTAssertEqual(EvaluationMeter.keptBytes(of: document), 0)
        guard case .dictionary(let entries) = document, let strs = entries["strs"] else {
            return XCTFail("no strs")
        }
        XCTAssertEqual(EvaluationMeter.keptBytes(of: strs), 0, "a view of a document")
    }
}
