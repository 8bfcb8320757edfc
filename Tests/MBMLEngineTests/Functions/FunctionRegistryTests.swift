import XCTest

@testable import MBMLEngine

/// ``FunctionRegistry``: the built-in registry answers from the library (made on first look-up),
/// and what a copy declares takes the place of the library's function of that name in that copy
/// only.
final class FunctionRegistryTests: XCTestCase {
    private func definition(_ name: String, summary: String) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .none, signature: "^\(name)()", category: .language, summary: summary,
            implementation: { _ in .string(summary) })
    }

    func testTheBuiltInRegistryHoldsTheWholeLibrary() {
        let registry = FunctionRegistry.builtIn
        XCTAssertEqual(registry.count, BuiltInFunctions.all.count)
        XCTAssertEqual(registry.all.map(\.name), BuiltInFunctions.all.map(\.name).sorted())
        for function in BuiltInFunctions.all {
            XCTAssertEqual(registry.definition(named: function.name)?.signature, function.signature, function.name)
        }
        XCTAssertNil(registry.definition(named: "noSuchFunction"))
    }

    func testAnEmptyRegistryHoldsOnlyWhatItDeclares() {
        var registry = FunctionRegistry()
        XCTAssertEqual(registry.count, 0)
        XCTAssertNil(registry.definition(named: "join"), "no library under a registry made empty")
        registry.declare(definition("mine", summary: "mine"))
        XCTAssertEqual(registry.all.map(\.name), ["mine"])
        registry.declare(alias: "other", of: "mine")
        XCTAssertEqual(registry.all.map(\.name), ["mine", "other"])
        registry.declare(alias: "nothing", of: "join")
        XCTAssertNil(registry.definition(named: "nothing"), "an alias of an unknown name is not declared")
    }

    func testADeclarationReplacesTheLibrarysInItsCopyOnly() throws {
        var registry = FunctionRegistry.builtIn
        registry.declare(definition("join", summary: "replaced"))
        registry.declare(definition("newOne", summary: "new"))
        XCTAssertEqual(registry.definition(named: "join")?.summary, "replaced")
        XCTAssertEqual(registry.count, BuiltInFunctions.all.count + 1, "a replacement is counted once")
        XCTAssertEqual(registry.all.filter { $0.name == "join" }.map(\.summary), ["replaced"])
        XCTAssertNotEqual(FunctionRegistry.builtIn.definition(named: "join")?.summary, "replaced")
        XCTAssertNil(FunctionRegistry.builtIn.definition(named: "newOne"))
    }

    func testAnAliasOfALibraryFunctionCallsIt() throws {
        var registry = FunctionRegistry.builtIn
        registry.declare(alias: "glue", of: "join")
        let glue = try XCTUnwrap(registry.definition(named: "glue"))
        XCTAssertEqual(glue.name, "glue")
        XCTAssertEqual(glue.signature, FunctionRegistry.builtIn.definition(named: "join")?.signature)
        let environment = Environment(functions: registry)
        XCTAssertEqual(try environment.evaluate("^glue(^array(a|b)|-)", in: .object), "a-b")
    }
}
