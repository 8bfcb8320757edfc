import Foundation
import Synchronization
import XCTest

@testable import MBMLEngine

/// A per-item scope run on several workers (``ParallelItemScope``) gives what the serial loop gives:
/// the same answer, the same log lines in the same order, the same first error, the same stop.
final class ParallelItemScopeTests: XCTestCase {
    /// More items than ``ParallelItemScope/threshold``, so that four workers split them.
    private let count = 20_000

    /// `count` people: `age` cycles 0…99, every 7th has a text age (a comparison that logs nothing
    /// but differs), every 1,000th a `kids` that is not a collection.
    private func people(badKidsAt bad: [Int: Value] = [:]) -> Value {
        .array(
            ValueArray(
                (0..<count).map { index in
                    let age: Value = index % 7 == 0 ? .string("n\(index)") : .integer(index % 100)
                    let kids: Value = bad[index] ?? .array([.integer(index % 3), .integer(index % 5)])
                    return .dictionary(
                        ValueDictionary([
                            "id": .integer(index), "age": age, "name": .string("P\(index)"), "kids": kids,
                            "zero": .integer(index % 11 == 0 ? 0 : 1),
                        ]))
                }))
    }

    private struct Outcome: Equatable {
        var result: String?
        var error: String?
        var log: [String]
    }

    /// Evaluates `expression` over `$people` with `workers` threads.
    private func run(
        _ expression: String, people: Value, workers: Int, limits: EvaluationLimits = EvaluationLimits()
    ) -> Outcome {
        let log = LogSink(limit: 1_000_000)
        let environment = Environment(log: log)
        environment.variables.declare("people", value: people)
        environment.variables.declare("limit", value: .integer(40))
        let evaluation = Evaluation(limits: limits)
        evaluation.workers = workers
        do {
            let value = try environment.evaluate(expression, in: .object, within: evaluation)
            return Outcome(result: value.map { JSONCodec.encode($0) }, error: nil, log: log.lines)
        } catch {
            return Outcome(result: nil, error: String(describing: error), log: log.lines)
        }
    }

    private func assertSame(
        _ expression: String, people: Value? = nil, limits: () -> EvaluationLimits = { EvaluationLimits() },
        file: StaticString = #filePath, line: UInt = #line
    ) -> Outcome {
        let people = people ?? self.people()
        let serial = run(expression, people: people, workers: 1, limits: limits())
        let parallel = run(expression, people: people, workers: 4, limits: limits())
        XCTAssertEqual(parallel, serial, expression, file: file, line: line)
        return serial
    }

    func testEveryPerItemFunctionAnswersAsTheSerialLoop() {
        let expressions = [
            "^count(^filter($people|$item.age > $limit))",
            "^filter($people|$item.age > 95 -AND $item.id < 3000)",
            "^list($people|$item.name $item.age)",
            "^list($people|$item.kids|$root.id-$item)",
            "^count(^filter($people|$item.kids|$item == 2|matchAll))",
            "^valuesPassingTest($people|$people|$item.age == 42)",
            "^collectionPassesTest($people|$item.id >= 0)",
            "^collectionPassesTest($people|$item.id < 15000)",
            "^count(^filter($people|^count(^filter($item.kids|$item > 1)) == 2))",
            "^associate($people|$item.age|$item.id)",
            "^associateWithArray($people|$item.kids|$item|$outer:item.id)",
            "^associateWithSingleValue($people|$item.age|$item.name)",
        ]
        for expression in expressions {
            let outcome = assertSame(expression)
            XCTAssertNotNil(outcome.result, expression)
            XCTAssertNil(outcome.error, expression)
        }
    }

    func testAReduceThatSumsAnswersAsTheSerialFold() {
        // Sums of whole numbers (summed in parallel), and folds that are not such sums (serial):
        // text ages in the data, a fraction, a term that reads $currentValue, an initial text.
        let people = self.people(badKidsAt: [:])
        let whole = Value.array(ValueArray((0..<count).map { .integer($0 % 1_000 - 300) }))
        let sums: [(String, Value)] = [
            ("^reduce($people|0|#($currentValue + $item.id))", people),
            ("^reduce($people|5|#($item.id + $currentValue))", people),
            ("^reduce($people|0|#($currentValue + $item.kids[1]))", people),
            ("^reduce($people|-7|#($currentValue + ^count($item.kids)))", people),
            ("^reduce($people|0|#($currentValue + $item))", whole),
        ]
        for (expression, data) in sums {
            let outcome = assertSame(expression, people: data)
            XCTAssertNotNil(
                ReduceSum(
                    combine: Environment().prepareRepeated(
                        String(expression.split(separator: "|").last!.dropLast()), in: .object)), expression)
            XCTAssertNil(outcome.error, expression)
            XCTAssertTrue(outcome.log.isEmpty, expression)
        }
        XCTAssertEqual(
            assertSame("^reduce($people|0|#($currentValue + $item.id))", people: people).result,
            String((0..<count).reduce(0, +)))
        let folds: [(String, Value)] = [
            ("^reduce($people|0|#($currentValue + $item.age))", people),
            ("^reduce($people|0|#($currentValue + $item.id / 2))", people),
            ("^reduce($people|0|#($currentValue + $item.zero / $item.zero))", people),
            ("^reduce($people|x|#($currentValue + $item.id))", people),
            ("^reduce($people|0|#($currentValue + ^count(^filter($item.kids|#(1 / $item) > 0))))", people),
            ("^reduce($people|0|#($currentValue + $item * 1000000000000))", whole),
            ("^reduce($people|0|#($currentValue - $item.id))", people),
            ("^reduce($people|0|#($currentValue + $currentValue))", people),
        ]
        for (expression, data) in folds {
            let outcome = assertSame(expression, people: data)
            // Either a result, or a fold whose items failed (logged, the result nothing).
            XCTAssertTrue(outcome.result != nil || !outcome.log.isEmpty, expression)
        }
    }

    func testTheReduceSumRule() {
        let environment = Environment()
        func isSum(_ text: String) -> Bool {
            ReduceSum(combine: environment.prepareRepeated(text, in: .object)) != nil
        }
        XCTAssertTrue(isSum("#($currentValue + $item.age)"))
        XCTAssertTrue(isSum("#($item.age + $currentValue)"))
        XCTAssertTrue(isSum("#($currentValue + ^count($item.tags))"))
        XCTAssertFalse(isSum("#($currentValue - $item.age)"))
        XCTAssertFalse(isSum("#($currentValue * $item.age)"))
        XCTAssertFalse(isSum("#($currentValue + $item.age + 1)"))
        XCTAssertFalse(isSum("#($currentValue + $currentValue)"))
        XCTAssertFalse(isSum("#($currentValue + ^count(^filter($item.tags|$currentValue)))"))
        XCTAssertFalse(isSum("#($currentValue.count + $item)"))
        XCTAssertFalse(isSum("$currentValue $item"))
    }

    func testUniqueKeepsTheFirstOccurrencesInOrder() throws {
        let values = Value.array(
            ValueArray(
                (0..<count).map { index -> Value in
                    switch index % 4 {
                    case 0: return .integer((count - index) % 3_000)
                    case 1: return .string("s\(index % 500)")
                    case 2: return .integer(index % 7)
                    default: return .array([.integer(index % 5)])
                    }
                }))
        let outcome = assertSame("^unique($people)", people: values)
        let expected = try JSONCodec.decodePlain(outcome.result ?? "null")
        var seen = Set<Value>()
        let serial = values.arrayValue!.filter { seen.insert($0).inserted }
        XCTAssertEqual(expected, .array(ValueArray(serial)))
        let text = JSONCodec.encode(values)
        let lazy = try JSONCodec.decodePlainLazily(Array(text.utf8))
        XCTAssertEqual(assertSame("^unique($people)", people: lazy), outcome)
        XCTAssertEqual(
            assertSame("^count(^unique(^list($people|$item.age)))").result,
            String(Set((0..<count).map { $0 % 7 == 0 ? "n\($0)" : "\($0 % 100)" }).count))
    }

    func testADictionaryIsFilteredInItsOrder() throws {
        let text = "{" + (0..<count).map { #""k\#(count - $0)":\#($0)"# }.joined(separator: ",") + "}"
        let outcome = assertSame(
            "^filter($people|$item > 100 -AND $key != k500)", people: try JSONCodec.decodePlain(text))
        XCTAssertTrue(outcome.result?.hasPrefix(#"{"k19899":101,"#) ?? false, outcome.result ?? "")
    }

    func testAViewOfADocumentAnswersAsDecodedValues() throws {
        let text = JSONCodec.encode(people())
        let lazy = try JSONCodec.decodePlainLazily(Array(text.utf8))
        XCTAssertNotNil(lazy.jsonNode)
        for expression in ["^count(^filter($people|$item.age > 30))", "^list($people|$item.kids[1])"] {
            XCTAssertEqual(assertSame(expression, people: lazy), assertSame(expression))
        }
    }

    func testSwallowedPerItemErrorsAreLoggedInItemOrder() {
        let outcome = assertSame("^count(^filter($people|#(10 / $item.zero) > 5))")
        // Every 11th item divides by zero: each logs, and the lines are those of the serial loop.
        XCTAssertEqual(outcome.log.count, (count + 10) / 11)
        XCTAssertEqual(outcome.result, String((0..<count).filter { $0 % 11 != 0 }.count))
    }

    func testTheFirstErrorInItemOrderWins() {
        // Two items late in the collection cannot be walked: the earlier one's error is the answer.
        let people = people(badKidsAt: [17_001: .string("no"), 19_002: .integer(4)])
        let outcome = assertSame("^list($people|$item.kids|$item)", people: people)
        XCTAssertTrue(outcome.error?.contains("String") ?? false, outcome.error ?? "no error")
        XCTAssertNil(outcome.result)
    }

    func testABudgetStopMidwayIsTheSerialOne() {
        // Each item joins text, charged to the one budget of the job: it runs out part of the way.
        let outcome = assertSame("^list($people|$item.name and $item.name and more)") {
            EvaluationLimits(maximumBytes: 200_000)
        }
        XCTAssertEqual(outcome.error, MemoryBudgetExceeded(bytes: 200_000).description)
    }

    func testAnAssociationPastTheBudgetStopsAsTheSerialOne() {
        // The workers' pairs are checked against the budget as they come; the answer is the serial one.
        for expression in [
            "^associateWithSingleValue($people|$item.id|$item.name)", "^associate($people|$item.id|$item.name)",
            "^associateWithArray($people|$item.age|$item.id)", "^associateWithSingleValue($people|$item.age|$item.id)",
        ] {
            for budget in [50_000, 400_000, 4_000_000] {
                _ = assertSame(expression) { EvaluationLimits(maximumBytes: budget) }
            }
        }
    }

    func testAnErrorAndABudgetStopInOtherChunksAnswerAsTheSerialLoop() {
        // An item that cannot be walked early or late, and a budget that runs out before it, after it
        // or not at all: whichever the serial loop meets first is the answer, with its log and count.
        for bad in [3_001, 17_001] {
            let people = people(badKidsAt: [bad: .string("no")])
            for budget in [20_000, 150_000, 600_000, 2_000_000, 20_000_000] {
                let outcome = assertSame("^list($people|$item.kids|$root.name has $item kids)", people: people) {
                    EvaluationLimits(maximumBytes: budget)
                }
                XCTAssertNotNil(outcome.error, "\(bad) \(budget)")
            }
        }
    }

    func testTheBudgetIsOneCountForAllWorkers() {
        // Just enough for the serial run: four workers must charge the same total, not a share each.
        let expression = "^count(^list($people|$item.name!))"
        let people = people()
        let serial = Evaluation()
        serial.workers = 1
        let parallel = Evaluation()
        parallel.workers = 4
        let environment = Environment()
        environment.variables.declare("people", value: people)
        XCTAssertNoThrow(try environment.evaluate(expression, in: .object, within: serial))
        XCTAssertNoThrow(try environment.evaluate(expression, in: .object, within: parallel))
        XCTAssertGreaterThan(serial.bytesUsed, count * 3)
        XCTAssertEqual(parallel.bytesUsed, serial.bytesUsed)
    }

    func testCancellationMidwayStopsBoth() {
        let outcome = assertSame("^count(^filter($people|$item.age > 30))") {
            let asked = Atomic<Int>(0)
            return EvaluationLimits(isCancelled: { asked.wrappingAdd(1, ordering: .relaxed).newValue > 9_000 })
        }
        XCTAssertEqual(outcome.error, CancellationFailure().description)
    }

    func testPureScopesUseSeveralThreadsAndImpureOnesOne() {
        let threads = Mutex<Set<String>>([])
        var probe = FunctionDefinition(
            "probe", input: .object, signature: "^probe(value)", category: .debug, summary: "test"
        ) { call in
            threads.withLock { _ = $0.insert("\(pthread_self())") }
            Thread.sleep(forTimeInterval: 0.000_01)
            return try call.value()
        }
        let environment = Environment()
        environment.variables.declare("people", value: people())
        for (pure, expected) in [(false, 1), (true, 4)] {
            probe.isPure = pure
            environment.declare(probe)
            threads.withLock { $0.removeAll() }
            let evaluation = Evaluation()
            evaluation.workers = 4
            XCTAssertEqual(
                try environment.evaluate(
                    "^count(^filter($people|^probe($item.id) >= 0))", in: .object, within: evaluation),
                .integer(count))
            let used = threads.withLock { $0.count }
            if pure {
                XCTAssertGreaterThan(used, 1, "a pure scope ran on one thread")
                XCTAssertLessThanOrEqual(used, expected)
            } else {
                XCTAssertEqual(used, expected, "an impure scope ran on several threads")
            }
        }
    }

    /// The sum rule runs on more than one thread over decoded values and over a view of a loaded
    /// JSON document (whose `$item.id` reads are not decoded `.integer`s), and answers the serial sum.
    func testAReduceSumSplitsBetweenThreadsOverDecodedAndLoadedData() throws {
        let threads = Mutex<Set<String>>([])
        var probe = FunctionDefinition(
            "probe", input: .object, signature: "^probe(value)", category: .debug, summary: "test"
        ) { call in
            threads.withLock { _ = $0.insert("\(pthread_self())") }
            return try call.value()
        }
        probe.isPure = true
        let decoded = people()
        let loaded = try JSONCodec.decodePlainLazily(Array(JSONCodec.encode(decoded).utf8))
        for data in [decoded, loaded] {
            let environment = Environment()
            environment.declare(probe)
            environment.variables.declare("people", value: data)
            threads.withLock { $0.removeAll() }
            let evaluation = Evaluation()
            evaluation.workers = 4
            let sum = try environment.evaluate(
                "^reduce($people|0|#($currentValue + ^probe($item.id)))", in: .object, within: evaluation)
            XCTAssertEqual(sum?.integerValue, (0..<count).reduce(0, +))
            XCTAssertGreaterThan(threads.withLock { $0.count }, 1, "the sum ran on one thread")
        }
    }

    func testThePurityRule() {
        let environment = Environment()
        environment.variables.declare("limit", value: .integer(3))
        environment.variables.declareDynamic("now", expression: "^log(x)")
        let call = FunctionCall(name: "filter", input: .absent, environment: environment)
        func allows(_ text: String, _ grammar: ExpressionContext = .boolean) -> Bool {
            ItemPurity.allows([call.repeated(text, as: grammar)], bound: ["item", "key"], in: call)
        }
        XCTAssertTrue(allows("$item.age > $limit"))
        XCTAssertTrue(allows("$item.name $key $undeclared", .object))
        XCTAssertTrue(allows("^count(^filter($item.tags|$item == red -AND $outer:item))"))
        XCTAssertTrue(allows("#($item.a + 1) > ^max($item.b|2)"))
        XCTAssertFalse(allows("^log($item)", .object))
        XCTAssertFalse(allows("$now > 1"))
        XCTAssertFalse(allows("^count(^filter($item.tags|^random(3) > 1))"))
        XCTAssertFalse(allows("^eval($item.expression)", .object))
        XCTAssertFalse(allows("$Environment.name", .object))
        XCTAssertFalse(allows("^fileContents($item.path)", .object))
    }
}
