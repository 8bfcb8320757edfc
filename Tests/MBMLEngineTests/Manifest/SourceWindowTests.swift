import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// Attribute values read from the source (``SourceWindow``) instead of copied: taken for values as
/// they are written, never for one the parser decoded or normalized, and equal to the decoded
/// value either way, in documents long enough for libxml2 to move its input window and in a
/// document it converts from another encoding.
final class SourceWindowTests: XCTestCase {
    /// A piece of an attribute value: as written, and as the tree holds it.
    private static let pieces: [(written: String, decoded: String)] = [
        ("plain", "plain"), ("x y", "x y"), ("é", "é"), ("日本", "日本"), ("😀", "😀"), ("&amp;", "&"),
        ("&lt;", "<"), ("&#233;", "é"), ("&#38;", "&"), ("&#10;", "\n"), ("\n", " "), ("\t", " "),
        ("&e;", "&e;"), (">", ">"), ("'", "'"),
        (String(repeating: "long ", count: 40), String(repeating: "long ", count: 40)),
    ]

    /// A random document and the decoded value of each attribute, in document order.
    private func generatedDocument(
        elements: Int, using generator: inout SeededGenerator
    ) -> (text: String, values: [String]) {
        var text = "<!DOCTYPE MBML [<!ENTITY e \"entity\">]>\n<MBML>\n"
        var values: [String] = []
        for index in 0..<elements {
            text += "  <Var"
            for attribute in 0..<Int.random(in: 0...3, using: &generator) {
                let chosen = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                    Self.pieces.randomElement(using: &generator) ?? ("", "")
                }
                text += " a\(attribute)=\"\(chosen.map(\.written).joined())\""
                values.append(chosen.map(\.decoded).joined())
            }
            text += index % 5 == 0 ? ">text</Var>\n" : "/>\n"
        }
        return (text + "</MBML>\n", values)
    }

    private func values(of document: XMLSourceDocument) throws -> [String] {
        let root = try XCTUnwrap(document.root)
        return root.childElements.flatMap { $0.attributes.pairs.map(\.value) }
    }

    func testValuesReadFromTheSourceEqualTheDecodedValues() throws {
        var generator = SeededGenerator(seed: 0x50_0C3)
        var inSource = 0
        var copied = 0
        for round in 0..<6 {
            let (text, expected) = generatedDocument(elements: round == 0 ? 20 : 3000, using: &generator)
            let (document, diagnostics) = try XMLSourceDocument.parse(Array(text.utf8), path: "t.xml").get()
            XCTAssertEqual(diagnostics, [])
            XCTAssertEqual(try values(of: document), expected)
            for attribute in document.attributes where attribute.valueEnd > attribute.valueStart {
                let bytes =
                    attribute.isInSource
                    ? document.source.withUnsafeBufferPointer {
                        Array($0[Int(attribute.valueStart)..<Int(attribute.valueEnd)])
                    }
                    : Array(document.valueBytes[Int(attribute.valueStart)..<Int(attribute.valueEnd)])
                if attribute.isInSource {
                    inSource += 1
                    XCTAssertFalse(bytes.contains(UInt8(ascii: "&")), "a value with a reference is decoded")
                    XCTAssertFalse(bytes.contains(UInt8(ascii: "\n")), "a value with a line feed is normalized")
                } else {
                    copied += 1
                }
            }
        }
        XCTAssertGreaterThan(inSource, 2000, "values as written are read from the source")
        XCTAssertGreaterThan(copied, 2000, "decoded values are copied")
    }

    func testADocumentConvertedFromAnotherEncodingCopiesItsValues() throws {
        var generator = SeededGenerator(seed: 0x1508_8591)
        let (text, expected) = generatedDocument(elements: 2000, using: &generator)
        // The same document in ISO-8859-1, without the characters that encoding lacks.
        let latin = text.replacingOccurrences(of: "日本", with: "").replacingOccurrences(of: "😀", with: "")
        let latinExpected = expected.map {
            $0.replacingOccurrences(of: "日本", with: "").replacingOccurrences(of: "😀", with: "")
        }
        let declared = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" + latin
        let bytes = try XCTUnwrap(declared.data(using: .isoLatin1))
        let (document, diagnostics) = try XMLSourceDocument.parse(Array(bytes), path: "t.xml").get()
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(try values(of: document), latinExpected)
        XCTAssertFalse(document.attributes.contains(where: \.isInSource), "converted bytes are not the source's")
    }
}
