import Foundation
import XCTest

@testable import MBMLEngine

/// A key of a small object of a loaded document is found in one pass over its text
/// (``JSONKeyLookup``), with what decoding the whole object keeps for the key.
final class JSONKeyLookupTests: XCTestCase {
    /// Objects of differing shapes, repeated keys, escaped and non-ASCII keys, nested objects and
    /// arrays holding the same keys, white space everywhere, strings with brackets and quotes.
    private let objects = [
        #"{"id":0,"name":"Person 0","age":32,"tags":["a","b"],"address":{"city":"City 0","zip":"1"}}"#,
        #"{"age":1,"id":2}"#,
        #"{"name":"x","address":{"age":5,"city":"inner"},"age":7}"#,
        #"{"age":1,"age":2,"id":3,"age":{"n":4}}"#,
        #"{ "age" : 9 , "a\u0067e" : 10 }"#,
        #"{"a\u0067e":11,"ag":12,"agee":13}"#,
        #"{"\u212A":"kelvin","K":"k","K":"last"}"#,
        #"{"\u212A":"kelvin only"}"#,
        #"{"caf\u00e9":1,"café":2,"e\u0301":3}"#,
        #"{"s":"}]{[\"age\":1","age":"]\"}","t":[{"age":0},[1,{"x":"}"}]],"u":-1.5e3,"age":null}"#,
        "{\n\t\"age\" :\r\n [ 1 , { \"age\" : 2 } ] ,\n \"x\":true , \"y\" : false}",
        #"{}"#, #"{"":1,"age":""}"#, #"{"ages":1,"agf":2,"ag\"e":3}"#,
    ]
    private let keys = ["age", "id", "name", "address", "city", "K", "\u{212A}", "café", "é", "", "ag\"e", "nothing"]

    func testEveryKeyReadsAsInTheDecodedObject() throws {
        for text in objects {
            let lazy = try JSONCodec.decodePlainLazily(Array("[\(text),\(text)]".utf8))
            let eager = try JSONCodec.decodePlain(text)
            guard case .array(let elements) = lazy, case .dictionary(let view) = elements[1], view.jsonNode != nil,
                case .dictionary(let decoded) = eager
            else { return XCTFail("not a view: \(text)") }
            for key in keys {
                XCTAssertEqual(view[key], decoded[key], "\(key) in \(text)")
            }
        }
    }

    /// The one-pass look-up is what answers for a small object with a plain key (not the longer
    /// way), and hands a long object on (it may be one the structure index records).
    func testTheOnePassAnswersForSmallObjectsAndHandsOnLongOnes() throws {
        let small = Array(#"{"id":1,"age":2,"age":3,"x":{"age":4}}"#.utf8)
        let long = Array(("{" + (0..<600).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","age":5}"#).utf8)
        for (text, limit, expected) in [(small, 4096, "found"), (long, 4096, "tooLong"), (small, 10, "tooLong")] {
            let outcome = text.withUnsafeBufferPointer { bytes in
                var key = "age"
                return key.withUTF8 { wanted in
                    JSONKeyLookup(wanted: wanted, key: "age").find(in: bytes, objectAt: 0, limit: limit)
                }
            }
            switch outcome {
            case .found(let offset):
                XCTAssertEqual(expected, "found")
                XCTAssertEqual(offset.map { text[$0] }, UInt8(ascii: "3"))
            case .tooLong:
                XCTAssertEqual(expected, "tooLong")
            }
        }
        let lazy = try JSONCodec.decodePlainLazily(long)
        XCTAssertEqual(lazy.dictionaryValue?["age"], .integer(5))
        XCTAssertEqual(lazy.dictionaryValue?["k599"], .integer(599))
    }

    /// A value that runs past the limit (a large array in a small wrapper object) hands the object
    /// on without being stepped over: the bytes past the limit are not read (here they are not
    /// there at all); the long way then answers from the structure index.
    func testAValuePastTheLimitHandsTheObjectOnUnread() throws {
        let records = (0..<400).map { #"{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: ",")
        let wrapper = Array(#"{"meta":{"v":1},"people":[\#(records)],"after":7}"#.utf8)
        let cut = Array(wrapper[..<5000])
        for key in ["meta", "people", "after"] {
            let outcome = cut.withUnsafeBufferPointer { bytes in
                var wanted = key
                return wanted.withUTF8 { JSONKeyLookup(wanted: $0, key: key).find(in: bytes, objectAt: 0, limit: 4096) }
            }
            guard case .tooLong = outcome else { return XCTFail("\(key): \(outcome)") }
        }
        let lazy = try JSONCodec.decodePlainLazily(wrapper)
        XCTAssertEqual(lazy.dictionaryValue?["meta"], .dictionary(["v": 1]))
        XCTAssertEqual(lazy.dictionaryValue?["people"]?.collectionCount, 400)
        XCTAssertEqual(lazy.dictionaryValue?["after"], .integer(7))
        XCTAssertEqual(lazy.dictionaryValue?.jsonNode?.memberOffsets().count, 3)
    }

    /// The coarse clock reads on the precise clock's scale, lagging it by less than its resolution:
    /// a deadline checked with it is the precise clock's.
    func testTheCoarseClockLagsThePreciseOneByLessThanItsResolution() throws {
        guard let coarse = CoarseClock.now() else { throw XCTSkip("no coarse clock here") }
        let precise = DispatchTime.now().uptimeNanoseconds
        XCTAssertLessThanOrEqual(coarse, precise &+ 1_000_000)
        XCTAssertLessThan(precise - min(precise, coarse), CoarseClock.resolution)
        XCTAssertTrue(
            Deadline(secondsFromNow: 0.000_001).map { deadline in
                Thread.sleep(forTimeInterval: 0.001)
                return deadline.hasPassed
            } ?? false)
        XCTAssertEqual(Deadline(secondsFromNow: 5)?.hasPassed, false)
    }
}
