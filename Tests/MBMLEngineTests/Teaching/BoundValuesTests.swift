import XCTest

@testable import MBMLEngine

/// ``Environment/boundValues(of:at:in:within:)``: the values a function binds a name to (`$item`),
/// found by tracing the outermost call around the reference.
final class BoundValuesTests: XCTestCase {
    private func bound(_ text: String, at needle: String, name: String = "item") throws -> BoundValues? {
        let environment = Environment()
        environment.variables.declare("cats", value: .array([.string("Barrett"), .string("Duncan"), .string("Gabby")]))
        let characters = Array(text)
        let range = try XCTUnwrap(text.range(of: needle))
        let offset = text.distance(from: text.startIndex, to: range.lowerBound)
        return environment.boundValues(
            of: name, at: offset, in: characters, within: Evaluation(limits: EvaluationLimits()))
    }

    func testAnItemOfAListTakesEachElement() throws {
        let text = #"<Var name="x" value="^join(^list($cats|$item.length)|, )"/>"#
        let values = try XCTUnwrap(try bound(text, at: "$item"))
        XCTAssertEqual(values.evaluationCount, 3)
        XCTAssertEqual(values.outcomes.map(\.value), [.string("Barrett"), .string("Duncan"), .string("Gabby")])
        XCTAssertEqual(values.call, "^join(^list($cats|$item.length)|, )")
    }

    func testEveryFormOfTheReferenceIsFound() throws {
        for form in ["${item}", "$(item)", "$[item]"] {
            let text = "^filter($cats|\(form) == Duncan)"
            let values = try XCTUnwrap(try bound(text, at: form), form)
            XCTAssertEqual(values.outcomes.first?.value, .string("Barrett"), form)
            XCTAssertEqual(values.evaluationCount, 3, form)
        }
    }

    func testNothingOutsideACallOrWhereTheCallNeverEvaluatesIt() throws {
        XCTAssertNil(try bound("$item and more", at: "$item"))
        XCTAssertNil(try bound("^if(F|^list($cats|$item))", at: "$item"))
        // A name nothing declares, evaluated but never bound, has no bound values.
        XCTAssertNil(try bound("^if($nobody|yes|no)", at: "$nobody", name: "nobody"))
        // An unclosed call is not evaluated.
        XCTAssertNil(try bound("^list($cats|$item", at: "$item"))
    }

    func testTheOutermostCallIsFoundAcrossEscapesAndNesting() {
        let syntax = MBMLSyntax("a ^^b( ^x(^y($z[(1)])|$$q) tail")
        let offset = Array("a ^^b( ^x(^y($z[(").count
        let range = syntax.outermostCall(around: offset)
        XCTAssertEqual(range.map { String(syntax.characters[$0]) }, "^x(^y($z[(1)])|$$q)")
        XCTAssertNil(MBMLSyntax("$a ^b(").outermostCall(around: 1))
    }
}
