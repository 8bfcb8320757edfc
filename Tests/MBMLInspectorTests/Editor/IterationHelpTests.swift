import XCTest

@testable import MBMLEngine
@testable import MBMLInspector

/// F1 on every function that goes over a collection names the variables it binds and shows its
/// example (a test walks the library).
final class IterationHelpTests: XCTestCase {
    func testF1NamesTheVariablesOfEveryIteratingFunction() throws {
        let iterating = FunctionRegistry.builtIn.all.filter { $0.iteration != nil }
        XCTAssertGreaterThanOrEqual(iterating.count, 11)
        for definition in iterating {
            let iteration = try XCTUnwrap(definition.iteration)
            let (session, _) = makeSession(rows: 50, columns: 140)
            session.type("^\(definition.name)(")
            session.press(.function(1))
            guard case .viewer(let viewer)? = session.state.overlay else {
                XCTFail("no function overlay for ^\(definition.name)")
                continue
            }
            let text = viewer.allLines.joined(separator: "\n")
            XCTAssertTrue(text.contains("$item"), "^\(definition.name): \(text)")
            for name in iteration.names {
                XCTAssertTrue(text.contains("  \(name) "), "^\(definition.name) names \(name): \(text)")
            }
            XCTAssertTrue(
                text.replacingOccurrences(of: "\n", with: " ").contains("Example: \(iteration.example)"),
                "^\(definition.name): \(text)")
        }
    }
}

/// `$key` over a dictionary, as the inspector evaluates it (traced, in every context).
final class KeyInTheInspectorTests: XCTestCase {
    func testKeyIsTheEntrysKeyInsideListOverADictionary() {
        let (session, _) = makeSession()
        session.send(.setExpression("^join(^list($catGenders|$key is $item)|; )"))
        XCTAssertEqual(
            session.state.results.shown[.string],
            .value(.string("Barrett is female; Duncan is male; Cooper is male")))
        session.send(.setExpression("^list($catGenders|$key)"))
        XCTAssertEqual(session.state.results.shown[.object], .value(["Barrett", "Duncan", "Cooper"]))
    }
}
