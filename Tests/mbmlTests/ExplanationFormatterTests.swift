import Foundation
import MBMLEngine
import XCTest

@testable import mbml

/// `mbml explain`'s text and JSON (``ExplanationFormatter``), on the tutorial's variables.
final class ExplanationFormatterTests: XCTestCase {
    private func explanation(_ expression: String, in context: ExpressionContext = .object) throws
        -> ExplanationFormatter
    {
        let environment = Environment()
        environment.variables.declare("cats", value: try JSONCodec.decodePlain(#"["Barrett", "Duncan", "Gabby"]"#))
        environment.variables.declare(
            "catGenders",
            value: try JSONCodec.decodePlain(#"{"Barrett": "female", "Duncan": "male", "Gabby": "female"}"#))
        let prepared = environment.prepare(expression, contexts: [context])
        let evaluation = environment.makeEvaluation()
        let trace = environment.trace(prepared, context: context, within: evaluation)
        return ExplanationFormatter(
            trace: trace, hints: environment.hints(for: prepared, context: context, trace: trace),
            evaluation: evaluation)
    }

    func testTheReadmeExampleOfAHint() throws {
        XCTAssertEqual(
            try explanation("$catGenders.count").text(),
            """
            object context: $catGenders.count
              variableReference "$catGenders" {0, 11} = {Barrett: "female", Duncan: "male", Gabby: "female"}
                subreference ".count" {11, 6} = (no value)
            result: null
            hint[dictionary-property] col 1: $catGenders is a dictionary without the key "count": .count \
            looks up a key; use ^count($catGenders) (try: ^count($catGenders))

            """)
    }

    func testAParameterEvaluatedPerItemShowsEveryValue() throws {
        let text = try explanation("^filter($cats|$catGenders[$item] == female)").text()
        XCTAssertTrue(
            text.contains(
                #"parameterGroup "$catGenders[$item] == female" {14, 28} [boolean] = true  (evaluated 3 times: true, false, true)"#
            ),
            text)
        XCTAssertTrue(text.hasSuffix("result: [\"Barrett\",\"Gabby\"]\n"), text)
    }

    func testAChainShowsTheVariableAndEachSubreferenceWithItsOwnValue() throws {
        let text = try explanation("^filter($cats|$item.length > 5)").text()
        XCTAssertTrue(
            text.contains(
                #"variableReference "$item" {14, 5} = "Barrett"  (evaluated 3 times: "Barrett", "Duncan", "Gabby")"#),
            text)
        XCTAssertTrue(
            text.contains(#"subreference ".length" {19, 7} = 7  (evaluated 3 times: 7, 6, 5)"#), text)
        XCTAssertTrue(text.contains(#"greaterThan ">" {27, 1} = true  (evaluated 3 times: true, true, false)"#), text)
    }

    func testStepsAreNumberedInEvaluationOrder() throws {
        let environment = Environment()
        environment.variables.declare("cats", value: try JSONCodec.decodePlain(#"["Barrett", "Duncan", "Gabby"]"#))
        let text = StepsFormatter(
            steps: environment.steps("^filter($cats|$item.length > 5)", context: .object),
            evaluation: environment.makeEvaluation()
        ).text()
        let lines = text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "object context: ^filter($cats|$item.length > 5)")
        XCTAssertEqual(
            Array(lines.dropFirst().prefix(6)),
            [
                " 1  call ^filter($cats|$item.length > 5)",
                " 2    $cats = [\"Barrett\", \"Duncan\", \"Gabby\"]",
                " 3    ^filter iteration 1: $item = \"Barrett\"",
                " 4      $item = \"Barrett\"",
                " 5      $item.length = 7",
                " 6      $item.length > 5 = true",
            ])
        XCTAssertEqual(lines.last, "15  ^filter($cats|$item.length > 5) = [\"Barrett\", \"Duncan\"]")
        let cut = StepsFormatter(
            steps: environment.steps("^filter($cats|$item.length > 5)", context: .object, limit: 5),
            evaluation: environment.makeEvaluation())
        XCTAssertTrue(cut.text().contains("(cut: the step log keeps at most 5 events"), cut.text())
        let cutJSON = try cut.json()
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(cutJSON.utf8)) as? [String: Any], cutJSON)
        XCTAssertEqual(json["cut"] as? Bool, true)
        XCTAssertEqual((json["steps"] as? [[String: Any]])?.first?["kind"] as? String, "call")
    }

    func testAFailureIsPartOfTheExplanation() throws {
        let text = try explanation("#(1 +", in: .number).text()
        XCTAssertTrue(text.hasPrefix("number context: #(1 +\n"), text)
        XCTAssertTrue(text.contains("result: error"), text)
    }

    func testTheJSONFormHoldsTheSameAsTheText() throws {
        let json = try explanation("$catGenders.count").json()
        let document = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
        XCTAssertEqual(document["expression"] as? String, "$catGenders.count")
        XCTAssertEqual(document["context"] as? String, "object")
        let nodes = try XCTUnwrap(document["nodes"] as? [[String: Any]])
        XCTAssertEqual(nodes.map { $0["kind"] as? String }, ["variableReference"])
        XCTAssertEqual(nodes.first?["range"] as? [Int], [0, 11])
        let children = try XCTUnwrap(nodes.first?["children"] as? [[String: Any]])
        XCTAssertEqual(children.map { $0["text"] as? String }, [".count"])
        let hints = try XCTUnwrap(document["hints"] as? [[String: Any]])
        XCTAssertEqual(hints.map { $0["code"] as? String }, ["dictionary-property"])
        XCTAssertEqual(hints.first?["column"] as? Int, 1)
        XCTAssertEqual(hints.first?["replacement"] as? String, "^count($catGenders)")
    }
}
