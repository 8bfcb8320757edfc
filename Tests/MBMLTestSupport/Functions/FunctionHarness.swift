import Foundation
import MBMLEngine
import XCTest

/// The one harness for function tests: calls a function's implementation directly (for inputs the
/// parser cannot produce), evaluates expressions, and asserts failures — all against one
/// environment, by default a fresh one with the built-in functions.
///
/// ```swift
/// let harness = FunctionHarness()
/// XCTAssertEqual(try harness.strings("hasPrefix", "Barrett", "Bar"), true)
/// XCTAssertEqual(harness.failure("count", .absent), "expected input parameter, but got none")
/// ```
public struct FunctionHarness {
    public let environment: Environment

    public init(environment: Environment = Environment()) {
        self.environment = environment
    }

    public init(options: EnvironmentOptions) {
        self.init(environment: Environment(options: options))
    }

    /// The declaration of `^name`, failing the test when there is none.
    public func definition(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> FunctionDefinition
    {
        try XCTUnwrap(
            environment.functions.definition(named: name), "^\(name)() is not declared", file: file, line: line)
    }

    /// Runs the implementation of `^name` with `input`, as the evaluator would, as one job under
    /// `limits` (nil: the environment's).
    public func call(
        _ name: String, _ input: FunctionInput, limits: EvaluationLimits? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Value? {
        try definition(name, file: file, line: line).implementation(
            FunctionCall(
                name: name, input: input, environment: environment, evaluation: limits.map { Evaluation(limits: $0) }))
    }

    /// Calls `^name` with the strings as piped parameters.
    public func strings(_ name: String, _ parameters: String..., file: StaticString = #filePath, line: UInt = #line)
        throws -> Value?
    {
        try call(name, .values(parameters.map(Value.string)), file: file, line: line)
    }

    /// Calls `^name` with the values as piped parameters.
    public func values(_ name: String, _ parameters: Value..., file: StaticString = #filePath, line: UInt = #line)
        throws -> Value?
    {
        try call(name, .values(parameters), file: file, line: line)
    }

    /// Calls `^name` with text input (input types `raw` and `string`).
    public func text(_ name: String, _ text: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> Value?
    {
        try call(name, .text(text), file: file, line: line)
    }

    /// Evaluates `expression` in the harness's environment.
    public func evaluate(_ expression: String, in context: ExpressionContext = .object) throws -> Value? {
        try environment.evaluate(expression, in: context)
    }

    /// The message of the ``FunctionError`` that calling `^name` throws, or nil (and a test failure)
    /// when it succeeds or throws something else.
    public func failure(_ name: String, _ input: FunctionInput, file: StaticString = #filePath, line: UInt = #line)
        -> String?
    {
        do {
            let result = try call(name, input, file: file, line: line)
            XCTFail("^\(name)() should fail but gave \(String(describing: result))", file: file, line: line)
        } catch let error as FunctionError {
            return error.message
        } catch {
            XCTFail("^\(name)() threw \(error), not a FunctionError", file: file, line: line)
        }
        return nil
    }

    /// Asserts that calling `^name` fails; with `message`, that it fails with exactly that
    /// ``FunctionError`` message; with `fragment`, that the error's text contains it.
    public func assertFails(
        _ name: String, _ input: FunctionInput, message: String? = nil, containing fragment: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try call(name, input, file: file, line: line), "^\(name)()", file: file, line: line) {
            error in
            if let message {
                XCTAssertEqual((error as? FunctionError)?.message, message, file: file, line: line)
            }
            if let fragment {
                XCTAssertTrue(
                    String(describing: error).contains(fragment),
                    "\"\(error)\" does not mention \"\(fragment)\"", file: file, line: line)
            }
        }
    }

    /// Asserts that evaluating `expression` fails with an error whose text contains `fragment`.
    public func assertEvaluationFails(
        _ expression: String, containing fragment: String, in context: ExpressionContext = .object,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try evaluate(expression, in: context), expression, file: file, line: line) { error in
            XCTAssertTrue(
                String(describing: error).contains(fragment),
                "\"\(error)\" does not mention \"\(fragment)\"", file: file, line: line)
        }
    }
}
