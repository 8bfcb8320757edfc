import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// `^sort` evaluates its key once per item when that orders as the rewritten comparisons do, and
/// compares through the rewritten texts otherwise: the answers are those of the written rule either way.
final class SortKeyTests: XCTestCase {
    private func makeEnvironment(log: LogSink = LogSink()) -> Environment {
        let environment = TestEnvironment.make(log: log)
        environment.variables.declare(
            "people",
            value: [
                ["name": "bob", "age": 31, "city": "Oslo", "zip": "0150"],
                ["name": "Ann", "age": 25, "city": "Bergen", "zip": "5003"],
                ["name": "ann", "age": 31, "city": "Oslo", "zip": "0150"],
                ["name": "Cy 10", "age": "9", "city": "Oslo"],
                ["name": "Cy 9", "age": .double(40.5), "city": "Bergen", "zip": 5003],
                ["name": "dee", "age": .null, "city": "Tromsø"],
            ])
        environment.variables.declare("byName", value: ["b": ["n": 2], "a": ["n": 1], "c": ["n": 2]])
        return environment
    }

    private func names(_ expression: String, in environment: Environment) throws -> [String] {
        guard case .array(let items)? = try environment.evaluate(expression, in: .object) else {
            XCTFail("\(expression) is not an array")
            return []
        }
        return items.map { $0.text }
    }

    /// The same sort traced: a traced call compares through the rewritten texts, pair by pair.
    private func traced(_ expression: String, in environment: Environment) -> Value? {
        guard case .value(let value) = environment.trace(expression, context: .object).result else { return nil }
        return value
    }

    func testKeysOrderAsTheRewrittenComparisons() throws {
        let environment = makeEnvironment()
        let keys = [
            "$item.name", "$item.age", "$item.zip", "$item.city", "^lowercase($item.name)", "#($item.age * -1)",
            "$item.city$item.name", "^count($item.name)", "$item.missing", "^parseInteger($item.age)",
        ]
        for key in keys {
            for order in ["", "|desc"] {
                let sort = "^list(^sort($people|\(key)\(order))|$item.name)"
                let answer = try environment.evaluate(sort, in: .object)
                XCTAssertEqual(answer, traced(sort, in: environment), sort)
            }
        }
        XCTAssertEqual(
            try names("^list(^sort($people|$item.name)|$item.name)", in: environment),
            ["ann", "Ann", "bob", "Cy 10", "Cy 9", "dee"], "strings collate")
        XCTAssertEqual(
            try names("^list(^sort($people|$item.age|desc)|$item.name)", in: environment),
            ["Cy 9", "bob", "ann", "Ann", "Cy 10", "dee"], "numbers compare numerically, stable among equals")
        XCTAssertEqual(
            try names("^list(^sort($people|#($item.age * -1))|$item.name)", in: environment).first, "Cy 9",
            "a math key")
    }

    func testDictionaryKeysAndValues() throws {
        let environment = makeEnvironment()
        XCTAssertEqual(try environment.evaluate("^list(^sort($byName|$key|desc)|$item.n)", in: .object), [2, 2, 1])
        XCTAssertEqual(
            try environment.evaluate("^sort($byName|$item.n)", in: .object), [["n": 1], ["n": 2], ["n": 2]])
        let sort = "^list(^sort($byName|$item.n$key)|$item.n)"
        XCTAssertEqual(try environment.evaluate(sort, in: .object), traced(sort, in: environment))
    }

    /// A key whose rewrite splits otherwise (`L -EQ R` is not a comparison of the two keys), or that
    /// names a side itself, is compared through the texts, as the rule is written.
    func testKeysThatSplitOtherwiseFollowTheText() throws {
        let environment = makeEnvironment()
        for sort in [
            "^list(^sort($people|$item.age -OR $item.name)|$item.name)",
            "^list(^sort($people|$item.age == 31)|$item.name)",
            "^list(^sort($people|$right:item.age)|$item.name)",
        ] {
            XCTAssertEqual(try environment.evaluate(sort, in: .object), traced(sort, in: environment), sort)
        }
        // `$left:item.age -EQ $right:item.age == 31 …`: not the ages' order.
        XCTAssertNotEqual(
            try names("^list(^sort($people|$item.age == 31)|$item.name)", in: environment),
            try names("^list(^sort($people|$item.age)|$item.name)", in: environment))
    }

    /// Keys kept as collation keys (every key a text of printable ASCII), as whole numbers, or as
    /// values (any other mix) order as the rewritten comparisons: seeded texts of every printable
    /// character, mixed case, prefixes of one another and repeated; whole numbers; and the mixes
    /// with a number, a non-ASCII text and a control character.
    func testEveryFormOfKeptKeysOrdersAsTheRewrittenComparisons() throws {
        var generator = SeededGenerator(seed: 0x50_27)
        let printable = (0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) }
        let stems = ["ab", "Ab", "aB", "AB", "a", "A", "abc", "a-b", "a b", "9", "10", "_", ""]
        var texts: [String] = []
        for index in 0..<160 {
            if index % 3 == 0 {
                texts.append(stems[Int.random(in: 0..<stems.count, using: &generator)])
            } else {
                let length = Int.random(in: 0...6, using: &generator)
                texts.append(String((0..<length).map { _ in printable.randomElement(using: &generator)! }))
            }
        }
        let numbers: [Value] = (0..<160).map { _ in .integer(Int.random(in: -50...50, using: &generator)) }
        let sets: [(String, [Value])] = [
            ("texts", texts.map(Value.string)), ("numbers", numbers),
            ("texts and a number", texts.map(Value.string) + [.integer(3)]),
            ("texts and non-ASCII", texts.map(Value.string) + [.string("\u{E9}t\u{E9}"), .string("e\u{301}")]),
            ("texts and a control", texts.map(Value.string) + [.string("a\u{7}b")]),
            ("numbers and a decimal", numbers + [.decimal(2.5), .double(-0.5)]),
        ]
        for (name, keys) in sets {
            let environment = makeEnvironment()
            environment.variables.declare(
                "keyed", value: .array(ValueArray(keys.enumerated().map { ["k": $1, "i": .integer($0)] })))
            for order in ["", "|desc"] {
                let sort = "^list(^sort($keyed|$item.k\(order))|$item.i)"
                XCTAssertEqual(try environment.evaluate(sort, in: .object), traced(sort, in: environment), name + order)
            }
        }
    }

    /// A key that fails is compared through the texts: every comparison logs its error, as before.
    func testAFailingKeyLogsEveryComparison() throws {
        let log = LogSink()
        let environment = makeEnvironment(log: log)
        let sort = "^sort(^array(b|c|a)|^fileContents(/no/such/mbml/file$item))"
        XCTAssertEqual(try environment.evaluate(sort, in: .object), ["b", "c", "a"], "all unordered: input order")
        XCTAssertGreaterThanOrEqual(log.lines.count, 4, "two texts per comparison, each logged: \(log.lines)")
    }

    /// A key that logs is never evaluated once per item first: only the comparisons log, each
    /// line naming the side it was evaluated for, as the rule is written.
    func testALoggingKeyLogsOnlyTheComparisons() throws {
        let log = LogSink()
        let environment = makeEnvironment(log: log)
        let sort = "^sort(^array(3|1|2)|^join(^array(^log(k$item)|$item)|-))"
        XCTAssertEqual(try environment.evaluate(sort, in: .object), ["1", "2", "3"])
        XCTAssertFalse(log.lines.isEmpty)
        let sides =
            log.lines.filter { $0.contains("$left:item") }.count + log.lines.filter { $0.contains("$right:item") }.count
        XCTAssertEqual(sides, log.lines.count, "every line is one side of a comparison: \(log.lines)")
        XCTAssertEqual(
            log.lines.filter { $0.contains("$left:item") }.count, log.lines.filter { $0.contains("$right:item") }.count,
            "each comparison logs its left and its right key once: \(log.lines)")
    }

    func testTheSortStopsAtTheBudget() throws {
        let environment = makeEnvironment()
        environment.variables.declare("many", value: .array(ValueArray((0..<50_000).map { .integer($0) })))
        var limits = EvaluationLimits()
        limits.maximumBytes = 100_000
        XCTAssertThrowsError(
            try environment.evaluate("^sort($many|#($item * -1))", in: .object, limits: limits)
        ) { error in
            XCTAssertTrue(error is MemoryBudgetExceeded, "\(error)")
        }
    }
}
