import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// ``ASCIICollation`` orders texts of printable ASCII exactly as Foundation's `en_US` comparison
/// (the general rule of ``Comparison/compareStrings(_:_:)``) does, and leaves every other text to it.
final class ASCIICollationTests: XCTestCase {
    private let locale = Locale(identifier: "en_US")

    private func foundationOrder(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(b, options: [], range: nil, locale: locale)
    }

    /// Every pair of printable ASCII characters, alone and inside texts that share the rest.
    func testEveryPairOfCharactersOrdersAsFoundation() {
        let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        var disagreements: [String] = []
        for a in characters {
            for b in characters {
                for (left, right) in [(a, b), ("x" + a + "Y", "x" + b + "y"), (a + "b", b + "A"), ("Q" + a, "q" + b)] {
                    let fast = ASCIICollation.compare(left, right)
                    if fast != foundationOrder(left, right) {
                        disagreements.append(
                            "\(left.debugDescription) vs \(right.debugDescription): \(String(describing: fast?.rawValue))"
                        )
                    }
                }
            }
        }
        XCTAssertEqual(disagreements.count, 0, disagreements.prefix(20).joined(separator: "\n"))
    }

    /// Seeded random texts: short ones over a small alphabet (so that long common prefixes, case-only
    /// differences and prefixes of one another are frequent) and longer ones over all of ASCII.
    func testRandomTextsOrderAsFoundation() {
        var generator = SeededGenerator(seed: 0x5EED_C011)
        let small = Array("aAbB zZ09-_.@")
        let printable = (0x20...0x7E).map { Character(UnicodeScalar(UInt8($0))) }
        var disagreements: [String] = []
        for round in 0..<20_000 {
            let alphabet = round % 2 == 0 ? small : printable
            let length = round % 2 == 0 ? 5 : 14
            func text() -> String {
                String(
                    (0..<Int.random(in: 0...length, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
            }
            let left = text()
            // Half the time the right text is the left one with one change of case or one character.
            var right = text()
            if round % 4 < 2, !left.isEmpty {
                var characters = Array(left)
                let index = Int.random(in: 0..<characters.count, using: &generator)
                let character = characters[index]
                characters[index] =
                    character.isUppercase
                    ? Character(character.lowercased()) : Character(character.uppercased())
                if round % 4 == 1 { characters.append(alphabet.randomElement(using: &generator)!) }
                right = String(characters)
            }
            let fast = ASCIICollation.compare(left, right)
            XCTAssertNotNil(fast, "\(left.debugDescription) vs \(right.debugDescription) is printable ASCII")
            if fast != foundationOrder(left, right) {
                disagreements.append("\(left.debugDescription) vs \(right.debugDescription)")
            }
        }
        XCTAssertEqual(disagreements.count, 0, disagreements.prefix(20).joined(separator: "\n"))
    }

    /// A control character (which the collation ignores) or any character beyond ASCII, anywhere in
    /// either text, leaves the order to Foundation; ``Comparison/compareStrings(_:_:)`` then still
    /// answers as Foundation does.
    func testOtherTextsAreLeftToFoundation() {
        let pairs: [(String, String)] = [
            ("ab", "a\u{1}b"), ("a\tb", "a b"), ("é", "e"), ("Zoë", "Zoe"), ("b", "ä"), ("a\u{7F}", "a"),
            ("x", "xé"), ("ｘ", "x"), ("straße", "strasse"), ("b\n", "a"), ("Ab", "aB\u{301}"),
        ]
        for (left, right) in pairs {
            XCTAssertNil(ASCIICollation.compare(left, right), "\(left.debugDescription) vs \(right.debugDescription)")
            XCTAssertNil(ASCIICollation.compare(right, left), "\(right.debugDescription) vs \(left.debugDescription)")
            XCTAssertEqual(Comparison.compareStrings(left, right), foundationOrder(left, right))
            XCTAssertEqual(Comparison.compareStrings(right, left), foundationOrder(right, left))
        }
    }

    /// The written-down order of the characters is the one Foundation sorts them into.
    func testPrimaryOrderIsFoundations() {
        let letters = ASCIICollation.primaryOrder.map(String.init)
        let sorted = letters.sorted { foundationOrder($0, $1) == .orderedAscending }
        XCTAssertEqual(letters, sorted)
        XCTAssertEqual(Set(letters).count, 95 - 26)
    }
}
