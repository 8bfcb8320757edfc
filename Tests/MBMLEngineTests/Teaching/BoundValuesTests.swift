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

    private func unbound(_ text: String, at needle: String, name: String = "item") throws -> UnboundIteration? {
        let environment = Environment()
        environment.variables.declare("cats", value: .array([.string("Barrett")]))
        environment.variables.declare("none", value: .array([]))
        let range = try XCTUnwrap(text.range(of: needle))
        return environment.unboundIteration(
            of: name, at: text.distance(from: text.startIndex, to: range.lowerBound), in: Array(text),
            within: Evaluation(limits: EvaluationLimits()))
    }

    func testWhyAnItemTookNoValue() throws {
        let empty = try XCTUnwrap(try unbound("^join(^list($none|$item.length)|, )", at: "$item"))
        XCTAssertEqual(empty.function, "list")
        XCTAssertEqual(empty.collection, "$none")
        XCTAssertEqual(empty.outcome.value, .array([]))
        XCTAssertEqual(empty.evaluationCount, 1)
        let null = try XCTUnwrap(try unbound("^filter($nobody|${item} == x)", at: "${item}"))
        XCTAssertEqual(null.collection, "$nobody")
        XCTAssertNil(null.outcome.value)
        let skipped = try XCTUnwrap(try unbound("^if(F|^list($cats|$item))", at: "$item"))
        XCTAssertEqual(skipped.evaluationCount, 0)
        // Not a name the function binds, or not in a per-item parameter, or no call: no reason.
        XCTAssertNil(try unbound("^list($none|$other)", at: "$other", name: "other"))
        XCTAssertNil(try unbound("^list($item|x)", at: "$item"))
        XCTAssertNil(try unbound("$item alone", at: "$item"))
    }

    private func alone(_ text: String, at needle: String, name: String = "item") throws -> BoundValues? {
        let environment = Environment()
        environment.variables.declare("cats", value: .array([.string("Barrett"), .string("Duncan")]))
        environment.variables.declare("pets", value: .dictionary(["Gabby": .string("cat")]))
        let range = try XCTUnwrap(text.range(of: needle))
        return environment.boundValuesOutsideBranches(
            of: name, at: text.distance(from: text.startIndex, to: range.lowerBound), in: Array(text),
            within: Evaluation(limits: EvaluationLimits()))
    }

    /// ``Environment/boundValuesOutsideBranches(of:at:in:within:)``: the items a call in a branch not
    /// taken would bind, from its own text traced alone; every per-item variable the call binds.
    func testACallInABranchNotTakenIsEvaluatedAlone() throws {
        let text = "^if(F|^join(^list($cats|$item.length)|, ))"
        let values = try XCTUnwrap(try alone(text, at: "$item"))
        XCTAssertEqual(values.outcomes.map(\.value), [.string("Barrett"), .string("Duncan")])
        XCTAssertEqual(values.evaluationCount, 2)
        XCTAssertEqual(values.call, "^list($cats|$item.length)")
        let key = try XCTUnwrap(try alone("^if(F|^list($pets|$key is a $item))", at: "$key", name: "key"))
        XCTAssertEqual(key.outcomes.first?.value, .string("Gabby"))
        let reduced = try XCTUnwrap(
            try alone("^if(F|^reduce($cats|0|#($currentValue + 1)))", at: "$currentValue", name: "currentValue"))
        XCTAssertEqual(reduced.evaluationCount, 2)
        XCTAssertNotNil(reduced.outcomes.first?.value)
        // A call evaluated where it is written, one over an empty collection, or no call: nothing alone.
        XCTAssertNil(try alone("^list($cats|$item)", at: "$item"))
        XCTAssertNil(try alone("^if(F|^list($nobody|$item))", at: "$item"))
        XCTAssertNil(try alone("^if(F|$item)", at: "$item"))
    }
}
