import Foundation

/// Calls the function a call token names (<doc:FunctionCalls>): builds its input from the parameter
/// groups according to the input type, runs the implementation, and reports failures naming the function.
struct FunctionInvoker {
    let evaluator: Evaluator

    /// Calls the function `token` names. With `distinct`, the call gives its
    /// ``FunctionDefinition/distinctResults`` in place of its result (the caller checked it has them).
    func invoke(_ token: Token, distinct: Bool = false) throws -> Value? {
        guard case .function(let name, let parsedInput) = token.payload,
            var definition = evaluator.environment.functions.definition(named: name), let inputType = parsedInput
        else {
            let name: String
            if case .function(let called, _) = token.payload {
                name = called.isEmpty ? "(null)" : called
            } else {
                name = ""
            }
            throw evaluator.failure(.evaluation, "Can't find MBMLFunction declaration for: ^\(name)()", token)
        }
        if distinct, let distinctResults = definition.distinctResults { definition.implementation = distinctResults }
        let groups = token.children.filter { $0.kind == .parameterGroup }
        let input = try makeInput(inputType, groups: groups, of: definition)
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

    private func makeInput(_ type: FunctionInputType, groups: [Token], of definition: FunctionDefinition) throws
        -> FunctionInput
    {
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
            if definition.keepsDistinctElements, let call = distinctCall(in: groups[0]) {
                let value = try invoke(call, distinct: true)
                return .value(value.flatMap { $0.isNull ? nil : $0 } ?? .null)
            }
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

    /// The parameter's one call, when it is a call (without subreferences) of a function with
    /// ``FunctionDefinition/distinctResults`` that the parameter's value may be computed by: its
    /// value would be that call's result, read by a function that keeps only the distinct elements
    /// (`^unique(^list(…))`). Not while tracing (each step is noted as it is) nor when the
    /// expression's values are shared with another context (which would read the call's value).
    private func distinctCall(in group: Token) -> Token? {
        guard evaluator.recorder == nil, evaluator.tokenValues == nil, group.children.count == 1,
            let call = group.children.first, call.kind == .functionCall,
            !call.children.contains(where: { $0.kind == .subreference }),
            case .function(let name, _) = call.payload,
            evaluator.environment.functions.definition(named: name)?.distinctResults != nil
        else { return nil }
        return call
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
