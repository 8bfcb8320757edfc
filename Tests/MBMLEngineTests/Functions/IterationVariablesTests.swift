import XCTest

@testable import MBMLEngine

/// Every function that evaluates a parameter once per item names the variables it binds and gives
/// one example; the examples run and give the documented answer; `$key` is bound where the spec's
/// table (functions.md §2.8) binds it.
final class IterationVariablesTests: XCTestCase {
    /// The functions of the spec's table of per-item variables (functions.md §2.8), with the
    /// variables each binds for a dictionary. `containsValue` is in the table too, but binds
    /// nothing a caller can use (its comparison is built in).
    private let specTable: [String: [String]] = [
        "collectionPassesTest": ["$item", "$key"],
        "valuesPassingTest": ["$item", "$key"],
        "filter": ["$item", "$key", "$root", "$rootKey", "$outer:item", "$outer:key"],
        "list": ["$item", "$key", "$root", "$rootKey"],
        "associate": ["$item", "$key", "$root", "$rootKey", "$outer:item", "$outer:key"],
        "associateWithSingleValue": ["$item", "$key", "$root", "$rootKey", "$outer:item", "$outer:key"],
        "associateWithArray": ["$item", "$key", "$root", "$rootKey", "$outer:item", "$outer:key"],
        "pruneMatchingLeaves": ["$item"],
        "pruneNonmatchingLeaves": ["$item"],
        "sort": ["$item", "$key"],
        "reduce": ["$item", "$currentValue"],
    ]

    func testEveryIteratingFunctionNamesItsVariables() {
        let registry = FunctionRegistry.builtIn
        for (name, variables) in specTable {
            let definition = registry.definition(named: name)
            XCTAssertEqual(definition?.iteration?.names, variables, name)
        }
        // Walk the library: a function whose description speaks of `$item` iterates, and says so.
        for definition in registry.all where definition.summary.contains("$item") {
            XCTAssertNotNil(definition.iteration, "^\(definition.name) mentions $item but names no variables")
        }
        let iterating = Set(registry.all.filter { $0.iteration != nil }.map(\.name))
        XCTAssertEqual(iterating, Set(specTable.keys))
    }

    func testEveryExampleRunsAndGivesItsDocumentedAnswer() throws {
        for definition in FunctionRegistry.builtIn.all {
            guard let iteration = definition.iteration else { continue }
            XCTAssertTrue(
                iteration.example.hasPrefix("^\(definition.name)("), "\(definition.name): \(iteration.example)")
            XCTAssertTrue(
                iteration.names.contains { iteration.example.contains($0) },
                "the example of ^\(definition.name) uses one of its variables")
            let environment = Environment()
            let value = try environment.evaluate(iteration.example, in: .object)
            XCTAssertEqual(
                value.map(JSONCodec.encode), iteration.exampleResult, "\(definition.name): \(iteration.example)")
        }
    }

    func testTheLinesNameEachVariableAndTheExample() throws {
        let filter = try XCTUnwrap(FunctionRegistry.builtIn.definition(named: "filter")?.iteration)
        let lines = filter.lines
        XCTAssertEqual(lines.first, "Variables:")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  $item ") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  $outer:item ") }, "\(lines)")
        XCTAssertEqual(
            lines.last, #"Example: ^filter(^array(Barrett|Duncan|Gabby)|$item.length -GT 5) → ["Barrett","Duncan"]"#)
    }

    /// `$key` is the key of the entry being visited wherever the collection is a dictionary.
    func testKeyIsBoundOverADictionary() throws {
        let environment = Environment()
        environment.variables.declare("genders", value: ["Barrett": "female", "Duncan": "male"])
        let cases: [(String, String)] = [
            ("^list($genders|$key)", #"["Barrett","Duncan"]"#),
            ("^list($genders|$key is $item)", #"["Barrett is female","Duncan is male"]"#),
            ("^filter($genders|$key == Duncan)", #"{"Duncan":"male"}"#),
            ("^valuesPassingTest($genders|$key == Barrett)", #"["female"]"#),
            ("^collectionPassesTest($genders|$key.length -GT 5)", "true"),
            ("^associate($genders|$item|$key)", #"{"female":"Barrett","male":"Duncan"}"#),
            ("^sort($genders|$key|desc)", #"["male","female"]"#),
        ]
        for (expression, expected) in cases {
            let value = try environment.evaluate(expression, in: .object)
            XCTAssertEqual(value.map(JSONCodec.encode), expected, expression)
        }
    }
}
