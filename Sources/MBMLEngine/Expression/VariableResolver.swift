import Foundation

/// Variable references and subreferences (<doc:ExpressionSyntax>).
struct VariableResolver {
    let evaluator: Evaluator

    /// The variable's value with its subreferences applied; nil anywhere in the chain yields nil.
    func resolve(_ token: Token) throws -> Value? {
        guard case .variable(let name, _) = token.payload, !name.isEmpty else {
            throw evaluator.failure(.generic, "Couldn't determine key to use for obtaining value of token", token)
        }
        let root = try evaluator.traced(token) {
            try evaluator.environment.variables.value(of: name, in: evaluator.evaluation)
        }
        return try applySubreferences(of: token, to: root)
    }

    /// Applies the subreference children of a variable reference or function call.
    func applySubreferences(of token: Token, to start: Value?) throws -> Value? {
        var current = start
        // While tracing step by step, a subreference shows as the chain up to it (`$item.length`).
        var chain = evaluator.recorder?.steps == nil ? nil : NormalizedSource.head(of: token)
        for child in token.children where child.kind == .subreference {
            guard let receiver = current else { return nil }
            evaluator.recorder?.noteReceiver(receiver, of: child)
            chain? += child.text
            current = try evaluator.traced(child, label: chain, anchor: token) {
                try lookUp(try self.key(of: child), in: receiver, token: child)
            }
            if current == nil { return nil }
        }
        return current
    }

    /// Key production (<doc:ExpressionSyntax>): `.name` is the string; `[contents]` is the value of the contents.
    private func key(of subreference: Token) throws -> Value {
        if case .key(let name) = subreference.payload { return .string(name) }
        if subreference.children.isEmpty {
            throw evaluator.failure(
                .generic, "Couldn't determine key to use for obtaining value of token", subreference)
        }
        guard let key = try evaluator.interpolate(subreference.children), !key.isNull else {
            throw evaluator.failure(.generic, "Couldn't determine contained value of token", subreference)
        }
        return key
    }

    /// The lookup rules, then the properties, of <doc:ExpressionSyntax> ("Subreferences").
    private func lookUp(_ key: Value, in receiver: Value, token: Token) throws -> Value? {
        switch receiver {
        case .dictionary(let entries):
            if case .string(let name) = key { return entries[name] }
            return entries[key.text]
        case .array(let elements):
            if key.text == "count" { return .integer(elements.count) }
            let index = key.integerValue ?? 0
            return elements.indices.contains(index) ? elements[index] : nil
        case .set(let members):
            let name = key.text
            if name == "count" { return .integer(members.count) }
            var results: [Value] = []
            for member in members {
                if let result = try lookUp(key, in: member, token: token) { results.append(result) }
            }
            return Value.makeSet(results)
        default:
            return try Properties.value(of: receiver, named: key.text, token: token, evaluator: evaluator)
        }
    }
}
