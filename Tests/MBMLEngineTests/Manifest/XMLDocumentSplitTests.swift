import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// A document parsed in two halves side by side (``XMLDocumentSplit``) is the document one parse
/// of the whole makes, record for record, wherever the cut falls; a cut in the wrong place, a
/// half libxml2 refuses or warns about, and the forms that are never cut are parsed whole.
final class XMLDocumentSplitTests: XCTestCase {
    private struct Outcome: Equatable {
        var records = XMLDocumentRecords()
        var diagnostics: [String] = []
        /// What the loader reads: every element's name, position, attributes and text.
        var read: [String] = []
    }

    private func outcome(_ text: [UInt8], _ splitting: XMLSplitting) -> (Outcome, halves: Bool) {
        switch XMLSourceDocument.parse(text, path: "t.xml", splitting: splitting) {
        case .failure(let error):
            return (Outcome(diagnostics: error.diagnostics.map(\.description)), false)
        case .success(let (document, warnings)):
            var read: [String] = []
            for index in document.elements.indices {
                let element = XMLElementNode(document: document, index: index)
                let attributes = element.attributes.pairs.map { "\($0.name)=\($0.value)" }
                read.append(
                    "\(element.name)@\(element.position.line):\(element.position.column) \(attributes) "
                        + "\(element.text ?? "-") \(element.summary)")
            }
            let outcome = Outcome(
                records: document.records, diagnostics: warnings.map(\.description), read: read)
            return (outcome, document.wasParsedInHalves)
        }
    }

    /// Tries a cut after every line feed of `text`; returns how many were taken.
    @discardableResult
    private func checkEveryCut(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
        let bytes = Array(text.utf8)
        let (whole, wasSplit) = outcome(bytes, .never)
        XCTAssertFalse(wasSplit, file: file, line: line)
        var taken = 0
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            let (halves, wasSplit) = outcome(bytes, .near(offset))
            if wasSplit { taken += 1 }
            if halves != whole {
                XCTFail("cut near \(offset) differs in \(text.debugDescription)", file: file, line: line)
                return taken
            }
        }
        return taken
    }

    // MARK: Cuts

    func testEveryCutOfHandWrittenDocumentsGivesTheWholeParse() {
        let documents = [
            "<MBML>\n  <Var name=\"a\" literal=\"1\"/>\n  <Var name=\"b\" literal=\"2\"/>\n</MBML>\n",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- head -->\n<?pi x?>\n<MBML a=\"x &amp; y\"\n  b='2'>\n"
                + "  <Var name=\"l\" type=\"list\">\n    <Var literal=\"é &#38; 日本 &#x41;\"/>\n  </Var>\n"
                + "  <Var name=\"t\">text <b>bold</b> more</Var>\n  <!-- c >\n  <Var name=\"in comment\"/> -->\n"
                + "  <Var name=\"cdata\"><![CDATA[ x >\n  <Var/> ]]></Var>\n  <Var name=\"m\"\n     literal=\"two\n"
                + "lines\"/>\n  <?pi >\n  <Var/> ?>\n  <Var name=\"last\" literal=\"&lt;&gt;\"/>\n</MBML>\n<!-- tail -->\n",
            "\u{FEFF}<?xml version='1.0' encoding='utf-8' standalone='yes'?><MBML xmlns:m=\"urn:m\">\r\n"
                + "  <m:Var name=\"a\" m:literal=\"1\"/>\r\n\t<Var name=\"b\" literal=\"\u{1F600}\"/>\r\n"
                + "  <Function class=\"C\" name=\"f\"/>\r\n</MBML>\r\n",
            "<MBML>junk\n  <Var name=\"a\"/>\n  more junk\n  <Var name=\"b\"/>\n  <Var name=\"c\"/>\nend</MBML>",
            "<mbml>\n  <mbml>\n    <Var name=\"a\"/>\n  </mbml>\n  <Var name=\"b\" literal=\"x\"/>\n</mbml>\n",
            // Text of the root that ends a line in `>` before an element's line (found by the fuzzer):
            // the whole parse reads it with the next line's indentation.
            "<MBML>\n  <Var name=\"a\"/>\n  stray text/>\n  <Var name=\"b\"/>\n  <Var name=\"c\"/>\n</MBML>\n",
            "<MBML>\n  <Var name=\"a\"/><!-- c -->text ]>\n  <Var name=\"b\"/>\n</MBML>\n",
            // Text of the root on both sides of the cut with only empty elements between: one piece.
            "<MBML>\n  abc <b/>\n  <Var name=\"a\"/>def\n  <Var name=\"b\"/>\n</MBML>\n",
            // Warnings (an unbound prefix) and errors: always parsed whole.
            "<MBML>\n  <Var name=\"a\"/>\n  <y:Var name=\"b\"/>\n  <Var name=\"c\"/>\n</MBML>\n",
            "<MBML>\n  <Var name=\"a\"/>\n  <Var name=\"b\">\n  <Var name=\"c\"/>\n</MBML>\n",
            "<MBML>\n  <Var name=\"a\"/>\n  <Var name=\"b\" literal=\"&nope;\"/>\n  <Var name=\"c\"/>\n</MBML>\n",
        ]
        var taken = 0
        for document in documents { taken += checkEveryCut(document) }
        XCTAssertGreaterThan(taken, 12, "cuts were taken")
    }

    func testEveryCutOfRandomManifestsGivesTheWholeParse() {
        var generator = SeededGenerator(seed: 0x5EED_0C07)
        var taken = 0
        for _ in 0..<40 {
            taken += checkEveryCut(Self.randomManifest(using: &generator))
        }
        XCTAssertGreaterThan(taken, 100, "cuts were taken")
    }

    /// Bytes changed, removed or added anywhere: the halves answer what the whole parse answers
    /// (the same document, or the same errors).
    func testMutatedDocumentsGiveTheWholeParse() {
        var generator = SeededGenerator(seed: 0xBAD_5EED)
        let interesting: [UInt8] = Array("<>/\"'&;!-?[]\n =x".utf8) + [0xC3, 0x00]
        var taken = 0
        for _ in 0..<1000 {
            var bytes = Array(Self.randomManifest(using: &generator).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[at] = interesting.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: at)
                default: bytes.insert(interesting.randomElement(using: &generator) ?? 0, at: at)
                }
            }
            let (whole, _) = outcome(bytes, .never)
            let target = Int.random(in: 0..<bytes.count, using: &generator)
            let (halves, wasSplit) = outcome(bytes, .near(target))
            if wasSplit { taken += 1 }
            XCTAssertEqual(halves, whole, String(decoding: bytes, as: UTF8.self))
        }
        XCTAssertGreaterThan(taken, 15, "cuts were taken")
    }

    /// A large manifest is cut without being asked (on a machine with a second processor).
    func testLargeDocumentsAreParsedInHalvesWhenThereIsASecondProcessor() {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MBML>\n"
        var index = 0
        while text.utf8.count < XMLSplitting.minimumSize + 1000 {
            text += "    <Var name=\"literal\(index)\" literal=\"text \(index) &amp; é\"/>\n"
            text += "    <Var name=\"list\(index)\" type=\"list\">\n        <Var literal=\"a\(index)\"/>\n    </Var>\n"
            // Start tags over several lines, whose start libxml2 may have let go of by their end.
            let accents = String(repeating: "é", count: index % 300)
            text += "    <Var\n        name=\"lines\(index)\"\n        literal=\"\(accents)\"/>\n"
            index += 1
        }
        text += "</MBML>\n"
        let bytes = Array(text.utf8)
        let (whole, _) = outcome(bytes, .never)
        let (automatic, wasSplit) = outcome(bytes, .automatic)
        XCTAssertEqual(wasSplit, Evaluation.activeProcessors > 1)
        XCTAssertEqual(automatic, whole)
        XCTAssertEqual(whole.records.elements.count, 4 * index + 1)
        XCTAssertEqual(outcome(bytes, .always).0, whole)
        let (small, smallWasSplit) = outcome(Array("<MBML>\n  <Var/>\n  <Var/>\n</MBML>".utf8), .automatic)
        XCTAssertFalse(smallWasSplit, "a small document is parsed whole")
        XCTAssertEqual(small.records.elements.count, 3)
    }

    // MARK: Forms never cut

    func testFormsThatAreNeverCut() {
        let never = [
            "<!DOCTYPE MBML [<!ENTITY e \"x\">]>\n<MBML>\n  <Var literal=\"&e;\"/>\n  <Var/>\n</MBML>",
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<MBML>\n  <Var/>\n  <Var/>\n</MBML>",
            "<MBML/>\n\n<!-- x -->\n",
            "text\n<MBML>\n  <Var/>\n  <Var/>\n</MBML>",
            "<MBML><Var/><Var/><Var/></MBML>\n",
        ]
        for text in never {
            let bytes = Array(text.utf8)
            for target in 0..<bytes.count {
                let found = bytes.withUnsafeBytes { XMLDocumentSplit.find(in: $0, near: target) }
                XCTAssertNil(found, "\(text.debugDescription) near \(target)")
            }
        }
        let utf16 = Array("<MBML>\n  <Var/>\n  <Var/>\n</MBML>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertNil(([0xFF, 0xFE] + utf16).withUnsafeBytes { XMLDocumentSplit.find(in: $0, near: 0) })
    }

    /// Not before a comment, and not after text (its white space would no longer be the root's
    /// white space between two elements, which is dropped): before the second `<Var/>`.
    func testTheCutIsAtALineStartAfterATagAndBeforeAnElement() throws {
        let text = "<?xml version=\"1.0\"?>\n<M:MBML\n  a=\">\">\n  <!-- x -->\n  text\n  <Var/>\n  <Var/>\n</M:MBML>"
        let bytes = Array(text.utf8)
        let split = try XCTUnwrap(bytes.withUnsafeBytes { XMLDocumentSplit.find(in: $0, near: 0) })
        XCTAssertEqual(String(decoding: bytes[split.rootName], as: UTF8.self), "M:MBML")
        XCTAssertEqual(String(decoding: bytes[split.cut...].prefix(8), as: UTF8.self), "  <Var/>")
        XCTAssertEqual(bytes[split.cut - 1], UInt8(ascii: "\n"))
        let start = bytes.withUnsafeBytes { split.secondHalfStart(in: $0) }
        XCTAssertEqual(
            String(decoding: start + bytes[split.cut...], as: UTF8.self),
            "<?xml version=\"1.0\"?><M:MBML\n  a=\">\">\n  <Var/>\n</M:MBML>")
        XCTAssertEqual(String(decoding: start, as: UTF8.self), "<?xml version=\"1.0\"?><M:MBML\n  a=\">\">\n")
        XCTAssertEqual(bytes.withUnsafeBytes { split.firstHalfEnd(in: $0) }, Array("</M:MBML>".utf8))
    }

    // MARK: Random manifests

    private static func randomManifest(using generator: inout SeededGenerator) -> String {
        let values = [
            "x", "text 1", "a &amp; b", "&#38;", "&lt;tag&gt;", "é", "日本", "\u{1F600}", "", "two\nlines", "tab\there",
            "&#x41;&#66;", "$a.b", "q'uote", ">",
        ]
        let names = ["Var", "Function", "Include", "b", "i", "m:Var", "Other"]
        var text = ""
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        case 1: text += "<?xml version='1.0'?>\n<!-- c -->\n"
        case 2: text += "\u{FEFF}"
        default: break
        }
        text += Bool.random(using: &generator) ? "<MBML xmlns:m=\"urn:m\" modules=\"x\">\n" : "<MBML>\n"
        func element(_ depth: Int) -> String {
            let name = names.randomElement(using: &generator) ?? "Var"
            var tag = String(repeating: "  ", count: depth) + "<\(name)"
            for attribute in ["name", "literal", "value", "m:if"].shuffled(using: &generator).prefix(
                Int.random(in: 0...3, using: &generator))
            {
                let value = values.randomElement(using: &generator) ?? ""
                tag += (Bool.random(using: &generator) ? " " : "\n    ") + "\(attribute)=\"\(value)\""
            }
            let shape = depth < 4 ? Int.random(in: 0..<10, using: &generator) : 0
            switch shape {
            case 0..<5: return tag + "/>\n"
            case 5: return tag + "><![CDATA[ a >\n  <Var/> ]]></\(name)>\n"
            case 6: return tag + ">text <b>bold</b> &amp; more</\(name)>\n"
            default:
                var body = tag + ">\n"
                for _ in 0..<Int.random(in: 0...3, using: &generator) { body += element(depth + 1) }
                return body + String(repeating: "  ", count: depth) + "</\(name)>\n"
            }
        }
        for _ in 0..<Int.random(in: 2...12, using: &generator) {
            switch Int.random(in: 0..<12, using: &generator) {
            case 0: text += "  <!-- note >\n  <Var/> -->\n"
            case 1: text += "  <?pi data >\n  <Var/> ?>\n"
            case 2: text += "  stray text\n"
            case 3: text += "\r\n"
            default: text += element(1)
            }
        }
        return text + "</MBML>\n"
    }
}
