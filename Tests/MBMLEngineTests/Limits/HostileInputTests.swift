import Foundation
import MBMLTestSupport
import XCTest

@testable import MBMLEngine

/// Hostile input: deep nesting, huge and random expressions, runaway recursion. Every case must end
/// with an error or a value — never a crash, a hang or a stack overflow. No timing is asserted.
final class HostileInputTests: ExpressionTestCase {
    private let depth = 50_000

    /// Asserts that evaluating `expression` throws an ``ExpressionError`` whose message contains `fragment`.
    private func assertRejected(
        _ expression: String, _ context: ExpressionContext, _ fragment: String = "nested",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let result = try env.evaluate(expression, in: context)
            XCTFail(
                "\(context): expected an error, got \(String(describing: result).prefix(80))", file: file, line: line)
        } catch let error as ExpressionError {
            XCTAssertTrue(error.message.contains(fragment), "\(context): \(error.message)", file: file, line: line)
        } catch {
            XCTFail("\(context): unexpected error type \(error)", file: file, line: line)
        }
    }

    // MARK: Deep nesting

    func testFiftyThousandNestedMathExpressions() {
        let expression = String(repeating: "#(", count: depth) + "1" + String(repeating: ")", count: depth)
        for context in ExpressionContext.allCases {
            assertRejected(expression, context)
        }
        XCTAssertThrowsError(try env.parse(expression, grammar: .object))
    }

    func testNestingJustBelowTheLimitWorks() {
        let expression = String(repeating: "#(", count: 50) + "1" + String(repeating: ")", count: 50)
        assertValue(expression, .object, .decimal(1))
    }

    func testFiftyThousandNestedGroupings() {
        let math = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + " "
        assertRejected(math, .number)
        let boolean = String(repeating: "(", count: depth) + "T" + String(repeating: ")", count: depth) + " -OR F"
        assertRejected(boolean, .boolean)
    }

    func testFiftyThousandNestedBrackets() {
        let expression = String(repeating: "$cats[", count: depth) + "0" + String(repeating: "]", count: depth)
        assertRejected(expression, .object)
        assertRejected(expression, .boolean)
    }

    func testFiftyThousandNestedFunctionCalls() {
        let expression = String(repeating: "^array(", count: depth) + "x" + String(repeating: ")", count: depth)
        assertRejected(expression, .object)
        let strings = String(repeating: "^eval(", count: depth) + "x" + String(repeating: ")", count: depth)
        assertRejected(strings, .string)
    }

    func testFiftyThousandNestedCurlyReferences() {
        let expression = String(repeating: "${", count: depth) + "x" + String(repeating: "}", count: depth)
        do {
            _ = try env.evaluate(expression, in: .object)
            XCTFail("expected an error")
        } catch let error as ExpressionError {
            XCTAssertFalse(error.message.isEmpty)
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testRawParameterIsNotParsedSoDepthDoesNotMatter() {
        let inner = String(repeating: "(", count: depth) + String(repeating: ")", count: depth)
        assertString("^q(\(inner))", .object, inner)
    }

    func testUnbalancedBracketsAreLiteralText() {
        for opener in ["(", "[", "{", "#(", "$(", "$[", "${", "^q("] {
            let expression = String(repeating: opener, count: depth)
            assertString(expression, .object, expression)
        }
        let closers = String(repeating: ")]}", count: depth)
        assertString(closers, .object, closers)
        assertBoolean(String(repeating: "(", count: depth), true)
    }

    // MARK: Unterminated calls are literal text (<doc:ExpressionSyntax>)

    func testUnterminatedIfIsLiteralText() {
        assertString("^if(", .object, "^if(")
        assertString("^if($name|yes", .object, "^if(Cooper|yes")
        assertString("^if(T|yes|no", .string, "^if(T|yes|no")
        assertBoolean("^if(T", true)
        assertError("^if(", .number, message: "expression result could not be interpreted as an NSNumber")
    }

    // MARK: Long chains

    func testHundredThousandTermAddition() {
        let expression = Array(repeating: "1", count: 100_000).joined(separator: " + ")
        do {
            let result = try env.evaluate(expression, in: .number)
            XCTAssertEqual(result, .decimal(100_000), "if the chain is accepted its value must be right")
        } catch let error as ExpressionError {
            XCTAssertTrue(error.message.contains("nested"), error.message)
        } catch {
            XCTFail("unexpected \(error)")
        }
        let inside = "#(\(expression))"
        do {
            let result = try env.evaluate(inside, in: .object)
            XCTAssertEqual(result, .decimal(100_000))
        } catch let error as ExpressionError {
            XCTAssertTrue(error.message.contains("nested"), error.message)
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testHundredThousandTermBooleanChain() {
        let expression = Array(repeating: "F", count: 100_000).joined(separator: " -OR ") + " -OR T"
        do {
            let result = try env.evaluate(expression, in: .boolean)
            XCTAssertEqual(result, .boolean(true))
        } catch let error as ExpressionError {
            XCTAssertTrue(error.message.contains("nested"), error.message)
        } catch {
            XCTFail("unexpected \(error)")
        }
    }

    func testHundredThousandNegations() {
        assertRejected(String(repeating: "!", count: 100_000) + "T", .boolean, "requires an operand")
        assertRejected(String(repeating: "!", count: 100_001), .boolean, "operand")
    }

    func testHundredThousandSubreferences() {
        assertNil("$missing" + String(repeating: ".x", count: 100_000), .object)
        assertNil("$genders" + String(repeating: ".x", count: 100_000), .object)
        assertError("$name" + String(repeating: ".x", count: 100_000), .object, containing: "No such key \"x\"")
    }

    func testHugeInterpolation() {
        let expression = String(repeating: "$name ", count: 150_000)
        let result = try? env.evaluate(expression, in: .string)
        XCTAssertEqual(result?.stringValue?.utf16.count, 150_000 * 7)
        XCTAssertEqual(try env.evaluateAsArray(String(repeating: "$x", count: 100_000))?.count, 100_000)
    }

    func testHugeOperatorSoupDoesNotCrash() {
        for context in ExpressionContext.allCases {
            for unit in ["+ ", "* ", "== ", "-AND ", "| ", "! "] {
                _ = try? env.evaluate(String(repeating: unit, count: 20_000), in: context)
            }
        }
    }

    // MARK: Random megabyte expressions

    func testOneMegabyteRandomExpressionInEachContext() {
        let alphabet = Array("$^#()[]{}|.-+*/%!=<>&\\ \tabxyzTF019:_,'\"")
        for (index, context) in ExpressionContext.allCases.enumerated() {
            var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15 &+ UInt64(index))
            var characters: [Character] = []
            characters.reserveCapacity(1 << 20)
            for _ in 0..<(1 << 20) {
                characters.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            let expression = String(characters)
            XCTAssertEqual(expression.utf16.count, 1 << 20)
            do {
                _ = try env.evaluate(expression, in: context)
            } catch is ExpressionError {
                // An error is an acceptable outcome; a crash is not.
            } catch {
                XCTFail("\(context): unexpected error type \(error)")
            }
            _ = try? env.parse(expression, grammar: .parameterList)
        }
    }

    func testRandomSmallExpressionsNeverCrash() {
        let alphabet = Array("$^#()[]{}|.-+*/%!=<>&\\ abxT01")
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 24)
            let expression = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            for context in ExpressionContext.allCases {
                _ = try? env.evaluate(expression, in: context)
            }
        }
    }

    // MARK: Runaway recursion

    func testSelfEvaluatingVariableIsNestingError() {
        env.variables.declare("a", value: "^eval($a)")
        assertRejected("^eval($a)", .object)
        assertRejected("x ^eval($a)", .string)
        assertRejected("^evalBool($a)", .boolean)
    }

    func testEscapedSelfReferenceTerminates() {
        env.variables.declare("a", value: "^eval($$a)")
        assertString("^eval($a)", .object, "^eval($$a)")
    }

    func testMutuallyRecursiveEvalIsNestingError() {
        env.variables.declare("ping", value: "^eval($pong)")
        env.variables.declare("pong", value: "^eval($ping)")
        assertRejected("^eval($ping)", .object)
    }

    func testDeepDynamicChainReadsAsNilWithLoggedError() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        for index in 0..<500 {
            env.variables.declareDynamic("d\(index)", expression: "$d\(index + 1)")
        }
        env.variables.declare("d500", value: "end")
        XCTAssertNil(env.variables["d0"])
        XCTAssertTrue(log.lines.contains { $0.contains("nested") }, "\(log.lines.suffix(3))")
        XCTAssertEqual(env.variables["d450"], "end", "a short enough chain still works")
    }

    func testSelfEvaluatingDynamicVariableTerminates() {
        env.variables.declareDynamic("loop", expression: "^eval($loop)")
        XCTAssertNil(env.variables["loop"])
        env.variables.declareDynamic("echo", expression: "<^eval(^q($echo))>")
        XCTAssertEqual(try? env.evaluate("$echo", in: .string), "<>", "the inner read of $echo is nothing")
    }

    func testRecursiveFunctionIsNestingError() {
        env.declare(
            FunctionDefinition(
                "again", input: .raw, signature: "^again(x)", category: .debug,
                summary: "Test-only: evaluates itself."
            ) { call in
                try call.evaluate("^again(x)", as: .object)
            })
        assertRejected("^again(x)", .object)
    }

    func testMaximumNestingDepthOptionIsHonoured() {
        env = Environment(options: EnvironmentOptions(maximumNestingDepth: 5))
        assertValue("#(#(#(1)))", .object, .decimal(1))
        assertRejected(String(repeating: "#(", count: 10) + "1" + String(repeating: ")", count: 10), .object)
    }

    /// The nesting limit must count re-entry per evaluation, not across threads: an evaluation on
    /// one thread must not fail because another thread happens to be deep in its own evaluation.
    func testNestingLimitIsNotSharedBetweenThreads() {
        let reached = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        env.declare(
            FunctionDefinition(
                "hold", input: .none, signature: "^hold()", category: .debug,
                summary: "Test-only: blocks until released."
            ) { _ in
                reached.signal()
                _ = release.wait(timeout: .now() + 30)
                return "held"
            })
        let chainLength = 60
        for index in 0..<chainLength {
            env.variables.declare("heldChain\(index)", value: .string("^eval($heldChain\(index + 1))"))
            env.variables.declare("freeChain\(index)", value: .string("^eval($freeChain\(index + 1))"))
        }
        env.variables.declare("heldChain\(chainLength)", value: "^hold()")
        env.variables.declare("freeChain\(chainLength)", value: "free")
        let environment = env
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = try? environment.evaluate("^eval($heldChain0)", in: .object)
            finished.signal()
        }
        thread.start()
        guard reached.wait(timeout: .now() + 30) == .success else {
            release.signal()
            return XCTFail("the holding thread never reached ^hold()")
        }
        var freeResult: Value?
        var freeError: Error?
        do {
            freeResult = try env.evaluate("^eval($freeChain0)", in: .object)
        } catch {
            freeError = error
        }
        release.signal()
        _ = finished.wait(timeout: .now() + 30)
        XCTAssertNil(freeError)
        XCTAssertEqual(freeResult, "free")
    }

    // MARK: Tokenizing hostile text through ^tokenize

    func testTokenizeOfTooDeepTextLogsFailureAndReturnsText() {
        let log = LogSink()
        env = TestEnvironment.make(log: log)
        let inner = String(repeating: "#(", count: 5_000) + "1" + String(repeating: ")", count: 5_000)
        assertString("^tokenize(\(inner))", .object, inner)
        XCTAssertTrue(log.lines.contains { $0.hasPrefix("--> Failed to tokenize object expression") })
    }

    // MARK: Concurrency

    func testConcurrentEvaluationsAgree() {
        let environment = env
        let failures = InputRecorder()
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let expression = "#($count * \(index % 17)) ^if($name|x\(index % 5)) $cats[\(index % 3)]"
            let expected = "\(3 * (index % 17)) x\(index % 5) \(["Barrett", "Duncan", "Gabby"][index % 3])"
            let result = try? environment.evaluate(expression, in: .string)
            if result != .string(expected) {
                failures.record(.text("\(expression) -> \(String(describing: result))"))
            }
            if index % 50 == 0 { environment.clearCache() }
        }
        XCTAssertTrue(failures.inputs.isEmpty, failures.inputs.map(InputRecorder.describe).joined(separator: "\n"))
    }
}
