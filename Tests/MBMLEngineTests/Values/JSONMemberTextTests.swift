import Foundation
import XCTest

@testable import MBMLEngine

/// Issue #20: `mbml eval --jsonl` echoes the request's id as the text it was given.
final class JSONMemberTextTests: XCTestCase {
    private func id(_ line: String) -> String? {
        JSONCodec.memberText(named: "id", inObject: line).map(String.init)
    }

    func testNumbersComeBackAsWritten() {
        let fifty = "12345678901234567890123456789012345678901234567890"
        for text in [
            fifty, "-" + fifty, "1.0", "-0", "1e400", "0.10", "1E+2", "12345678901234567890123456789012345678901",
        ] {
            XCTAssertEqual(id(#"{"expr": "x", "id": \#(text)}"#), text)
            XCTAssertEqual(id(#"{ "id" :  \#(text) , "expr": "x"}"#), text)
        }
    }

    func testStringsAndStructuresComeBackAsWritten() {
        for text in [
            #""a\u0041\"b\\""#, #""é""#, #"[1, {"id": 2}, "]"]"#, #"{"$set": [1.50]}"#, "null", "true", #""""#,
        ] {
            XCTAssertEqual(id(#"{"id":\#(text),"expr":"x"}"#), text)
        }
    }

    func testTheNameIsMatchedDecodedAndTheLastOneWins() {
        XCTAssertEqual(id(#"{"\u0069d": 7, "expr": "x"}"#), "7")
        XCTAssertEqual(id(#"{"id": 1, "id": 2.0}"#), "2.0")
        XCTAssertEqual(try JSONCodec.decodeTagged(#"{"id": 1, "id": 2.0}"#).dictionaryValue?["id"], .decimal(2))
        XCTAssertNil(id(#"{"ids": 1, "x": {"id": 2}}"#))
    }

    func testNoTextForWhatIsNotAValidObject() {
        XCTAssertNil(id(#"[{"id": 1}]"#))
        XCTAssertNil(id(#"{"id": 1"#))
        XCTAssertNil(id(#"{"id": 1} x"#))
        XCTAssertNil(id(""))
    }
}
