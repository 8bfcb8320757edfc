/// Argument access with the original's standard validation messages (<doc:FunctionCalls>), so
/// every built-in reports wrong input the same way.
extension FunctionCall {
    /// The single value of an `object`/`math` function. Absent → "got none"; null → "got a null value"
    /// unless `allowNull`.
    public func value(allowNull: Bool = false) throws -> Value {
        switch input {
        case .absent: throw FunctionError.noParameter
        case .value(let value):
            if value.isNull && !allowNull { throw FunctionError.nullParameter }
            return value
        case .text(let text): return .string(text)
        case .values(let values):
            if values.count == 1 { return values[0] }
            return .array(values)
        case .expressions(let texts): return .array(texts.map(Value.string))
        }
    }

    /// The value of an `object`/`math` function, or nil for absent input (null stays null).
    public var optionalValue: Value? {
        switch input {
        case .absent: return nil
        case .value(let value): return value
        case .text(let text): return .string(text)
        case .values(let values): return .array(values)
        case .expressions(let texts): return .array(texts.map(Value.string))
        }
    }

    /// The text of a `raw`/`string` function. Absent → "got none".
    public func text() throws -> String {
        switch input {
        case .absent: throw FunctionError.noParameter
        case .text(let text): return text
        case .value(let value):
            if value.isNull { throw FunctionError.nullParameter }
            return value.text
        case .values(let values): return values.map(\.text).joined(separator: "|")
        case .expressions(let texts): return texts.joined(separator: "|")
        }
    }

    /// The text of a `raw`/`string` function, or nil for absent input.
    public var optionalText: String? {
        if case .absent = input { return nil }
        return try? text()
    }

    /// The parameters of a `pipedObjects`/`pipedStrings`/`pipedMath` function, checked against a count.
    /// Absent → "got none".
    public func values(_ count: ParameterCount = .any) throws -> [Value] {
        let values: [Value]
        switch input {
        case .absent: throw FunctionError.noParameters
        case .values(let list): values = list
        case .value(let value): values = [value]
        case .text(let text): values = [.string(text)]
        case .expressions(let texts): values = texts.map(Value.string)
        }
        try count.check(values.count)
        return values
    }

    /// The parameter texts of a `pipedExpressions` function, checked against a count.
    public func expressions(_ count: ParameterCount = .any) throws -> [String] {
        let texts: [String]
        switch input {
        case .absent: throw FunctionError.noParameters
        case .expressions(let list): texts = list
        case .text(let text): texts = [text]
        case .values(let values): texts = values.map(\.text)
        case .value(let value): texts = [value.text]
        }
        try count.check(texts.count)
        return texts
    }

    /// The parameters of a `pipedStrings` function as texts.
    public func strings(_ count: ParameterCount = .any) throws -> [String] {
        try values(count).map(\.text)
    }
}

/// An allowed number of parameters.
public enum ParameterCount: Sendable {
    case any
    case exactly(Int)
    case atLeast(Int)
    case atMost(Int)
    case between(Int, Int)

    /// Throws the standard message when `count` is not allowed.
    public func check(_ count: Int) throws {
        switch self {
        case .any: return
        case .exactly(let n): if count != n { throw FunctionError.count(exactly: n, got: count) }
        case .atLeast(let n): if count < n { throw FunctionError.count(atLeast: n, got: count) }
        case .atMost(let n): if count > n { throw FunctionError.count(atMost: n, got: count) }
        case .between(let n, let k):
            if count < n || count > k { throw FunctionError.count(atLeast: n, atMost: k, got: count) }
        }
    }
}
