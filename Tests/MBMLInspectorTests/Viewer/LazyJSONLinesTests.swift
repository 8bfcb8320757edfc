import MBMLEngine
import XCTest

@testable import MBMLInspector

/// The viewer shows lazily read JSON (a view of a document, ``ValueArray``) line for line as it shows the same value
/// read whole, and counts its lines from the text.
final class LazyJSONLinesTests: XCTestCase {
    private let text: String = {
        let records = (0..<12_000).map { index in
            #"{"id":\#(index),"name":"P\#(index)","tags":[\#(index % 3 == 0 ? "" : #""a","b""#)],"#
                + #""address":{\#(index % 5 == 0 ? "" : #""city":"C","zip":"\#(index)""#)},"$key":null}"#
        }
        return #"{"meta":{"n":12000},"records":["# + records.joined(separator: ",") + "]}"
    }()

    func testLinesAndCountsMatchTheWholeValue() throws {
        let whole = JSONLines(try JSONCodec.decodePlain(text))
        let lazyValue = try JSONCodec.decodePlainLazily(Array(text.utf8))
        guard lazyValue.jsonNode != nil else { return XCTFail("not lazy") }
        let lazy = JSONLines(lazyValue)
        let total = whole.lineCount()
        XCTAssertEqual(lazy.lineCount(), total)
        // Lines by number, as a jump finds them, at both ends and through the middle.
        for line in [0, 1, 2, 3, 7, 8, 9, 100, 1_001, total / 2, total - 3, total - 2, total - 1] {
            XCTAssertEqual(JSONLines(lazyValue).line(line), whole.line(line), "line \(line)")
        }
        XCTAssertNil(lazy.line(total))
        // And in order, as a screen and a search read them.
        var lazyLines: [String] = []
        lazy.forEachLine(from: total - 200) { _, text in
            lazyLines.append(text)
            return true
        }
        var wholeLines: [String] = []
        whole.forEachLine(from: total - 200) { _, text in
            wholeLines.append(text)
            return true
        }
        XCTAssertEqual(lazyLines, wholeLines)
    }
}
