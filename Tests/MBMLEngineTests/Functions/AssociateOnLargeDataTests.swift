import Foundation
import XCTest

@testable import MBMLEngine

/// `^associate`, `^associateWithSingleValue` and `^associateWithArray` over more records than a
/// parallel scope's threshold answer the same on a lazily read document split between workers and
/// on the same records decoded, walked by one loop: key order (first found), which value a repeated
/// key keeps, Array values (appended into), non-string keys (their text), missing keys and values
/// (skipped), canonically equal keys (one key).
final class AssociateOnLargeDataTests: XCTestCase {
    private let count = 2 * ParallelItemScope<Void>.threshold + 17

    /// The records as JSON text: every 5th has no `email`, every 11th a null `tag`, every 13th no
    /// `tag`; `city` repeats with 37 values, one of them spelled two ways (precomposed and combining
    /// é); `tags` is an Array.
    private var document: String {
        let records = (0..<count).map { index -> String in
            let email = index % 5 == 0 ? "" : #""email":"p\#(index % 6_000)@example.com","#
            let city = index % 37 == 0 ? (index % 2 == 0 ? "Caf\u{E9}" : "Cafe\u{301}") : "City \(index % 37)"
            let tag = index % 13 == 0 ? "" : index % 11 == 0 ? #""tag":null,"# : #""tag":"t\#(index % 4)","#
            return
                #"{"id":\#(index),\#(email)\#(tag)"age":\#(index % 90),"city":"\#(city)","tags":["a\#(index % 3)","b"]}"#
        }
        return "[" + records.joined(separator: ",") + "]"
    }

    private func answer(_ expression: String, people: Value, workers: Int) -> String {
        let environment = Environment()
        environment.variables.declare("people", value: people)
        let evaluation = Evaluation()
        evaluation.workers = workers
        do {
            guard let value = try environment.evaluate(expression, in: .object, within: evaluation) else {
                return "nothing"
            }
            return JSONCodec.encode(value)
        } catch {
            return "error: \(error)"
        }
    }

    func testLazyRecordsOnWorkersAnswerAsDecodedRecordsSerially() throws {
        let text = document
        let lazy = try JSONCodec.decodePlainLazily(Array(text.utf8))
        XCTAssertNotNil(lazy.jsonNode, "the document is read lazily")
        let decoded = try JSONCodec.decodePlain(text)
        XCTAssertNil(decoded.jsonNode)
        let expressions = [
            "^associate($people|$item.email|$item.id)",
            "^associateWithSingleValue($people|$item.email|$item.id)",
            "^associateWithSingleValue(^filter($people|$item.age > 30)|$item.email|$item.city)",
            "^associate($people|$item.city|$item.tags)",
            "^associateWithArray($people|$item.city|$item.tags)",
            "^associate($people|$item.age|$item.tag)",
            "^associateWithSingleValue($people|$item.tags|$item.id)",
            "^associateWithArray($people|$item.tag|$item.id)",
            "^associate($people|$item.tags|$item|$outer:item.id)",
        ]
        for expression in expressions {
            let serial = answer(expression, people: decoded, workers: 1)
            XCTAssertFalse(serial.hasPrefix("error"), "\(expression): \(serial)")
            XCTAssertEqual(answer(expression, people: lazy, workers: 4), serial, expression)
        }
    }

    func testTheAnswersFollowTheRules() throws {
        let lazy = try JSONCodec.decodePlainLazily(Array(document.utf8))
        let environment = Environment()
        environment.variables.declare("people", value: lazy)
        func value(_ expression: String) throws -> Value? {
            let evaluation = Evaluation()
            evaluation.workers = 4
            return try environment.evaluate(expression, in: .object, within: evaluation)
        }
        // 4,800 distinct emails (every 5th record has none); the 1st record (id 0) has none, so p1 is
        // first; p1 is found again at id 6,001: ^associate collects both, ^associateWithSingleValue
        // keeps the later.
        guard case .dictionary(let byEmail)? = try value("^associate($people|$item.email|$item.id)") else {
            return XCTFail("a dictionary")
        }
        XCTAssertEqual(byEmail.count, 4_800)
        XCTAssertEqual(byEmail.key(at: 0), "p1@example.com")
        XCTAssertEqual(byEmail["p1@example.com"], [1, 6_001])
        XCTAssertEqual(byEmail["p2@example.com"], [2, 6_002])
        XCTAssertEqual(byEmail["p5999@example.com"], 5_999)
        XCTAssertNil(byEmail["p5@example.com"])
        guard case .dictionary(let single)? = try value("^associateWithSingleValue($people|$item.email|$item.id)")
        else {
            return XCTFail("a dictionary")
        }
        XCTAssertEqual(single.key(at: 0), "p1@example.com")
        XCTAssertEqual(single["p1@example.com"], 6_001)
        // Array values: the first is appended into (the reference's quirk); Caf\u{E9} is one key.
        guard case .dictionary(let byCity)? = try value("^associate($people|$item.city|$item.tags)") else {
            return XCTFail("a dictionary")
        }
        XCTAssertEqual(byCity.count, 37)
        XCTAssertEqual(byCity.key(at: 0), "Caf\u{E9}")
        guard case .array(let cafe)? = byCity["Cafe\u{301}"] else { return XCTFail("an array") }
        let cafes = (0..<count).filter { $0 % 37 == 0 }.count
        XCTAssertEqual(cafe.count, 2 + cafes - 1)
        XCTAssertEqual(Array(cafe.prefix(3)), ["a0", "b", ["a1", "b"]])
        // Integer keys are their text; a missing or null key skips the record.
        guard case .dictionary(let byAge)? = try value("^associateWithSingleValue($people|$item.age|$item.id)") else {
            return XCTFail("a dictionary")
        }
        XCTAssertEqual(Array(byAge.keys.prefix(3)), ["0", "1", "2"])
        XCTAssertEqual(byAge["0"], .integer((0..<count).last { $0 % 90 == 0 } ?? -1))
        guard case .dictionary(let byTag)? = try value("^associateWithArray($people|$item.tag|$item.id)") else {
            return XCTFail("a dictionary")
        }
        XCTAssertEqual(Array(byTag.keys), ["t1", "t2", "t3", "t0"])
        guard case .array(let tagged1)? = byTag["t1"] else { return XCTFail("an array") }
        XCTAssertEqual(tagged1.first, 1)
        XCTAssertEqual(tagged1.count, (0..<count).filter { $0 % 4 == 1 && $0 % 13 != 0 && $0 % 11 != 0 }.count)
    }
}
