import XCTest

@testable import MBMLEngine

/// The tables of a piece that is done with are filled again by the next piece's parse
/// (``XMLRecordsPool``): what that parse records must not depend on what the tables held.
final class XMLRecordsPoolTests: XCTestCase {
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

    private func parse(_ bytes: [UInt8], reusing tables: XMLDocumentRecords? = nil) throws -> XMLDocumentRecords {
        let parsed = bytes.withUnsafeBytes { buffer in
            XMLDocumentPiece(start: nil, end: nil).parse(buffer, path: "t.xml", roomFor: buffer.count, reusing: tables)
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

    func testADocumentGivesItsTablesBackWhenItGoes() throws {
        let pool = XMLRecordsPool(limit: 2)
        let bytes = document(200, tag: "Var")
        let records = try parse(bytes)
        for _ in 0..<3 {
            _ = XMLSourceDocument(path: "t.xml", source: bytes, records: records, recycler: pool)
        }
        // Two kept (the limit), each the document's tables.
        XCTAssertEqual(pool.take(), records)
        XCTAssertEqual(pool.take(), records)
        XCTAssertNil(pool.take())
        // A document without a pool gives nothing back.
        _ = XMLSourceDocument(path: "t.xml", source: bytes, records: records)
        XCTAssertNil(pool.take())
    }
}
