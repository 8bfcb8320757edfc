import Foundation
import MBMLEngine
import MBMLTestSupport
import XCTest

/// Base class of function tests that read best as methods on the test case: a fresh
/// ``FunctionHarness`` (and so a fresh environment) per test.
class FunctionTestCase: XCTestCase {
    var harness = FunctionHarness()
    var environment: Environment { harness.environment }

    override func setUp() {
        super.setUp()
        harness = FunctionHarness()
    }

    func eval(_ expression: String, _ context: ExpressionContext = .object) throws -> Value? {
        try harness.evaluate(expression, in: context)
    }

    /// Calls the implementation directly.
    func call(_ name: String, _ input: FunctionInput, file: StaticString = #filePath, line: UInt = #line) throws
        -> Value?
    {
        try harness.call(name, input, file: file, line: line)
    }

    /// Asserts that evaluation fails with a message containing `fragment`.
    func assertFails(_ expression: String, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) {
        harness.assertEvaluationFails(expression, containing: fragment, file: file, line: line)
    }

    /// Asserts that a direct call fails with a message containing `fragment`.
    func assertFails(
        _ name: String, _ input: FunctionInput, _ fragment: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        harness.assertFails(name, input, containing: fragment, file: file, line: line)
    }
}
