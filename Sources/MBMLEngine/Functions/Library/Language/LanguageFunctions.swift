/// The functions that shape the language itself (<doc:FunctionCalls>) plus the few collection and
/// string functions the core conformance group needs; declared by the engine, not by a category helper.
enum LanguageFunctions {
    static var all: [FunctionDefinition] {
        [q, ifFunction, eval, evalBool, array, dictionary, parseInteger, log, test]
            + [
                ("tokenize", Grammar.object, "object"), ("tokenizeBoolean", .boolean, "boolean"),
                ("tokenizeMath", .math, "math"),
            ].map { tokenize($0.0, grammar: $0.1, kind: $0.2) }
    }

    static let q = FunctionDefinition(
        "q", input: .raw, signature: "^q(text)", category: .string,
        summary:
            "Returns the text between the parentheses exactly as written: nothing is evaluated, whitespace, $, |, ^, # and backslashes are kept. Parentheses inside must balance. Use it to protect pipes in piped parameters or to keep a dollar sign."
    ) { call in
        call.optionalText.map(Value.string)
    }

    static let ifFunction = FunctionDefinition(
        "if", input: .pipedExpressions, signature: "^if(condition|whenTrue|whenFalse)", category: .logic,
        summary:
            "Evaluates condition as a boolean; if true, returns whenTrue evaluated as an object (or the condition's own object value when only one parameter is given), otherwise whenFalse or nothing. Only the chosen branch is evaluated; errors inside are logged and count as false/nothing. Write boolean 'or' as -OR inside the condition, since || splits parameters."
    ) { call in
        let parameters = try call.expressions(.between(1, 3))
        if try call.evaluateBooleanQuietly(parameters[0]) {
            return try call.evaluateQuietly(parameters.count == 1 ? parameters[0] : parameters[1], as: .object)
        }
        return parameters.count == 3 ? try call.evaluateQuietly(parameters[2], as: .object) : nil
    }

    static let eval = FunctionDefinition(
        "eval", input: .string, signature: "^eval(expression)", category: .string,
        summary:
            "Evaluates its parameter to text, then evaluates that text again as an object expression and returns the result. Errors of either evaluation propagate. Evaluates data as code: only use it on text you trust."
    ) { call in
        guard let text = call.optionalText else { return nil }
        return try call.evaluate(text, as: .object)
    }

    static let evalBool = FunctionDefinition(
        "evalBool", input: .string, signature: "^evalBool(expression)", category: .string,
        summary: "Like ^eval, but the second evaluation is a boolean expression; returns true or false."
    ) { call in
        guard let text = call.optionalText else { return .boolean(false) }
        return .boolean(try call.evaluateBoolean(text))
    }

    static let array = FunctionDefinition(
        "array", input: .pipedObjects, signature: "^array(value|…)", category: .collection,
        summary:
            "Returns an array of the evaluated parameters, in order. Literal text stays text (^array(1|2) holds the strings \"1\" and \"2\"); empty parameters become null elements; ^array() is an empty array."
    ) { call in
        if case .absent = call.input { return .array([]) }
        return .array(try call.values())
    }

    static let dictionary = FunctionDefinition(
        "dictionary", input: .pipedExpressions, signature: "^dictionary(key|value|…)", category: .collection,
        summary:
            "Builds a dictionary from consecutive key/value parameters, each evaluated as an object expression (errors count as nothing). Later pairs overwrite earlier ones with the same key; non-string keys use their text form. ^dictionary() is an empty dictionary."
    ) { call in
        if case .absent = call.input { return .dictionary(ValueDictionary()) }
        let parameters = try call.expressions()
        guard parameters.count % 2 == 0 else {
            throw FunctionError("expected an even number of input parameters, but got \(parameters.count) instead")
        }
        var result: [(String, Value)] = []
        var index = 0
        while index < parameters.count {
            guard let key = try call.evaluateQuietly(parameters[index], as: .object), !key.isNull else {
                throw FunctionError("expected a non-null dictionary key at parameter index \(index)")
            }
            let value = try call.evaluateQuietly(parameters[index + 1], as: .object) ?? .null
            result.append((key.text, value))
            index += 2
        }
        return .dictionary(.init(result, uniquingKeysWith: { _, last in last }))
    }

    static let parseInteger = FunctionDefinition(
        "parseInteger", input: .string, signature: "^parseInteger(text)", category: .string,
        summary:
            "Returns the integer value of the text's number form, truncated toward zero: ^parseInteger(-5.25) is -5. Text without a number form is an error."
    ) { call in
        let text = try call.text()
        guard let number = Value.string(text).decimalValue, let integer = Value.decimal(number).integerValue else {
            throw FunctionError("the input parameter \"\(text)\" could not be interpreted as a number")
        }
        return .integer(integer)
    }

    static let log = FunctionDefinition(
        "log", input: .raw, signature: "^log(expression)", category: .debug,
        summary:
            "Evaluates its text as an object expression, writes the text and the result to the log, and returns the result unchanged, so it can wrap any value while debugging."
    ) { call in
        guard let text = call.optionalText else {
            call.log("^log(): nil")
            return nil
        }
        let result = try call.evaluate(text, as: .object)
        call.log("^log(\(text)) → \(try DebugFunctions.describe(result, in: call.evaluation))")
        return result
    }

    static let test = FunctionDefinition(
        "test", input: .raw, signature: "^test(expression)", category: .debug,
        summary:
            "Evaluates its text as a boolean expression, writes the text and the result to the log, and returns the boolean."
    ) { call in
        let text = try call.text()
        let result = try call.evaluateBoolean(text)
        call.log("^test(\(text)) → \(result ? "true" : "false")")
        return .boolean(result)
    }

    static func tokenize(_ name: String, grammar: Grammar, kind: String) -> FunctionDefinition {
        FunctionDefinition(
            name, input: .raw, signature: "^\(name)(expression)", category: .debug,
            summary:
                "Parses its text with the \(kind) grammar, writes the token tree (or the parse error) to the log, and returns the text unevaluated. Use it to see how an expression is read."
        ) { call in
            guard let text = call.optionalText else { return nil }
            do {
                let tokens = try call.environment.parse(text, grammar: grammar)
                call.log(
                    (["--> Tokens for \(kind) expression \"\(text)\":"] + TokenTreeFormatter.lines(for: tokens))
                        .joined(separator: "\n"))
            } catch {
                call.log(
                    "--> Failed to tokenize \(kind) expression \"\(text)\" due to error: \(Environment.logText(for: error))"
                )
            }
            return .string(text)
        }
    }
}
