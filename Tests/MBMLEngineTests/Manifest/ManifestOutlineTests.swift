import MBMLEngine
import XCTest

/// The tolerant outline of a manifest's text: elements, their spans and attributes, in the UTF-16
/// positions an editor counts.
final class ManifestOutlineTests: XCTestCase {
    private func position(_ line: Int, _ column: Int) -> ManifestOutline.Position {
        .init(line: line, utf16Column: column)
    }

    func testNestedElementsTheirSpansAndParents() {
        let text = """
            <MBML>
                <Var name="cats" type="list">
                    <Var literal="Barrett"/>
                </Var>
            </MBML>
            """
        let outline = ManifestOutline(text: text)
        XCTAssertEqual(outline.elements.map(\.name), ["MBML", "Var", "Var"])
        XCTAssertEqual(outline.elements.map(\.parent), [nil, 0, 1])
        XCTAssertEqual(outline.elements[1].start, position(1, 4))
        XCTAssertEqual(outline.elements[1].end, position(3, 10))
        XCTAssertEqual(outline.elements[2].end, position(2, 32), "an empty element ends at its />")
        XCTAssertEqual(outline.elements[0].end, position(4, 7))
        let name = outline.elements[1].attribute("name")
        XCTAssertEqual(name?.value, "cats")
        XCTAssertEqual(name?.valueStart, position(1, 15))
        XCTAssertEqual(name?.valueEnd, position(1, 19))
        XCTAssertEqual(outline.childIndexes()[nil], [0])
        XCTAssertEqual(outline.childIndexes()[1], [2])
        XCTAssertEqual(outline.innermostElement(containing: position(2, 12)), 2)
    }

    func testColumnsCountUTF16AndValuesAreDecoded() {
        let text = #"<Var name="😀" value="a &amp; b &#x41;"/>"#
        let outline = ManifestOutline(text: text)
        let value = outline.elements[0].attribute("value")
        XCTAssertEqual(value?.value, "a & b A")
        // The emoji is two UTF-16 units: the value starts at 22, not 21.
        XCTAssertEqual(value?.valueStart, position(0, 22))
    }

    func testCommentsCDATAAndDeclarationsAreSkipped() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE MBML [ <!ENTITY x "<Var name='no'/>"> ]>
            <MBML><!-- <Var name="no"/> --><![CDATA[<Var name="no"/>]]><Var name="yes"/></MBML>
            """
        let outline = ManifestOutline(text: text)
        XCTAssertEqual(outline.elements.map(\.name), ["MBML", "Var"])
        XCTAssertEqual(outline.elements[1].attribute("name")?.value, "yes")
    }

    func testTextBeingTypedNeverFails() {
        // Unclosed elements end at the end of the text; a stray end tag closes nothing; a tag left
        // unfinished ends where the next one starts.
        let text = "<MBML>\n  </Nope>\n  <Var name=\"a\n  <Var name=\"b\">"
        let outline = ManifestOutline(text: text)
        XCTAssertEqual(outline.elements.map(\.name), ["MBML", "Var", "Var"])
        XCTAssertEqual(outline.elements[0].end, position(3, 16))
        XCTAssertEqual(outline.elements[2].attribute("name")?.value, "b")
        XCTAssertTrue(ManifestOutline(text: "<").elements.isEmpty)
        XCTAssertTrue(ManifestOutline(text: "<!--").elements.isEmpty)
    }

    func testCompletionMatchingIgnoresCaseAndRanksTheSameCaseFirst() {
        XCTAssertTrue(CompletionMatching.matches("Total", typed: "tot"))
        XCTAssertTrue(CompletionMatching.matches("total", typed: ""))
        XCTAssertFalse(CompletionMatching.matches("subtotal", typed: "tot"))
        XCTAssertEqual(
            CompletionMatching.ranked(["Total", "cats", "total", "TOTALS"], typed: "tot"), ["total", "Total", "TOTALS"])
    }
}
