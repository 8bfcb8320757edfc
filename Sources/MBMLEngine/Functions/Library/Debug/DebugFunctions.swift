import Foundation

/// The Debug functions of <doc:FunctionLibrary> except `^log`, `^test` and the `^tokenize…` family
/// (those are in `LanguageFunctions.swift`). Diagnostics go to the environment's log sink, never to
/// standard output; `^repeat`/`^repeatBool` check for cancellation on every repetition.
enum DebugFunctions {
    static var all: [FunctionDefinition] {
        [
            FunctionDefinition(
                "dump", input: .raw, signature: "^dump(expression)", category: .debug,
                summary:
                    "Evaluates its text as an object expression, logs the text and the result, and returns the string form of the result (not the value itself); a null result gives null. Evaluation errors propagate."
            ) { call in
                guard let expression = call.optionalText else {
                    call.log("^dump(): nil")
                    return nil
                }
                let result = try call.evaluate(expression, as: .object)
                call.log("^dump(\(expression)) → \(try describe(result, in: call.evaluation))")
                guard let value = result, !value.isNull else { return nil }
                return .string(try call.evaluation.text(of: value))
            },

            FunctionDefinition(
                "debugBreak", input: .raw, signature: "^debugBreak(text)", category: .debug,
                summary:
                    "Returns its text unevaluated and logs it. On Apple debug builds the reference also stops in the debugger; this port never traps."
            ) { call in
                guard let text = call.optionalText else { return nil }
                call.log("^debugBreak(\(text))")
                return .string(text)
            },

            FunctionDefinition(
                "bench", input: .raw, signature: "^bench(expression)", category: .debug,
                summary:
                    "Evaluates its text once as an object expression, logs the time it took, and returns the result unchanged. Evaluation errors propagate; the time is logged either way."
            ) { call in
                let expression = call.optionalText ?? ""
                return try timed(expression, in: call) { try call.evaluate(expression, as: .object) }
            },

            FunctionDefinition(
                "benchBool", input: .raw, signature: "^benchBool(expression)", category: .debug,
                summary:
                    "Evaluates its text once as a boolean expression, logs the time it took, and returns the Boolean. Evaluation errors propagate; the time is logged either way."
            ) { call in
                let expression = call.optionalText ?? ""
                return try timed(expression, in: call) { .boolean(try call.evaluateBoolean(expression)) }
            },

            FunctionDefinition(
                "repeat", input: .pipedExpressions, signature: "^repeat(count|expression)", category: .debug,
                summary:
                    "Evaluates the count as a math expression (truncated to an integer), then evaluates the expression in object context that many times and returns the last result; null when the count is 0 or less. A count above 1000000 is an error. An error in any repetition propagates. Long runs can be cancelled by the host."
            ) { call in
                let parameters = try call.expressions(.exactly(2))
                let count = try repetitionCount(parameters[0], in: call)
                var result: Value?
                for _ in 0..<max(count, 0) {
                    try call.checkCancellation()
                    result = try call.evaluate(parameters[1], as: .object)
                }
                return result
            },

            FunctionDefinition(
                "repeatBool", input: .pipedExpressions, signature: "^repeatBool(count|expression)", category: .debug,
                summary:
                    "Like ^repeat, but evaluates the expression as a boolean expression and returns the last Boolean (false when the count is 0 or less)."
            ) { call in
                let parameters = try call.expressions(.exactly(2))
                let count = try repetitionCount(parameters[0], in: call)
                var result = false
                for _ in 0..<max(count, 0) {
                    try call.checkCancellation()
                    result = try call.evaluateBoolean(parameters[1])
                }
                return .boolean(result)
            },

            FunctionDefinition(
                "deprecateVariableInFavorOf", input: .pipedExpressions,
                signature: "^deprecateVariableInFavorOf(oldName|newName|moduleClass)", category: .debug,
                summary:
                    "Logs a deprecation warning naming the old variable and its replacement (as written), and returns the second parameter evaluated in object context, so with $name syntax the new variable's value passes through. The optional third parameter names the reference's logging module and is only mentioned in the log."
            ) { call in
                let parameters = try call.expressions(.between(2, 3))
                var warning = "Deprecation warning: \(parameters[0]) is deprecated; use \(parameters[1]) instead"
                if parameters.count == 3, let module = try call.evaluateQuietly(parameters[2], as: .string),
                    !module.isNull
                {
                    warning += " (module \(module.text))"
                }
                call.log(warning)
                return try call.evaluateQuietly(parameters[1], as: .object)
            },
        ]
    }

    /// The count of `^repeat`/`^repeatBool`: the text evaluated as a math expression, truncated; at
    /// most ``WorkLimits/maximumCount``.
    static func repetitionCount(_ expression: String, in call: FunctionCall) throws -> Int {
        let value = try call.evaluate(expression, as: .number)
        guard let number = value?.decimalValue, let count = Value.decimal(number).integerValue else {
            throw FunctionError("expected the repetition count \"\(expression)\" to have a number value")
        }
        return try WorkLimits.checkedCount(count, of: "the repetition count")
    }

    /// Runs `body`, logging how long it took (also when it throws).
    private static func timed(
        _ expression: String, in call: FunctionCall,
        _ body: () throws -> Value?
    ) throws -> Value? {
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome = "failed"
        defer {
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            call.log("^\(call.name)(\(expression)) \(outcome) after \(String(format: "%.3f", milliseconds)) ms")
        }
        let result = try body()
        outcome = "→ \(try describe(result, in: call.evaluation))"
        return result
    }

    /// A short log description of a result: its kind, element count for collections, and text
    /// (made under the job's limits and charged to its budget: a log line is output too).
    /// - Throws: the job's stop.
    static func describe(_ value: Value?, in evaluation: Evaluation) throws -> String {
        guard let value = value else { return "nil" }
        let text = try evaluation.text(of: value)
        if let count = value.collectionCount {
            return "\(value.typeName) (\(count) element\(count == 1 ? "" : "s")): \(text)"
        }
        return "\(value.typeName): \(text)"
    }
}
