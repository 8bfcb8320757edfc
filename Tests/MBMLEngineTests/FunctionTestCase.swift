import Foundation
import XCTest
@testable import MBMLEngine

/// Base class of function tests: a fresh environment per test, evaluation, direct calls of an
/// implementation (for inputs the parser cannot produce), and failure assertions.
class FunctionTestCase: XCTestCase {
    var environment: Environment!

    override func setUp() {
        super.setUp()
        environment = Environment()
    }

    func eval(_ expression: String, _ context: ExpressionContext = .object) throws -> Value? {
        try environment.evaluate(expression, in: context)
    }

    /// Calls the implementation directly.
    func call(_ name: String, _ input: FunctionInput) throws -> Value? {
        let function = try XCTUnwrap(BuiltInFunctions.all.first { $0.name == name }, "^\(name) is not declared")
        return try function.implementation(FunctionCall(name: name, input: input, environment: environment))
    }

    /// Asserts that evaluation fails with a message containing `fragment`.
    func assertFails(_ expression: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try eval(expression), expression, file: file, line: line) { error in
            XCTAssertTrue(String(describing: error).contains(fragment),
                          "\"\(error)\" does not mention \"\(fragment)\"", file: file, line: line)
        }
    }

    /// Asserts that a direct call fails with a message containing `fragment`.
    func assertFails(_ name: String, _ input: FunctionInput, _ fragment: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try call(name, input), file: file, line: line) { error in
            XCTAssertTrue(String(describing: error).contains(fragment),
                          "\"\(error)\" does not mention \"\(fragment)\"", file: file, line: line)
        }
    }
}
