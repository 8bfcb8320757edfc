import XCTest

@testable import MBMLEngine

/// The tables of a piece that is done with are filled again by the next piece's parse, and its
/// literals by the next piece's gathering (``TablePool``): what they hold then must not depend on
/// what they held before.
final class TablePoolTests: XCTestCase {
    private func document(_ count: Int, tag: String) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<MBML>\n"
        for index in 0..<count {
            switch index % 4 {
            case 0: text += #"    <Var name="\#(tag)\#(index)" literal="text &amp; \#(index)"/>"# + "\n"
            case 1: text += "    <Note>some text \(index)</Note>\n"
            case 2: text += #"    <\#(tag) a="1" b="&lt;\#(index)&gt;"/>"# + "\n"
            default: text += #"    <Var name="list\#(index)" type="list"><Var literal="x"/></Var>"# + "\n"
            }
        }
        return Array((text + "</MBML>\n").utf8)
    }

    private func parse(
        _ bytes: [UInt8], reusing tables: consuming XMLDocumentRecords? = nil
    ) throws -> XMLDocumentRecords {
        var tables = consume tables
        let parsed = bytes.withUnsafeBytes { buffer in
            XMLDocumentPiece(start: nil, end: nil).parse(
                buffer, path: "t.xml", roomFor: buffer.count, reusing: tables.take())
        }
        return try XCTUnwrap(parsed).records
    }

    func testTablesFilledAgainRecordWhatFreshTablesRecord() throws {
        // A larger document first, with other names, text and decoded values: the smaller one
        // parsed into its tables must not keep any of it.
        let used = try parse(document(3_000, tag: "Other"))
        let second = document(500, tag: "Item")
        let fresh = try parse(second)
        let again = try parse(second, reusing: used)
        XCTAssertEqual(again, fresh)
        XCTAssertGreaterThanOrEqual(again.elements.capacity, used.elements.count)
        XCTAssertFalse(again.names.contains("Other"))
    }

    private static let rules = PlainDeclarationRules(maximumVariableDepth: 10, takesValues: true)

    func testARunFilledAgainGathersWhatAFreshRunGathers() throws {
        let bytes = document(500, tag: "Item")
        let document = XMLSourceDocument(path: "t.xml", source: DocumentBytes(bytes), records: try parse(bytes))
        let other = self.document(3_000, tag: "Var")
        let otherDocument = XMLSourceDocument(path: "o.xml", source: DocumentBytes(other), records: try parse(other))
        var used = PreparedPiece(gathering: otherDocument, takingRuns: true, rules: Self.rules)
        let literals = used.takeRun()
        XCTAssertGreaterThan(literals.names.count, 500)
        XCTAssertTrue(used.steps.isEmpty)
        let fresh = PreparedPiece(gathering: document, takingRuns: true, rules: Self.rules)
        let again = PreparedPiece(
            gathering: document, takingRuns: true, rules: Self.rules, reusing: literals)
        XCTAssertGreaterThan(fresh.plain.names.count, 0)
        XCTAssertEqual(again.plain.names, fresh.plain.names)
        XCTAssertEqual(again.plain.values, fresh.plain.values)
        XCTAssertEqual(again.plain.kinds, fresh.plain.kinds)
        XCTAssertEqual(again.plain.elements.map(\.index), fresh.plain.elements.map(\.index))
        XCTAssertEqual(again.plain.positions.map(\.line), fresh.plain.positions.map(\.line))
        XCTAssertEqual(again.plain.positions.map(\.column), fresh.plain.positions.map(\.column))
        XCTAssertEqual(again.plain.start, fresh.plain.start)
        XCTAssertEqual(again.steps.map(Self.describe), fresh.steps.map(Self.describe))
        XCTAssertGreaterThanOrEqual(again.plain.names.capacity, literals.names.capacity)
    }

    private static func describe(_ step: PreparedPiece.Step) -> String {
        switch step {
        case .plain(let range): return "plain \(range)"
        case .element(let element): return "element \(element.index)"
        }
    }

    func testTablesHandedOverAreFilledInPlace() throws {
        // Tables nobody else holds are filled where they are (no copy, no fresh pages).
        var used: XMLDocumentRecords? = try parse(document(3_000, tag: "Other"))
        let elements = used?.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let attributes = used?.attributes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let again = try parse(document(500, tag: "Item"), reusing: used.take())
        XCTAssertEqual(again.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, elements)
        XCTAssertEqual(again.attributes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, attributes)

        let bytes = document(3_000, tag: "Var")
        let document = XMLSourceDocument(path: "t.xml", source: DocumentBytes(bytes), records: try parse(bytes))
        var gathered = PreparedPiece(gathering: document, takingRuns: true, rules: Self.rules)
        var literals: PlainDeclarationRun? = gathered.takeRun()
        let names = literals?.names.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        let refilled = PreparedPiece(
            gathering: document, takingRuns: true, rules: Self.rules, reusing: literals.take())
        XCTAssertEqual(refilled.plain.names.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }, names)
    }

    func testADocumentGivesItsTablesBackWhenItGoes() throws {
        let pool = TablePool<XMLDocumentRecords>(limit: 2)
        let bytes = document(200, tag: "Var")
        let records = try parse(bytes)
        for _ in 0..<3 {
            _ = XMLSourceDocument(path: "t.xml", source: DocumentBytes(bytes), records: records, recycler: pool)
        }
        // Two kept (the limit), each the document's tables.
        XCTAssertEqual(pool.take(), records)
        XCTAssertEqual(pool.take(), records)
        XCTAssertNil(pool.take())
        // A document without a pool gives nothing back.
        _ = XMLSourceDocument(path: "t.xml", source: DocumentBytes(bytes), records: records)
        XCTAssertNil(pool.take())
    }
}
