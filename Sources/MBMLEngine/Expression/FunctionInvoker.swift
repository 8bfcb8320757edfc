import Foundation

/// Calls the function a call token names (<doc:FunctionCalls>): builds its input from the parameter
/// groups according to the input type, runs the implementation, and reports failures naming the function.
struct FunctionInvoker {
    let evaluator: Evaluator

    func invoke(_ token: Token) throws -> Value? {
        guard case .function(let name, let parsedInput) = token.payload,
            let definition = evaluator.environment.functions.definition(named: name), let inputType = parsedInput
        else {
            let name: String
            if case .function(let called, _) = token.payload {
                name = called.isEmpty ? "(null)" : called
            } else {
                name = ""
            }
            throw evaluator.failure(.evaluation, "Can't find MBMLFunction declaration for: ^\(name)()", token)
        }
        let groups = token.children.filter { $0.kind == .parameterGroup }
        let input = try makeInput(inputType, groups: groups)
        evaluator.recorder?.noteInput(input, of: groups)
        evaluator.recorder?.noteCallStarted(token, name: name, input: input)
        var call = FunctionCall(
            name: name, input: input, environment: evaluator.environment, evaluation: evaluator.evaluation)
        call.steps = evaluator.recorder?.steps
        guard let recorder = evaluator.recorder, inputType == .pipedExpressions else {
            return try run(definition, call, token)
        }
        // The function evaluates its parameters itself: trace those evaluations too.
        return try evaluator.evaluation.capturingEvaluations(into: recorder.capture(for: token)) {
            try run(definition, call, token)
        }
    }

    private func run(_ definition: FunctionDefinition, _ call: FunctionCall, _ token: Token) throws -> Value? {
        let name = call.name
        if definition.discardsResult {
            do {
                _ = try definition.implementation(call)
            } catch {
                try call.evaluation.checkStop()
            }
            return nil
        }
        do {
            let result = try definition.implementation(call)
            try call.meter?.charge(for: result)
            return result
        } catch let stop where Evaluation.isStop(stop) {
            throw stop
        } catch let failure as FunctionError {
            var error = evaluator.failure(.function, "^\(name)() \(failure.message)", token)
            error.limit = failure.limit
            throw error
        } catch var inner as ExpressionError {
            if inner.expression != evaluator.expression {
                inner.message = "^\(name)(): \(inner.message)"
                inner.expression = evaluator.expression
                inner.range = token.absoluteRange
                inner.tokenText = token.text
            }
            throw inner
        } catch {
            throw evaluator.failure(.function, "^\(name)() threw exception: \(error)", token)
        }
    }

    private func makeInput(_ type: FunctionInputType, groups: [Token]) throws -> FunctionInput {
        guard !groups.isEmpty else { return .absent }
        switch type {
        case .none:
            return .absent
        case .raw:
            if case .rawText(let text)? = groups[0].children.first?.payload { return .text(text) }
            return .text(groups[0].text)
        case .string:
            return .text(try evaluator.interpolate(groups[0].children).map(evaluator.parameterText) ?? "")
        case .object:
            return .value(try evaluator.interpolate(groups[0].children) ?? .null)
        case .math:
            return .value(try mathValue(groups[0]))
        case .pipedExpressions:
            return .expressions(groups.map { NormalizedSource.text(of: $0.children) })
        case .pipedStrings:
            return .values(
                try groups.map { .string(try evaluator.interpolate($0.children).map(evaluator.parameterText) ?? "") })
        case .pipedObjects:
            return .values(try groups.map { try evaluator.interpolate($0.children) ?? .null })
        case .pipedMath:
            return .values(try groups.map { try mathValue($0) })
        }
    }

    /// A math parameter: its value without coercion; nothing counts as 0; an empty parameter is an error.
    private func mathValue(_ group: Token) throws -> Value {
        guard !group.children.isEmpty else {
            throw evaluator.failure(.function, "empty numeric parameter", group)
        }
        return try evaluator.interpolate(group.children) ?? .integer(0)
    }
}

/// The source text handed to `pipedExpressions` functions, rebuilt from tokens (<doc:FunctionCalls>):
/// escapes are already undone, and bracket references keep their subreferences (the port's fix).
enum NormalizedSource {
    static func text(of tokens: [Token]) -> String {
        tokens.map(text(of:)).joined()
    }

    static func text(of token: Token) -> String {
        switch token.kind {
        case .escapeSequence:
            if case .escape(let character) = token.payload { return character }
            return token.text
        case .variableReference:
            let subreferences = token.children.map(\.text).joined()
            guard case .variable(let name, let form) = token.payload else { return token.text }
            switch form {
            case .simple: return "$" + name + subreferences
            case .curly: return "${" + name + subreferences + "}"
            case .bracket: return "$[" + name + "]" + subreferences
            case .parenthesis: return "$(" + name + ")"
            }
        case .functionCall:
            return token.text + token.children.filter { $0.kind == .subreference }.map(\.text).joined()
        default:
            return token.text
        }
    }

    /// A variable reference or call without its subreferences, as a chain written in the simple
    /// form starts (`$item`, `${item`, `$[item]`, `^count($cats)`).
    static func head(of token: Token) -> String {
        guard case .variable(let name, let form) = token.payload else { return token.text }
        switch form {
        case .simple: return "$" + name
        case .curly: return "${" + name
        case .bracket: return "$[" + name + "]"
        case .parenthesis: return "$(" + name + ")"
        }
    }
}
