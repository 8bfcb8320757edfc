import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// A view of a document hashed from its text (``JSONTextHasher``) hashes as the same data decoded:
/// for random documents of every kind of value and key, and for texts written differently whose
/// values are equal (`==`): numbers spelled every way, escaped and non-ASCII strings and keys,
/// keys in NFC and NFD, repeated keys, objects past the hasher's key limit.
final class JSONTextHasherTests: XCTestCase {
    func testRandomDocumentsHashAsTheirDecodedValues() throws {
        var generator = SeededGenerator(seed: 0x4A54)
        var textHashed = 0
        for round in 0..<400 {
            let text = value(depth: 0, &generator, arrayFirst: round.isMultiple(of: 2))
            let (view, decoded) = try documents(text)
            XCTAssertEqual(view, decoded, text)
            XCTAssertEqual(view.hashValue, decoded.hashValue, text)
            textHashed += try assertTheTextPathHashesAsDecoded(view, text) ? 1 : 0
        }
        // Every array is read from its text, and the objects whose own keys are plain ASCII and
        // distinct; the others are hashed through their decoded entries.
        XCTAssertGreaterThan(textHashed, 200)
        XCTAssertLessThan(textHashed, 400)
    }

    func testEqualValuesWrittenDifferentlyHashAlike() throws {
        let pairs = [
            (#"[1, 2.0, 3e0, -0, 0.5]"#, #"[1.0, 2, 30e-1, 0, 5e-1]"#),
            (#"[true, false]"#, #"[1, 0]"#),
            (#"["\u00e9t\u00e9", "a\/b", "tab\there"]"#, #"["été", "a/b", "tab\u0009here"]"#),
            (#"{"\u0061": 1, "b": {"c": [null]}}"#, #"{"b": {"c": [null]}, "a": 1.0}"#),
            (#"{"é": 1}"#, #"{"e\#u{301}": 1}"#),
            (#"{"a": 1, "a": 2, "b": 3}"#, #"{"a": 2, "b": 3}"#),
            (#"{"x": {"k": 1, "k": 2}}"#, #"{"x": {"k": 2}}"#),
            (#"[123456789012345678901234567890]"#, #"[123456789012345678901234567890]"#),
            (wideObject(keys: 200, reversed: false), wideObject(keys: 200, reversed: true)),
        ]
        for (first, second) in pairs {
            let (firstView, firstDecoded) = try documents(first)
            let (secondView, secondDecoded) = try documents(second)
            XCTAssertEqual(firstView, secondDecoded, "\(first) == \(second)")
            XCTAssertEqual(secondView, firstDecoded, "\(second) == \(first)")
            let hashes = [firstView, firstDecoded, secondView, secondDecoded].map(\.hashValue)
            XCTAssertEqual(Set(hashes).count, 1, "\(first) and \(second)")
        }
    }

    func testDifferentValuesHashApart() throws {
        let texts = [
            #"[1, 2]"#, #"[2, 1]"#, #"[[1], 2]"#, #"[[1, 2]]"#, #"["1", 2]"#, #"{"a": 1}"#, #"{"a": "1"}"#,
            #"{"a": [1]}"#, #"{"b": 1}"#, #"[]"#, #"{}"#, #"[[]]"#, #"[{}]"#, #"[null]"#, #"[""]"#,
        ]
        let hashes = try texts.map { try documents($0).view.hashValue }
        XCTAssertEqual(Set(hashes).count, texts.count)
    }

    func testUniqueOverAViewKeepsWhatItKeepsOverTheDecodedData() throws {
        var generator = SeededGenerator(seed: 0x0C17)
        let records = (0..<600).map { _ in record(&generator) }
        let text = "[" + (records + records.shuffled(using: &generator)).joined(separator: ",") + "]"
        let (view, decoded) = try documents(text)
        var answers: [Value?] = []
        for people in [view, decoded] {
            let environment = Environment()
            environment.variables.declare("people", value: people)
            answers.append(try environment.evaluate("^unique($people)", in: .object))
        }
        XCTAssertEqual(answers[0], answers[1])
        XCTAssertEqual(answers[0]?.collectionCount, Set(records).count)
        guard case .array(let elements) = view else { return XCTFail("not an array") }
        for element in elements { XCTAssertTrue(try assertTheTextPathHashesAsDecoded(element, text)) }
    }

    /// Whether ``JSONTextHasher`` read `value`'s container from its text (then feeding what hashing
    /// its decoded contents feeds).
    private func assertTheTextPathHashesAsDecoded(_ value: Value, _ text: String) throws -> Bool {
        var fromText = Hasher()
        var fromEntries = Hasher()
        let node: JSONNode
        switch value {
        case .dictionary(let entries):
            node = try XCTUnwrap(entries.jsonNode)
            ValueDictionary.hash(entries: entries.entries, into: &fromEntries)
        case .array(let elements):
            node = try XCTUnwrap(elements.jsonNode)
            for element in elements { fromEntries.combine(element) }
            fromEntries.combine(elements.count)
        default:
            XCTFail("not a container: \(text)")
            return false
        }
        guard JSONTextHasher.hashContents(of: node, into: &fromText) else { return false }
        XCTAssertEqual(fromText.finalize(), fromEntries.finalize(), text)
        return true
    }

    private func documents(_ text: String) throws -> (view: Value, decoded: Value) {
        (try JSONCodec.decodePlainLazily(Array(text.utf8)), try JSONCodec.decodePlain(Data(text.utf8)))
    }

    private func wideObject(keys: Int, reversed: Bool) -> String {
        let entries = (0..<keys).map { #""k\#($0)": \#($0)"# }
        return "{" + (reversed ? entries.reversed() : entries).joined(separator: ", ") + "}"
    }

    private func record(_ generator: inout SeededGenerator) -> String {
        let city = ["Paris", "Oslo", "Zürich", "Tōkyō"][Int.random(in: 0..<4, using: &generator)]
        let age = Int.random(in: 0..<4, using: &generator)
        return #"{"city": "\#(city)", "age": \#(age), "tags": ["a", \#(age % 2 == 0 ? "true" : "1")]}"#
    }

    private static let keys = [
        #""a""#, #""name""#, #""a long key past fifteen bytes""#, #""\u0061""#, #""é""#, #""e\#u{301}""#,
        #""tab\t""#, #""emoji 😀""#, #""""#,
    ]
    private static let scalars = [
        "0", "-0", "7", "-12", "1.5", "2.50", "1e3", "1E-2", "-0.0", "123456789012345678", "1234567890123456789012",
        "true", "false", "null", #""""#, #""plain text""#, #""a string longer than a word or two""#,
        #""esc\"aped\\""#, #""\u00e9""#, #""é""#, #""e\#u{301}""#, #""line\nbreak""#, #""\ud83d\ude00""#,
    ]

    private func value(depth: Int, _ generator: inout SeededGenerator, arrayFirst: Bool? = nil) -> String {
        let pick = arrayFirst.map { $0 ? 0 : 1 } ?? Int.random(in: 0..<(depth >= 4 ? 2 : 6), using: &generator)
        switch pick {
        case 0 where depth < 5:
            let count = Int.random(in: 0..<6, using: &generator)
            return "[" + (0..<count).map { _ in value(depth: depth + 1, &generator) }.joined(separator: ", ") + "]"
        case 1 where depth < 5:
            let count = Int.random(in: 0..<6, using: &generator)
            let members = (0..<count).map { _ in
                let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &generator)]
                return "\(key) : \(value(depth: depth + 1, &generator))"
            }
            return "{ " + members.joined(separator: ",\n") + " }"
        default:
            return Self.scalars[Int.random(in: 0..<Self.scalars.count, using: &generator)]
        }
    }
}
