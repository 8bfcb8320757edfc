import XCTest

@testable import MBMLEngine

/// Sums and differences of whole numbers take the 64-bit path and answer exactly as decimal
/// arithmetic does; anything else goes through decimal arithmetic.
final class WholeNumberSumTests: XCTestCase {
    func testDecimalsAreReadFromTheirBytesOnThisPlatform() {
        XCTAssertTrue(DecimalArithmetic.bytesReadAsLaidOut, "the fast path is in use here")
    }

    func testWholeNumbersOfDecimals() throws {
        let cases: [(String, Int?)] = [
            ("0", 0), ("7", 7), ("-42", -42), ("1e3", 1_000), ("-25e2", -2_500), ("65536", 65_536),
            ("4503599627370495", 4_503_599_627_370_495), ("4503599627370496", nil), ("-4503599627370496", nil),
            ("1.5", nil), ("0.1", nil), ("12345678901234567890", nil), ("1e30", nil), ("2.50e1", 25),
        ]
        for (text, whole) in cases {
            let decimal = try XCTUnwrap(Decimal(string: text), text)
            XCTAssertEqual(DecimalArithmetic.wholeNumber(decimal), whole, text)
        }
        XCTAssertNil(DecimalArithmetic.wholeNumber(Decimal.nan))
        XCTAssertEqual(DecimalArithmetic.wholeNumber(.integer(-3)), -3)
        XCTAssertNil(DecimalArithmetic.wholeNumber(.integer(Int.min)))
        XCTAssertNil(DecimalArithmetic.wholeNumber(.string("3")), "text is converted by decimal arithmetic")
        XCTAssertNil(DecimalArithmetic.wholeNumber(.double(3)))
    }

    func testSumsAnswerAsDecimalArithmetic() throws {
        let environment = TestEnvironment.make()
        environment.variables.declare("ages", value: [31, 25, -4, 0, 1_000_000_000_000])
        let cases: [(String, Decimal)] = [
            ("#(1 + 2)", 3), ("#(5 - 8)", -3), ("#(0.5 + 1)", 1.5), ("#(1000 + 1)", 1_001),
            ("#(4503599627370495 + 4503599627370495)", Decimal(string: "9007199254740990")!),
            ("#(4503599627370496 + 1)", Decimal(string: "4503599627370497")!),
            ("#(99999999999999999999 - 1)", Decimal(string: "99999999999999999998")!),
            ("^reduce($ages|0|#($currentValue + $item))", 1_000_000_000_052),
            ("^reduce($ages|0|#($currentValue - $item))", -1_000_000_000_052),
        ]
        for (expression, expected) in cases {
            guard case .decimal(let got)? = try environment.evaluate(expression, in: .object) else {
                XCTFail("\(expression) is not a decimal")
                continue
            }
            XCTAssertEqual(got, expected, expression)
        }
        XCTAssertEqual(try environment.evaluate("#(1 + 2)", in: .string), "3")
        XCTAssertThrowsError(try environment.evaluate("#(x + 1)", in: .object))
    }
}
