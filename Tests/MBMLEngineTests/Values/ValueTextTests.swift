import Foundation
import XCTest

@testable import MBMLEngine

/// Rendering values as text (<doc:ContextsAndCoercions>).
final class ValueTextTests: XCTestCase {
    private func decimal(_ text: String) -> Value {
        .decimal(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan)
    }

    // MARK: Numbers

    func testDecimalsInPlainNotation() {
        let table: [(String, String)] = [
            ("5", "5"), ("2.5", "2.5"), ("0.3", "0.3"), ("-2.5", "-2.5"), ("0.000001", "0.000001"),
            ("1e25", "10000000000000000000000000"), ("0", "0"), ("2.50", "2.5"), ("-0.5", "-0.5"),
            ("100", "100"), ("1234567.125", "1234567.125"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(decimal(input).text, expected, input)
        }
    }

    func testComputedDecimalsHaveNoTrailingZerosOrExponent() throws {
        let env = Environment()
        XCTAssertEqual(try env.evaluate("#(0.1 + 0.2)", in: .string), "0.3")
        XCTAssertEqual(try env.evaluate("#(2.50 * 2)", in: .string), "5")
        XCTAssertEqual(
            try env.evaluate("#(1000000 * 1000000 * 1000000 * 10000000)", in: .string),
            "10000000000000000000000000")
        XCTAssertEqual(try env.evaluate("#(1 / 1000000)", in: .string), "0.000001")
    }

    func testIntegers() {
        XCTAssertEqual(Value.integer(3).text, "3")
        XCTAssertEqual(Value.integer(-8).text, "-8")
        XCTAssertEqual(Value.integer(0).text, "0")
        XCTAssertEqual(Value.integer(Int.max).text, "9223372036854775807")
        XCTAssertEqual(decimal("18446744073709551615").text, "18446744073709551615")
    }

    func testDoublesUsePercentSixteenG() {
        let table: [(Double, String)] = [
            (1.5, "1.5"), (5.0, "5"), (0.1 + 0.2, "0.3"), (1.0 / 3.0, "0.3333333333333333"), (1e20, "1e+20"),
            (1e16, "1e+16"), (123_456_789_012_345_678, "1.234567890123457e+17"), (-0.25, "-0.25"),
            (1e15, "1000000000000000"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(Value.double(input).text, expected, "\(input)")
        }
    }

    func testBooleansRenderAsOneAndZero() {
        XCTAssertEqual(Value.boolean(true).text, "1")
        XCTAssertEqual(Value.boolean(false).text, "0")
    }

    func testNull() {
        XCTAssertEqual(Value.null.text, "<null>")
    }

    func testDates() {
        var components = DateComponents()
        (components.year, components.month, components.day) = (2015, 2, 3)
        (components.hour, components.minute, components.second) = (4, 5, 6)
        components.timeZone = TimeZone(identifier: "UTC")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: components) else { return XCTFail("date") }
        XCTAssertEqual(Value.date(date).text, "2015-02-03 04:05:06 +0000")
        XCTAssertEqual(Value.date(date.addingTimeInterval(0.75)).text, "2015-02-03 04:05:06 +0000")
    }

    // MARK: Collections in property-list style

    func testSpecArrayExample() {
        let value: Value = ["Barrett", "Jill Test", .integer(3), ["nested"]]
        XCTAssertEqual(
            value.text,
            """
            (
                Barrett,
                "Jill Test",
                3,
                (
                    nested
                )
            )
            """)
    }

    func testSpecDictionaryExample() {
        let value: Value = ["owners": ["Jill Test"], "firstName": "Daisy", "age": .integer(7)]
        XCTAssertEqual(
            value.text,
            """
            {
                age = 7;
                firstName = Daisy;
                owners =     (
                    "Jill Test"
                );
            }
            """)
    }

    func testEmptyCollections() {
        XCTAssertEqual(Value.array([]).text, "(\n)")
        XCTAssertEqual(Value.dictionary([:]).text, "{\n}")
        XCTAssertEqual(Value.makeSet([]).text, "{(\n)}")
    }

    func testSets() {
        XCTAssertEqual(Value.makeSet(["a"]).text, "{(\n    a\n)}")
    }

    func testDictionaryKeysSortedByCodeUnits() {
        let value: Value = ["b": .integer(1), "a": .integer(2), "B": .integer(3), "_": .integer(4)]
        // `_` is quoted: the port follows the original's observed output (conformance `debug.dump.01`)
        // rather than the character list the language reference once gave.
        XCTAssertEqual(value.text, "{\n    B = 3;\n    \"_\" = 4;\n    a = 2;\n    b = 1;\n}")
    }

    func testNestedDictionaryInArrayAndDeeperNesting() {
        let value: Value = [["k": ["x", ["y": "z"]]]]
        XCTAssertEqual(
            value.text,
            """
            (
                {
                    k =     (
                        x,
                        {
                            y = z;
                        }
                    );
                }
            )
            """)
    }

    func testQuotingRules() {
        let value: Value = [
            "plain1", "snake_case", "-1", "1.5", "", "a\"b", "a\\b", "line\nbreak", "é", .null, .boolean(true),
            decimal("-2.5"),
        ]
        XCTAssertEqual(
            value.text,
            """
            (
                plain1,
                "snake_case",
                "-1",
                "1.5",
                "",
                "a\\"b",
                "a\\\\b",
                "line\\nbreak",
                "é",
                "<null>",
                1,
                "-2.5"
            )
            """)
    }

    func testQuotedDictionaryKeys() {
        let value: Value = ["Jill Test": "x", "plain": "two words"]
        XCTAssertEqual(value.text, "{\n    \"Jill Test\" = x;\n    plain = \"two words\";\n}")
    }

    func testShapeOnlyChecksForCollections() {
        let env = TestEnvironment.make()
        let text = (try? env.evaluate("$genders", in: .string))?.flatMap(\.stringValue) ?? ""
        XCTAssertTrue(text.hasPrefix("{\n"), text)
        XCTAssertTrue(text.hasSuffix("\n}"), text)
        XCTAssertTrue(text.contains("    Barrett = female;\n"), text)
    }

    // MARK: <doc:Quirks> quirk checklist

    func testQuirk17_BooleansRenderAsOneAndZero() throws {
        let env = TestEnvironment.make()
        XCTAssertEqual(try env.evaluate("$yes/$no", in: .string), "1/0")
        XCTAssertEqual(try env.evaluate("#(1 + 1) -GT 1", in: .boolean).map(\.text), "1")
        XCTAssertEqual(Value.array([.boolean(true)]).text, "(\n    1\n)")
    }
}
