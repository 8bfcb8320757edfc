import Foundation
import MBMLEngine
import XCTest

@testable import MBMLLanguageServer

/// ``BoundValuesHover``: the hover of a per-item variable evaluates the call around it once, for
/// the values it binds, why it bound none and the item it would bind outside a branch.
final class BoundValuesHoverTests: XCTestCase {
    /// `$boom` logs its error at every evaluation: the log counts how often the call ran.
    private func hover(_ text: String, at needle: String, name: String = "item") throws -> (
        value: String, note: String, evaluations: Int
    ) {
        let environment = Environment()
        environment.variables.declare("none", value: .array([]))
        environment.variables.declare("cats", value: .array([.string("Barrett"), .string("Duncan")]))
        environment.variables.declareDynamic("boom", expression: "^noSuchFunction()")
        let range = try XCTUnwrap(text.range(of: needle))
        let offset = text.distance(from: text.startIndex, to: range.lowerBound)
        let document = TextDocument(uri: "file:///tmp/t.txt", version: 1, text: text, languageId: "mbml-template")
        let cursor = CursorContext(document: document, position: LSPPosition(line: 0, character: offset + 1))
        environment.log.clear()
        let (value, note) = BoundValuesHover.text(
            for: name, expression: "$" + name, at: offset, cursor: cursor, environment: environment, samples: nil,
            limits: EvaluationLimits(), inProject: false)
        return (value, note, environment.log.lines.filter { $0.contains("$boom") }.count)
    }

    func testTheCallAroundTheReferenceIsEvaluatedOnce() throws {
        // An empty collection: no value, and why (one evaluation of the call, not one per question).
        let empty = try hover("^list(^if($boom|$cats|$none)|$item.length)", at: "$item")
        XCTAssertEqual(empty.value, "null")
        XCTAssertTrue(empty.note.contains("the collection is empty"), empty.note)
        XCTAssertEqual(empty.evaluations, 1)
        // A call in a branch not taken: evaluated around the reference once, then alone.
        let branch = try hover("^if($boom|^list($cats|$item))", at: "$item")
        XCTAssertEqual(branch.value, "\"Barrett\"")
        XCTAssertTrue(branch.note.contains("evaluated alone"), branch.note)
        XCTAssertEqual(branch.evaluations, 1)
        // Values bound: one evaluation.
        let bound = try hover("^list(^if($boom|$none|$cats)|$item)", at: "$item")
        XCTAssertEqual(bound.value, "\"Barrett\"")
        XCTAssertEqual(bound.evaluations, 1)
    }
}
