import XCTest

@testable import MBMLEngine

/// `ExpressionShape`: what an expression does, from its token tree — spacing and operator
/// spelling aside, literals kept or left out.
final class ExpressionShapeTests: XCTestCase {
    private let environment = Environment()

    private func shape(
        _ text: String, _ context: ExpressionContext = .boolean, literals: ExpressionShape.Literals = .kept
    ) -> ExpressionShape? {
        environment.prepare(text).shape(in: context, literals: literals)
    }

    func testSpacingThatKeepsTheParseKeepsTheShape() {
        XCTAssertEqual(shape("$cats.count == 3"), shape("  $cats.count   ==  3 "))
        XCTAssertEqual(shape("#(10 - 3)", .string), shape(" #( 10  -  3 ) ", .string))
        XCTAssertEqual(shape("^join($cats|, )", .string), shape("^join( $cats |, )", .string))
    }

    func testOperatorSpellingsAndTheSidesOfSymmetricOperatorsAreOneShape() {
        XCTAssertEqual(shape("$cats.count == 3"), shape("$cats.count -EQ 3"))
        XCTAssertEqual(shape("$cats.count == 3"), shape("3 == $cats.count"))
        XCTAssertEqual(shape("$a -AND $b"), shape("$b && $a"))
        XCTAssertNotEqual(shape("$cats.count -LT 3"), shape("3 -LT $cats.count"), "< is not symmetric")
    }

    func testWhatTheExpressionDoesIsTheShape() {
        XCTAssertNotEqual(shape("$cats.count", .string), shape("^count($cats)", .string))
        XCTAssertNotEqual(shape("$userName"), shape("$cats.count == 3"))
        XCTAssertNotEqual(shape("$isAdmin"), shape("$userName"), "the variable read is part of the shape")
        XCTAssertNotEqual(shape("${userName}s", .string), shape("$(userName)s", .string), "how it is written too")
        XCTAssertNotEqual(shape("$catGenders.Duncan", .string), shape("$catGenders[Duncan]", .string))
        XCTAssertNotEqual(shape("#(10 - 3)", .string), shape("#(10 + 3)", .string))
        XCTAssertNotEqual(shape("$cats.count == 3"), shape("$cats.count == 4"))
    }

    func testLiteralsCanBeLeftOut() {
        XCTAssertEqual(
            shape("#(10 - 3)", .string, literals: .ignored), shape("#(14 - 7)", .string, literals: .ignored))
        XCTAssertEqual(
            shape("$catGenders[Barrett]", .string, literals: .ignored),
            shape("$catGenders[Gabby]", .string, literals: .ignored))
        XCTAssertNotEqual(
            shape("$catGenders[Barrett]", .string, literals: .ignored),
            shape("$catGenders.Barrett", .string, literals: .ignored))
        XCTAssertEqual(shape("the Ke$$ha concert", .string, literals: .ignored)?.readsSomething, false)
        XCTAssertEqual(shape("3", .string, literals: .ignored)?.readsSomething, false)
        XCTAssertEqual(shape("#(1 + 2)", .string, literals: .ignored)?.readsSomething, true)
    }
}
