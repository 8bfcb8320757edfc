import Foundation
import XCTest

@testable import MBMLEngine

/// The element tree built from libxml2's SAX2 events: positions taken from the parser, text and
/// attributes as libxml2's tree would hold them, entities never expanded, recovery.
final class XMLSourceDocumentTests: XCTestCase {
    private func parse(
        _ text: String, mode: XMLParsingMode = .strict,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (XMLSourceDocument, [Diagnostic]) {
        try XMLSourceDocument.parse(Array(text.utf8), path: "t.xml", mode: mode).get()
    }

    /// Every element in document order.
    private func elements(of document: XMLSourceDocument) -> [XMLElementNode] {
        var result: [XMLElementNode] = []
        var stack = document.root.map { [$0] } ?? []
        while let element = stack.popLast() {
            result.append(element)
            stack.append(contentsOf: element.childElements.reversed())
        }
        return result
    }

    private func positions(_ text: String) throws -> [[Int]] {
        let (document, _) = try parse(text)
        return elements(of: document).map { [$0.position.line, $0.position.column] }
    }

    // MARK: Positions

    func testNestedAndPrefixedStartTags() throws {
        let text = "<MBML xmlns:x=\"urn:x\">\n  <x:Var name=\"a\"><b>t<i/></b></x:Var>\t<y:Other/>\n</MBML>"
        let (document, warnings) = try parse(text)
        XCTAssertEqual(elements(of: document).map(\.name), ["MBML", "Var", "b", "i", "y:Other"])
        XCTAssertEqual(try positions(text), [[1, 1], [2, 3], [2, 19], [2, 23], [2, 40]])
        // The unbound prefix is a namespace error libxml2 reports (and the element keeps `y:`).
        XCTAssertEqual(warnings.map(\.line), [2])
    }

    // MARK: Attributes

    func testKnownAttributesAreFoundByKeyAndOthersOnlyByName() throws {
        let text = """
            <MBML xmlns:m="urn:m">
              <Var name="a" literal="x" m:if="T" y:type="list" extra="1"/>
              <Var if="F" expression="$a" userDefaultsName="u"/>
            </MBML>
            """
        let (document, _) = try parse(text)
        let vars = try XCTUnwrap(document.root).childElements
        let first = vars[0].attributes
        XCTAssertEqual(first[.name], "a")
        XCTAssertEqual(first[.literal], "x")
        // A bound prefix is dropped from the name, as libxml2's tree drops it; an unbound one stays.
        XCTAssertEqual(first[.if], "T")
        XCTAssertNil(first[.type], "y:type is not type")
        XCTAssertEqual(first["y:type"], "list")
        XCTAssertNil(first[.value])
        XCTAssertNil(first[.other], "other attributes have no key to be asked by")
        XCTAssertEqual(first.names(notIn: XMLAttributeKeys([.name, .literal, .if])), ["y:type", "extra"])
        XCTAssertEqual(first.names(notIn: ["name", "literal"]), ["if", "y:type", "extra"])
        let second = vars[1].attributes
        XCTAssertEqual(second[.if], "F")
        XCTAssertEqual(second[.expression], "$a")
        XCTAssertEqual(second[.userDefaultsName], "u")
        XCTAssertTrue(second.keys.isSubset(of: XMLAttributeKeys([.if, .expression, .userDefaultsName])))
        XCTAssertFalse(second.keys.isSubset(of: XMLAttributeKeys([.if, .expression])))
        for key in XMLAttributeKey.allCases {
            XCTAssertEqual(key.text.map { XMLAttributeKey(name: $0) } ?? .other, key)
        }
        XCTAssertEqual(XMLAttributeKey(name: "Name"), .other, "names are case-sensitive")
    }

    /// Records hold names by number and values as bytes: more distinct names than the builder's
    /// small cache of recent ones, values with references, multi-byte text and empty values all read
    /// back as written, and the same name is one number wherever it appears.
    func testNamesAndValuesReadBackFromTheCompactRecords() throws {
        let elements = (0..<40).map { "<E\($0) a\($0)=\"v\($0)\" name=\"n\($0)\"/>" }.joined()
        let text = """
            <MBML top="1">\(elements)<Var name="é" literal="x &amp; &lt;y&gt; &#233;" value=""/>\
            <Var literal="&#38;&amp;"/></MBML>
            """
        let (document, _) = try parse(text)
        let root = try XCTUnwrap(document.root)
        XCTAssertEqual(root.attributes.pairs.map { "\($0.name)=\($0.value)" }, ["top=1"])
        let children = root.childElements
        XCTAssertEqual(children.count, 42)
        for (index, element) in children.prefix(40).enumerated() {
            XCTAssertEqual(element.name, "E\(index)")
            XCTAssertEqual(element.attributes["a\(index)"], "v\(index)")
            XCTAssertEqual(element.attributes[.name], "n\(index)")
            XCTAssertEqual(element.attributes.pairs.map(\.name), ["a\(index)", "name"])
        }
        XCTAssertEqual(document.names.filter { $0 == "name" }.count, 1, "one name, one number")
        let variable = children[40].attributes
        XCTAssertEqual(variable[.name], "é")
        XCTAssertEqual(variable[.literal], "x & <y> é")
        XCTAssertEqual(variable[.value], "")
        XCTAssertTrue(variable.contains(.value))
        XCTAssertFalse(variable.contains(.boolean))
        XCTAssertEqual(children[41].attributes[.literal], "&&")
        XCTAssertEqual(
            children[40].summary, "<Var name=\"é\" literal=\"x &amp; &lt;y> é\" value=\"\"/>")
    }

    func testTheRootKeepsItsTextButNotTheWhiteSpaceBetweenDeclarations() throws {
        let (document, _) = try parse("<MBML>\n  <Var name=\"a\">\n  x\n  </Var>\n  loose\n</MBML>")
        let root = try XCTUnwrap(document.root)
        XCTAssertEqual(root.text, "\n  loose\n")
        XCTAssertEqual(root.childElements.first?.text, "\n  x\n  ", "other elements keep all their text")
    }

    func testStartTagsOverSeveralLines() throws {
        let text = "<MBML>\n\t<Var\n\t  name=\"a\"\n\t  literal=\"x > y\n z\"/>é<Var\nname=\"é\"\n/>\n</MBML>"
        XCTAssertEqual(try positions(text), [[1, 1], [2, 2], [5, 7]])
    }

    func testColumnsAfterMultiByteCharactersAndAttributeValuesWithEntities() throws {
        let text = "<MBML><Var a=\"é&amp;日\" b=\"&#x1F600;\"/>😀<Var\n/></MBML>"
        XCTAssertEqual(try positions(text), [[1, 1], [1, 7], [1, 40]])
    }

    func testByteOrderMarkIsNotAColumn() throws {
        XCTAssertEqual(try positions("\u{FEFF}<MBML> <Var/><Var\n/></MBML>"), [[1, 1], [1, 8], [1, 14]])
    }

    func testMultiLineTagAfterALongLineNearTheEndOfALargeDocument() throws {
        // libxml2 discards parsed input near the end of a document: the start of the line is then
        // read from the source.
        let padding = String(repeating: "<Var literal=\"x\"/>", count: 3000)
        let long = String(repeating: " ", count: 700)
        let text = "<MBML>\n\(padding)\n\(long)<Var\n name=\"last\"/>\n</MBML>"
        let (document, _) = try parse(text)
        let last = try XCTUnwrap(document.root?.childElements.last)
        XCTAssertEqual(last.attributes["name"], "last")
        XCTAssertEqual(last.position, SourcePosition(line: 3, column: 701))
    }

    // MARK: Text and attributes

    func testCDATAAndNestedText() throws {
        let (document, _) = try parse(
            "<MBML><a>x<![CDATA[<y> & ]]>z<b>in<![CDATA[]]></b>w</a><e><![CDATA[]]></e><n/></MBML>")
        let children = try XCTUnwrap(document.root?.childElements)
        XCTAssertEqual(children[0].text, "x<y> & zw")
        XCTAssertEqual(children[0].nestedText, "x<y> & zinw")
        XCTAssertEqual(children[1].text, "", "an empty CDATA section is (empty) text")
        XCTAssertNil(children[2].text)
        XCTAssertNil(children[2].nestedText)
    }

    func testSummaryShowsWhetherTheElementHasContent() throws {
        let (document, _) = try parse("<MBML><V a=\"1 &amp; &lt;\"/><V><!-- c --></V><V></V></MBML>")
        XCTAssertEqual(
            document.root?.childElements.map(\.summary),
            ["<V a=\"1 &amp; &lt;\"/>", "<V>...</V>", "<V/>"])
    }

    func testEntitiesStayReferences() throws {
        let (document, _) = try parse(
            """
            <!DOCTYPE MBML [<!ENTITY t "text"> <!ENTITY m "<Fake>in</Fake>">]>
            <MBML><Var a="&t;&amp;&#38;&#65;">&m;-&t;&amp;</Var></MBML>
            """)
        let variable = try XCTUnwrap(document.root?.childElements.first)
        XCTAssertEqual(variable.attributes["a"], "&t;&&A")
        XCTAssertEqual(variable.text, "&m;-&t;&")
        XCTAssertFalse(variable.hasChildElements, "an entity's markup is never part of the tree")
        XCTAssertEqual(elements(of: document).count, 2)
    }

    func testManyReferencesToALargeEntityAreNotExpanded() throws {
        let count = 20_000
        let text =
            "<!DOCTYPE MBML [<!ENTITY a \"\(String(repeating: "x", count: 10_000))\">]>\n<MBML><Var>"
            + String(repeating: "&a;", count: count) + "</Var></MBML>"
        let (document, _) = try parse(text)
        XCTAssertEqual(document.root?.childElements.first?.text, String(repeating: "&a;", count: count))
    }

    func testExponentialEntitiesAreRefused() {
        var declarations = "<!ENTITY l0 \"lol\">"
        for level in 1...9 {
            declarations += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let text = "<!DOCTYPE MBML [\(declarations)]>\n<MBML><Var name=\"a\">&l9;</Var></MBML>"
        for mode in [XMLParsingMode.strict, .recovering] {
            switch XMLSourceDocument.parse(Array(text.utf8), path: "t.xml", mode: mode) {
            case .failure(let error):
                XCTAssertTrue(error.diagnostics.contains { $0.message.contains("entity") }, "\(error)")
            case .success(let (document, _)):
                let length = document.root?.childElements.first?.text?.count ?? 0
                XCTAssertLessThan(length, 100, "\(mode): the entity must not be expanded")
            }
        }
    }

    // MARK: Recovery

    func testRecoveryWarnsWithThePlaceAndGoesOnInTheParent() throws {
        let text = "<MBML>\n  <Var name=\"a\" <Var name=\"b\"/>\n  tail\n  <Var name=\"c\"/>\n</MBML>"
        XCTAssertThrowsError(try parse(text))
        let (document, warnings) = try parse(text, mode: .recovering)
        let root = try XCTUnwrap(document.root)
        // libxml2 closes the broken element where its start tag breaks off: what follows is its parent's.
        XCTAssertEqual(root.childElements.map { $0.attributes["name"] }, ["a", "b", "c"])
        XCTAssertNil(root.childElements.first?.text)
        XCTAssertTrue(root.text?.contains("tail") == true)
        XCTAssertEqual(
            root.childElements.map(\.position),
            [
                SourcePosition(line: 2, column: 3),
                SourcePosition(line: 2, column: 17),
                SourcePosition(line: 4, column: 3),
            ])
        let first = try XCTUnwrap(warnings.first)
        XCTAssertEqual(first.line, 2)
        XCTAssertEqual(first.severity, .warning)
        XCTAssertTrue(first.message.hasPrefix("recovered from: "), first.message)
    }

    func testParsingTwiceGivesTheSameTree() throws {
        let text = "<MBML><Var name=\"a\">x<b/>y</Var>\n<Var name=\"b\" literal=\"&amp;\"/></MBML>"
        let (first, _) = try parse(text)
        let (second, _) = try parse(text)
        XCTAssertEqual(elements(of: first).map(\.summary), elements(of: second).map(\.summary))
        XCTAssertEqual(elements(of: first).map(\.position), elements(of: second).map(\.position))
    }

    // MARK: The root's text

    /// The root's text, as its pieces hold it.
    private func rootText(of document: XMLSourceDocument) -> String {
        let bytes = document.textPieces.filter { $0.element == 0 }.flatMap {
            document.textBytes[Int($0.start)..<Int($0.end)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// libxml2 hands text over a piece at a time, ending one at the end of its input buffer: a
    /// run of the root's text is kept whole or dropped whole (white space alone), wherever those ends
    /// fall (a comment before the root moves them).
    func testTheRootsTextIsTheSameWhereverTheParserDividesIt() throws {
        let spaces = String(repeating: " ", count: 9_000)
        let body =
            "<MBML>\n<Var name=\"a\"/>\(spaces)more<Var name=\"b\"/>text\(spaces)\n<Var name=\"c\"/>\n"
            + "<Var name=\"d\"/>\(spaces)<Var name=\"e\"/>\n</MBML>\n"
        for padding in stride(from: 0, to: 4_100, by: 137) {
            let text = "<!--\(String(repeating: "x", count: padding))-->\n" + body
            let (document, _) = try parse(text)
            XCTAssertEqual(rootText(of: document), spaces + "more" + "text" + spaces + "\n", "padding \(padding)")
        }
    }
}
