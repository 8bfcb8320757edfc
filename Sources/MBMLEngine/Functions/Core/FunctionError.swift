/// A failure reported by a function implementation (<doc:FunctionCalls>). The engine turns it
/// into an ``ExpressionError`` of kind `function` naming the function: `^name(): message`.
public struct FunctionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The host-set limit the failure hit, if any (the host adds how to change it).
    public var limit: EngineLimit?

    public init(_ message: String, limit: EngineLimit? = nil) {
        self.message = message
        self.limit = limit
    }

    public var description: String { message }

    // MARK: Standard parameter-validation messages (<doc:FunctionCalls>)

    public static let noParameters = FunctionError("expected input parameters, but got none")
    public static let noParameter = FunctionError("expected input parameter, but got none")
    public static let nullParameter = FunctionError("expected input parameter, but got a null value")

    public static func notAnArray(_ value: Value) -> FunctionError {
        FunctionError("expected an array of input parameters, but got a \(value.typeName)")
    }

    public static func count(exactly n: Int, got m: Int) -> FunctionError {
        FunctionError("expected exactly \(n) input parameter\(n == 1 ? "" : "s"), but got \(m) instead")
    }

    public static func count(atLeast n: Int, got m: Int) -> FunctionError {
        FunctionError("expected at least \(n) input parameter\(n == 1 ? "" : "s"), but got \(m) instead")
    }

    public static func count(atMost n: Int, got m: Int) -> FunctionError {
        FunctionError("expected no more than \(n) input parameter\(n == 1 ? "" : "s"), but got \(m) instead")
    }

    public static func count(atLeast n: Int, atMost k: Int, got m: Int) -> FunctionError {
        FunctionError("expected at least \(n) and at most \(k) input parameters, but got \(m) instead")
    }

    public static func index(_ i: Int, outOfBounds count: Int) -> FunctionError {
        FunctionError("input parameter index \(i) is out of bounds (valid range is 0 to \(count))")
    }

    public static func type(at index: Int, expected: String, got value: Value) -> FunctionError {
        FunctionError(
            "expected input parameter at index \(index) to be of type \(expected), but got \(value.typeName) instead")
    }

    public static func notANumber(at index: Int, got value: Value) -> FunctionError {
        FunctionError(
            "expected input parameter at index \(index) to contain a number value, but got \"\(value.text)\" (\(value.typeName)) instead"
        )
    }

    public static func type(expected: String, got value: Value) -> FunctionError {
        FunctionError("expected input parameter to be of type \(expected), but got \(value.typeName) instead")
    }

    /// For functions the platform cannot provide (UIKit fonts, the Objective-C runtime). The engine
    /// prefixes the function, so users read "^name() is not available on this platform".
    public static let unavailable = FunctionError("is not available on this platform")

    /// For functions refused because they would write outside the variable space.
    public static let fileWritesDisabled = FunctionError("disabled: file writes are not allowed", limit: .fileWrites)
}
