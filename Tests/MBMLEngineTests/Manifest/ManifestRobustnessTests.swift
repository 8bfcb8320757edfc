import Foundation
import XCTest

@testable import MBMLEngine

/// Exact `line:column` positions and hostile input: nothing may crash, everything is reported.
final class ManifestRobustnessTests: ManifestTestCase {
    // MARK: Positions

    func testMarkupInDeclarationsCommentsAndCDATAIsNotAnElement() throws {
        let source = """
            <?xml version="1.0"?>
            <!DOCTYPE MBML [ <!ENTITY e "<Fake/>"> <!-- <Fake> ' --> ]>
            <MBML a="x > y"><!-- <Fake/> --><![CDATA[ <Fake/> ]]><?pi <Fake/> ?>
              <Var
                 name="multi"/></MBML>
            """
        let (document, warnings) = try XMLSourceDocument.parse(Array(source.utf8), path: "t.xml").get()
        XCTAssertEqual(warnings, [])
        let root = try XCTUnwrap(document.root)
        XCTAssertEqual(root.position, SourcePosition(line: 3, column: 1))
        XCTAssertEqual(root.childElements.map(\.name), ["Var"])
        XCTAssertEqual(root.childElements.map(\.position), [SourcePosition(line: 4, column: 3)])
    }

    func testColumnsCountCharactersNotBytes() throws {
        let result = try load(contents: "<MBML><!-- é日本😀 --> <Bogus/></MBML>")
        XCTAssertEqual(result.diagnostics.first?.column, 21)
    }

    func testMultiLineStartTagIsReportedWhereItBegins() throws {
        let result = try load(contents: "<MBML>\n    <Var\n        name=\"a\"\n        type=\"bogus\"/>\n</MBML>")
        XCTAssertEqual(result.diagnostics.map { [$0.line, $0.column] }, [[2, 5]])
    }

    func testMarkupInsideCommentsCDATAAndAttributesDoesNotShiftPositions() throws {
        let result = try load(
            contents: """
                <MBML>
                  <!-- <Var name="commented"/> -->
                  <Var name="a"><![CDATA[<Var>]]></Var>
                  <Var name="b" literal="x > y &gt; z"/> <Bogus/>
                </MBML>
                """)
        XCTAssertEqual(result.environment.variables["a"], "<Var>")
        XCTAssertEqual(descriptions(result), ["test.xml:4:42: The following XML construct is not valid MBML: <Bogus/>"])
    }

    func testByteOrderMarkAndCRLF() throws {
        let result = try load(contents: "\u{FEFF}<MBML>\r\n<Bogus/>\r\n  <Var type=\"x\" name=\"a\"/></MBML>")
        XCTAssertEqual(result.diagnostics.map { [$0.line, $0.column] }, [[2, 1], [3, 3]])
    }

    func testNamespacedElementsKeepPositions() throws {
        let result = try load(contents: "<MBML xmlns:x=\"urn:x\">\n <x:Other/>\n <Var name=\"a\" type=\"q\"/></MBML>")
        XCTAssertEqual(result.diagnostics.map { [$0.line, $0.column] }, [[2, 2], [3, 2]])
    }

    // MARK: Hostile input

    func testTenThousandNestedListsDoNotCrash() throws {
        let depth = 10_000
        var text = "<MBML>\n<Var name=\"deep\" type=\"list\">\n"
        for _ in 1..<depth { text += "<Var type=\"list\">\n" }
        text += String(repeating: "</Var>", count: depth) + "\n</MBML>"
        do {
            let result = try load(contents: text)
            // A parser without a depth limit would hand the tree over: then the loader must refuse it.
            XCTAssertNil(result.environment.variables.declaration(of: "deep"))
            XCTAssertFalse(result.errors.isEmpty)
        } catch let error as ManifestError {
            let diagnostic = try XCTUnwrap(error.diagnostics.first)
            XCTAssertEqual(diagnostic.file, "test.xml")
            XCTAssertGreaterThan(diagnostic.line, 100)
            XCTAssertTrue(diagnostic.message.lowercased().contains("depth"), diagnostic.message)
        }
    }

    func testBinaryGarbageIsADiagnostic() {
        var bytes: [UInt8] = Array("<MBML>".utf8)
        var state: UInt32 = 12345
        for _ in 0..<4096 {
            state = state &* 1_103_515_245 &+ 12345
            bytes.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        let error = loadError(contents: String(decoding: bytes, as: UTF8.self))
        XCTAssertEqual(error?.diagnostics.first?.file, "test.xml")
        XCTAssertEqual(error?.diagnostics.first?.severity, .error)
    }

    func testUnboundPrefixAndBadEncodingDoNotCrash() {
        XCTAssertNotNil(loadError(contents: "<?xml version=\"1.0\" encoding=\"no-such-encoding\"?><MBML/>"))
        XCTAssertNotNil(loadError(contents: "<MBML><Var name=\"a\" name=\"b\"/></MBML>"))
        XCTAssertNotNil(loadError(contents: "<MBML>&undeclared;</MBML>"))
    }

    func testManyVariablesLoad() throws {
        let count = 100_000
        var text = "<MBML>\n"
        text.reserveCapacity(count * 40)
        for index in 0..<count {
            text += "<Var name=\"v\(index)\" literal=\"value \(index)\"/>\n"
        }
        text += "<Var name=\"list\" type=\"list\">"
        for index in 0..<1000 { text += "<Var literal=\"\(index)\"/>" }
        text += "</Var>\n<Bogus/>\n</MBML>"
        let result = try load(contents: text)
        XCTAssertEqual(result.environment.variables["v0"], "value 0")
        XCTAssertEqual(result.environment.variables["v99999"], "value 99999")
        XCTAssertEqual(result.environment.variables["list"]?.arrayValue?.count, 1000)
        // The position of a diagnostic past line 65535 is exact.
        XCTAssertEqual(
            descriptions(result), ["test.xml:\(count + 3):1: The following XML construct is not valid MBML: <Bogus/>"])
    }
}
