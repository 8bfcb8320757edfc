import Foundation
import Synchronization
import XCTest

@testable import MBMLEngine

/// Builds environments holding the example variables of the language reference (<doc:ExpressionSyntax>
/// and the other articles use `$name`, `$count`, `$cats`, ...), so that such examples can be checked verbatim.
enum TestEnvironment {
    /// A fresh environment with the built-in functions and the spec's example variables:
    /// `$name = "Cooper"`, `$five = "5"`, `$count = 3`, `$cats`, `$genders`, `$x = "X"`, and the
    /// extra variables individual examples declare (`$ab`, `$zero`, `$ten`, `$nine`, `$flag`, ...).
    /// `$missing` and `$other` are never set.
    static func make(log: LogSink = LogSink()) -> Environment {
        let env = Environment(log: log)
        for (name, value) in variables {
            env.variables.declare(name, value: value)
        }
        return env
    }

    /// The declared example variables.
    static let variables: [(String, Value)] = [
        ("name", "Cooper"),
        ("five", "5"),
        ("count", .integer(3)),
        ("cats", ["Barrett", "Duncan", "Gabby"]),
        ("genders", ["Barrett": "female", "Duncan": "male"]),
        ("x", "X"),
        ("ab", "AB"),
        ("zero", .integer(0)),
        ("ten", .integer(10)),
        ("nine", "9"),
        ("flag", "F"),
        ("one", "1"),
        ("two", "2"),
        ("catName", "Barrett"),
        ("catGenders", ["Barrett": "female", "Duncan": "male"]),
        ("user", ["firstName": "Evan", "lastName": "Coyne"]),
        ("nameList", [["firstName": "A"], ["firstName": "B"], ["firstName": "C"], ["firstName": "Jill"]]),
        ("Barrett Test", ["species": "cat", "name": "Barrett"]),
        ("total $", "42"),
        ("testData", ["order": ["number": "102686"]]),
        ("map", ["ab": "x"]),
        ("arr", [.integer(10), .integer(20), .integer(30)]),
        ("nameMap", ["Jill": ["species": "human"]]),
        ("emptyArray", .array([])),
        ("emptyDictionary", .dictionary([:])),
        ("nullValue", .null),
        ("decimalValue", .decimal(Decimal(string: "2.5") ?? 0)),
        ("yes", .boolean(true)),
        ("no", .boolean(false)),
    ]
}

/// Base class of the expression test cases: a fresh example environment per test and assertions
/// that name the expression and context in their failure messages.
class ExpressionTestCase: XCTestCase {
    /// A fresh environment for each test (XCTest creates one instance per test method).
    var env = TestEnvironment.make()

    // MARK: Evaluation

    func evaluate(_ expression: String, _ context: ExpressionContext) throws -> Value? {
        try env.evaluate(expression, in: context)
    }

    /// Asserts that `expression` evaluates, in `context`, to `expected` (structural equality of values,
    /// numbers by value) — nil means "no value".
    func assertValue(
        _ expression: String, _ context: ExpressionContext, _ expected: Value?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let result = try env.evaluate(expression, in: context)
            XCTAssertEqual(result, expected, "\(context): \(expression)", file: file, line: line)
        } catch {
            XCTFail("\(context): \(expression) threw \(error)", file: file, line: line)
        }
    }

    /// Asserts that the result is exactly the string `expected`.
    func assertString(
        _ expression: String, _ context: ExpressionContext, _ expected: String, _ note: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let result = try env.evaluate(expression, in: context)
            guard case .string(let text)? = result else {
                XCTFail(
                    "\(context): \(expression) gave \(String(describing: result)), expected the string \"\(expected)\"",
                    file: file, line: line)
                return
            }
            XCTAssertEqual(text, expected, "\(context): \(expression) \(note)", file: file, line: line)
        } catch {
            XCTFail("\(context): \(expression) threw \(error)", file: file, line: line)
        }
    }

    /// Asserts that the number context yields the decimal `expected`.
    func assertNumber(_ expression: String, _ expected: Decimal, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let result = try env.evaluate(expression, in: .number)
            guard case .decimal(let number)? = result else {
                XCTFail(
                    "N: \(expression) gave \(String(describing: result)), expected the decimal \(expected)",
                    file: file, line: line)
                return
            }
            XCTAssertEqual(number, expected, "N: \(expression)", file: file, line: line)
        } catch {
            XCTFail("N: \(expression) threw \(error)", file: file, line: line)
        }
    }

    /// Asserts that `expression` yields no value (nil) without an error.
    func assertNil(
        _ expression: String, _ context: ExpressionContext, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let result = try env.evaluate(expression, in: context)
            XCTAssertNil(result, "\(context): \(expression)", file: file, line: line)
        } catch {
            XCTFail("\(context): \(expression) threw \(error)", file: file, line: line)
        }
    }

    /// Asserts the boolean context's result.
    func assertBoolean(
        _ expression: String, _ expected: Bool, _ note: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let result = try env.evaluate(expression, in: .boolean)
            guard case .boolean(let flag)? = result else {
                XCTFail(
                    "B: \(expression) gave \(String(describing: result)), expected a boolean", file: file, line: line)
                return
            }
            XCTAssertEqual(flag, expected, "B: \(expression) \(note)", file: file, line: line)
        } catch {
            XCTFail("B: \(expression) threw \(error)", file: file, line: line)
        }
    }

    /// Asserts that `expression` fails in `context`, optionally with `message`, the offending `range`
    /// (UTF-16 units of the top-level expression) and `kind`. Returns the error for further checks.
    @discardableResult
    func assertError(
        _ expression: String, _ context: ExpressionContext, message: String? = nil,
        containing fragment: String? = nil, range: SourceRange? = nil,
        kind: ExpressionError.Kind? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> ExpressionError? {
        do {
            let result = try env.evaluate(expression, in: context)
            XCTFail(
                "\(context): \(expression) gave \(String(describing: result)), expected an error", file: file,
                line: line)
            return nil
        } catch let error as ExpressionError {
            if let message = message {
                XCTAssertEqual(error.message, message, "\(context): \(expression)", file: file, line: line)
            }
            if let fragment = fragment {
                XCTAssertTrue(
                    error.message.contains(fragment),
                    "\(context): \(expression): \"\(error.message)\" lacks \"\(fragment)\"", file: file, line: line)
            }
            if let range = range {
                XCTAssertEqual(error.range, range, "\(context): \(expression) error range", file: file, line: line)
            }
            if let kind = kind {
                XCTAssertEqual(error.kind, kind, "\(context): \(expression) error kind", file: file, line: line)
            }
            XCTAssertEqual(
                error.expression, expression, "the error names the top-level expression", file: file, line: line)
            return error
        } catch {
            XCTFail(
                "\(context): \(expression) threw a \(type(of: error)), not an ExpressionError: \(error)",
                file: file, line: line)
            return nil
        }
    }

    // MARK: Token trees

    /// The `^tokenize`-style lines of `expression` parsed with `grammar`.
    func tree(_ expression: String, _ grammar: Grammar, file: StaticString = #filePath, line: UInt = #line) -> [String]
    {
        do {
            return TokenTreeFormatter.lines(for: try env.parse(expression, grammar: grammar))
        } catch {
            XCTFail("parsing \(expression) (\(grammar)) threw \(error)", file: file, line: line)
            return []
        }
    }

    /// Asserts the token tree of `expression` line by line.
    func assertTree(
        _ expression: String, _ grammar: Grammar, _ expected: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let lines = tree(expression, grammar, file: file, line: line)
        XCTAssertEqual(lines, expected, "tree of \(expression) (\(grammar))", file: file, line: line)
        if lines != expected {
            print("Actual tree of \(expression):\n" + lines.joined(separator: "\n"))
        }
    }

    // MARK: Test-only functions

    /// Declares `^name` with `input` whose implementation records what it receives and returns
    /// `result` (default: nothing). Returns the recorder.
    @discardableResult
    func declareRecorder(_ name: String, input: FunctionInputType, result: Value? = nil) -> InputRecorder {
        let recorder = InputRecorder()
        env.declare(
            FunctionDefinition(
                name, input: input, signature: "^\(name)(…)", category: .debug,
                summary: "Test-only: records its input."
            ) { call in
                recorder.record(call.input)
                return result
            })
        return recorder
    }
}

/// Collects the inputs a test-only function received.
final class InputRecorder: Sendable {
    private let stored = Mutex<[FunctionInput]>([])

    func record(_ input: FunctionInput) {
        stored.withLock { $0.append(input) }
    }

    var inputs: [FunctionInput] {
        stored.withLock { $0 }
    }

    /// A comparable description of the last input: `absent`, `text(...)`, `value(...)`,
    /// `values([...])` or `expressions([...])`.
    var last: String? { inputs.last.map(InputRecorder.describe) }

    static func describe(_ input: FunctionInput) -> String {
        switch input {
        case .absent: return "absent"
        case .text(let text): return "text(\(text.debugDescription))"
        case .value(let value): return "value(\(describe(value)))"
        case .values(let values): return "values([\(values.map(describe).joined(separator: ", "))])"
        case .expressions(let texts): return "expressions([\(texts.map(\.debugDescription).joined(separator: ", "))])"
        }
    }

    /// `string("a")`, `decimal(5)`, `integer(3)`, `boolean(true)`, `null`, `array(...)`, ...
    static func describe(_ value: Value) -> String {
        switch value {
        case .string(let text): return "string(\(text.debugDescription))"
        case .decimal(let d): return "decimal(\(d))"
        case .integer(let i): return "integer(\(i))"
        case .double(let d): return "double(\(d))"
        case .boolean(let b): return "boolean(\(b))"
        case .null: return "null"
        case .array(let elements): return "array[\(elements.map(describe).joined(separator: ", "))]"
        default: return "\(value.typeName)(\(value.text))"
        }
    }
}
