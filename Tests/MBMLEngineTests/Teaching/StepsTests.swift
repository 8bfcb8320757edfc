import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// A chain reads right in the trace (the variable its own value, each subreference its own), and
/// `Environment.steps` lists an evaluation's steps in order: sub-expressions, calls, iterations.
final class StepsTests: ExpressionTestCase {
    private func lines(_ steps: ExpressionSteps) -> [String] {
        steps.steps.map { String(repeating: "  ", count: $0.depth) + $0.line(previewLimit: 60) }
    }

    // MARK: The chain trace

    func testChainTraceShowsEachPartsOwnValue() {
        let trace = env.trace("^filter($cats|$item.length > 5)", context: .object)
        XCTAssertEqual(trace.result, .value(["Barrett", "Duncan"]))
        let item = trace.allNodes.first { $0.kind == .variableReference && $0.text == "$item" }
        XCTAssertEqual(item?.outcome, .value("Barrett"), "the variable node shows $item itself, not its length")
        XCTAssertEqual(
            item?.outcomes, [.value("Barrett"), .value("Duncan"), .value("Gabby")], "one value per iteration")
        let length = item?.children.first
        XCTAssertEqual(length?.kind, .subreference)
        XCTAssertEqual(length?.outcomes, [.value(.integer(7)), .value(.integer(6)), .value(.integer(5))])
        let cats = trace.allNodes.first { $0.kind == .variableReference && $0.text == "$cats" }
        XCTAssertEqual(cats?.outcome, .value(["Barrett", "Duncan", "Gabby"]))
    }

    func testEverySubreferenceOfAChainHasItsOwnValue() {
        let trace = env.trace("$nameList[3].firstName.length", context: .object)
        let nodes = trace.allNodes
        XCTAssertEqual(nodes.map(\.text), ["$nameList", "[3]", "3", ".firstName", ".length"])
        XCTAssertEqual(nodes[0].outcome.value?.typeName, "Array")
        XCTAssertEqual(nodes[1].outcome, .value(["firstName": "Jill"]))
        XCTAssertEqual(nodes[3].outcome, .value("Jill"))
        XCTAssertEqual(nodes[4].outcome, .value(.integer(4)))
        XCTAssertEqual(trace.result, .value(.integer(4)))
    }

    func testCallWithSubreferenceShowsTheCallsResultThenTheSubreference() {
        let trace = env.trace("^filter($cats|$item.length > 5).count", context: .object)
        let call = trace.nodes.first
        XCTAssertEqual(call?.kind, .functionCall)
        XCTAssertEqual(call?.outcome, .value(["Barrett", "Duncan"]))
        XCTAssertEqual(call?.children.last?.text, ".count")
        XCTAssertEqual(call?.children.last?.outcome, .value(.integer(2)))
    }

    // MARK: Steps

    func testFilterStepsInOrder() {
        let steps = env.steps("^filter($cats|$item.length > 5)", context: .object)
        XCTAssertEqual(
            lines(steps),
            [
                "call ^filter($cats|$item.length > 5)",
                "  $cats = [\"Barrett\", \"Duncan\", \"Gabby\"]",
                "  ^filter iteration 1: $item = \"Barrett\"",
                "    $item = \"Barrett\"",
                "    $item.length = 7",
                "    $item.length > 5 = true",
                "  ^filter iteration 2: $item = \"Duncan\"",
                "    $item = \"Duncan\"",
                "    $item.length = 6",
                "    $item.length > 5 = true",
                "  ^filter iteration 3: $item = \"Gabby\"",
                "    $item = \"Gabby\"",
                "    $item.length = 5",
                "    $item.length > 5 = false",
                "^filter($cats|$item.length > 5) = [\"Barrett\", \"Duncan\"]",
            ])
        XCTAssertFalse(steps.isCut)
        let chain = steps.steps[4]
        XCTAssertEqual(chain.range, SourceRange(location: 14, length: 12), "$item.length: from the variable's start")
        XCTAssertEqual(chain.nodeRange, SourceRange(location: 19, length: 7), "its node: the subreference")
        XCTAssertEqual(chain.tokenKind, .subreference)
        XCTAssertEqual(steps.steps[5].range, SourceRange(location: 14, length: 16), "the test spans its operands")
    }

    func testCallWithEvaluatedArgumentsShowsThemThenTheResult() {
        let steps = env.steps("^uppercase($name) and ^count($cats)", context: .object)
        XCTAssertEqual(
            lines(steps),
            [
                "$name = \"Cooper\"",
                "call ^uppercase(\"Cooper\")",
                "^uppercase($name) = \"COOPER\"",
                "$cats = [\"Barrett\", \"Duncan\", \"Gabby\"]",
                "call ^count([\"Barrett\", \"Duncan\", \"Gabby\"])",
                "^count($cats) = 3",
                "result: ^uppercase($name) and ^count($cats) = \"COOPER and 3\"",
            ])
    }

    func testEveryIteratingFunctionShowsItsIterations() {
        // One expression per kind of iteration: item, item and key, reduce's accumulator, sort's pair.
        let cases: [(String, String)] = [
            ("^list($cats|$item.length)", "^list iteration 3: $item = \"Gabby\""),
            ("^valuesPassingTest($cats|$item == Duncan)", "^valuesPassingTest iteration 2: $item = \"Duncan\""),
            ("^collectionPassesTest($cats|$item.length > 4)", "^collectionPassesTest iteration 1: $item = \"Barrett\""),
            ("^filter($genders|$key == Duncan)", "$key = \"Duncan\""),
            ("^reduce($arr|0|#($currentValue + $item))", "^reduce iteration 3: $item = 30, $currentValue = 30"),
            ("^sort($cats|$item.length)", "^sort iteration 1: $left:item"),
        ]
        for (expression, expected) in cases {
            let steps = env.steps(expression, context: .object)
            XCTAssertTrue(
                lines(steps).contains { $0.contains(expected) },
                "\(expression):\n" + lines(steps).joined(separator: "\n"))
            let iterations = steps.steps.filter(\.isIteration)
            XCTAssertFalse(iterations.isEmpty, expression)
            XCTAssertTrue(iterations.allSatisfy { $0.enclosingCall != nil && $0.depth == 1 }, expression)
        }
    }

    func testNestedIterationsNest() {
        let steps = env.steps("^list($cats|^filter($cats|$item == $outer:item))", context: .object)
        let inner = steps.steps.filter {
            if case .iteration(let function, _, _) = $0.kind { return function == "filter" }
            return false
        }
        XCTAssertEqual(inner.count, 9, "3 items of ^list, each filtering 3")
        XCTAssertTrue(inner.allSatisfy { $0.depth == 3 && $0.enclosingIteration != nil })
    }

    func testNavigation() {
        let steps = env.steps("^filter($cats|$item.length > 5)", context: .object)
        let count = steps.steps.count
        XCTAssertEqual(steps.next(after: count - 1), count - 1, "stays on the last")
        XCTAssertEqual(steps.previous(before: 0), 0)
        XCTAssertEqual(steps.over(from: 0), count - 1, "over the call: its result")
        XCTAssertEqual(steps.over(from: 2), 6, "over iteration 1: iteration 2")
        XCTAssertEqual(steps.over(from: 3), 4, "a value step: the next one")
        XCTAssertEqual(steps.nextIteration(from: 4), 6, "inside iteration 1: to iteration 2")
        XCTAssertEqual(steps.nextIteration(from: 10), count - 1, "from the last iteration: the call's result")
        XCTAssertEqual(steps.nextIteration(from: 0), 2, "before any: the first iteration")
        XCTAssertEqual(steps.previousIteration(from: 8), 6, "inside iteration 2: its start")
        XCTAssertEqual(steps.previousIteration(from: 6), 2, "at iteration 2: iteration 1")
        XCTAssertEqual(steps.out(from: 8), count - 1, "out of the call: its result")
        XCTAssertEqual(steps.steps[0].end, count - 1)
        XCTAssertEqual(steps.steps[2].end, 6)
    }

    func testTheLogIsBoundedAndSaysSo() {
        let steps = env.steps("^list(^array(1|2|3|4|5|6|7|8|9|10)|#($item * 2))", context: .object, limit: 12)
        XCTAssertTrue(steps.isCut)
        XCTAssertEqual(steps.limit, 12)
        XCTAssertLessThanOrEqual(steps.steps.count, 13, "at most the limit, and the result")
        XCTAssertEqual(steps.steps.last?.kind, .result, "the result is still given")
        XCTAssertEqual(steps.trace.result.value?.typeName, "Array")
        let whole = env.steps("^list(^array(1|2|3|4|5|6|7|8|9|10)|#($item * 2))", context: .object)
        XCTAssertFalse(whole.isCut)
        XCTAssertEqual(whole.steps.filter(\.isIteration).count, 10)
    }

    func testErrorsAreSteps() {
        let steps = env.steps("^filter($cats|^nope($item))", context: .object)
        XCTAssertTrue(
            steps.steps.contains {
                if case .error? = $0.outcome { return $0.text.hasPrefix("^nope") }
                return false
            }, lines(steps).joined(separator: "\n"))
    }

    func testConstantTextIsOneResultStep() {
        let steps = env.steps("plain text", context: .object)
        XCTAssertEqual(lines(steps), ["result: plain text = \"plain text\""])
    }
}
