import MBMLEngine
import XCTest

/// The parameters of a documented signature, the one reading the inspector's signature line and
/// the language server's signature help share.
final class FunctionParameterLabelsTests: XCTestCase {
    func testTheLabelsOfASignature() {
        XCTAssertEqual(FunctionDefinition.parameterLabels(ofSignature: "^join(list|separator)"), ["list", "separator"])
        XCTAssertEqual(FunctionDefinition.parameterLabels(ofSignature: "^now()"), [])
        XCTAssertEqual(FunctionDefinition.parameterLabels(ofSignature: "^pi"), [])
        XCTAssertEqual(FunctionDefinition.parameterLabels(ofSignature: "^f(a||b)"), ["a", "", "b"])
    }

    func testAnArgumentPastTheLastParameterFillsTheLast() throws {
        let registry = FunctionRegistry.builtIn
        let first = try XCTUnwrap(registry.definition(named: "firstNonemptyString"))
        XCTAssertEqual(first.parameterLabels, ["expr", "expr", "…"])
        XCTAssertEqual(first.parameter(forArgument: 0), 0)
        XCTAssertEqual(first.parameter(forArgument: 1), 1)
        XCTAssertEqual(first.parameter(forArgument: 5), 2, "the repeating `…` takes every argument past it")
        XCTAssertNil(try XCTUnwrap(registry.definition(named: "randomPercent")).parameter(forArgument: 0))
        for definition in registry.all where !definition.parameterLabels.isEmpty {
            XCTAssertTrue(definition.signature.hasPrefix("^" + definition.name), definition.signature)
        }
    }
}
