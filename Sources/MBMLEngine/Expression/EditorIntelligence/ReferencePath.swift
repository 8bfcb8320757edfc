/// A variable and the subreferences after it (`$cats[0].length`): the one rule for how an editor
/// spells a path in every reference form the engine reads, and for how it steps into a value it
/// already holds.
public struct ReferencePath: Equatable, Sendable {
    /// The variable's name (for `${ns:name}`, `ns:name`).
    public var variable: String
    /// The subreferences, in order.
    public var steps: [SyntaxReferenceChain.Step]

    public init(variable: String, steps: [SyntaxReferenceChain.Step] = []) {
        self.variable = variable
        self.steps = steps
    }

    /// The path as an expression: ``reference(to:form:)`` followed by each step (`.key` or `[key]`), as
    /// written in the text it came from.
    public var spelled: String {
        var text = Self.reference(to: variable)
        for step in steps {
            switch step {
            case .property(let key): text += "." + key
            case .subscripted(let key): text += "[" + key + "]"
            }
        }
        return text
    }

    /// How a reference to `name` is written in the form `form`: `$name` (the bracket form `$[name]`
    /// for a name that is no identifier), `${name}` (`${[name]}`), `$[name]`, `$(name)`. A name whose
    /// brackets would not balance in the bracket form takes the parenthesis form, and the other way
    /// round.
    public static func reference(to name: String, form: Token.ReferenceForm = .simple) -> String {
        switch form {
        case .simple:
            return MBMLIdentifier.isIdentifier(name) ? "$" + name : enclosed(name)
        case .curly:
            return MBMLIdentifier.isIdentifier(name) ? "${" + name + "}" : "${" + enclosed(name).dropFirst() + "}"
        case .bracket:
            return enclosed(name)
        case .parenthesis:
            return balances(name, open: "(", close: ")") ? "$(" + name + ")" : enclosed(name)
        }
    }

    /// How a step to `key` is written after a value: `.key` for an identifier, else `[key]` with the
    /// sigils in the key doubled.
    public static func step(to key: String) -> String {
        MBMLIdentifier.isIdentifier(key) ? "." + key : "[" + MBMLIdentifier.escapedKey(key) + "]"
    }

    /// `$[name]`, or `$(name)` when the brackets in `name` do not balance.
    private static func enclosed(_ name: String) -> String {
        balances(name, open: "[", close: "]") || !balances(name, open: "(", close: ")")
            ? "$[" + name + "]" : "$(" + name + ")"
    }

    private static func balances(_ text: String, open: Character, close: Character) -> Bool {
        var depth = 0
        for character in text {
            if character == open { depth += 1 }
            if character == close {
                depth -= 1
                if depth < 0 { return false }
            }
        }
        return depth == 0
    }

    /// The value the steps reach from `root` (the variable's value), or nil where a step finds
    /// nothing: a dictionary's key, an array's index (or `count`), a host object's property.
    public func value(from root: Value) -> Value? {
        var value = root
        for step in steps {
            let key: String
            switch step {
            case .property(let name), .subscripted(let name): key = name
            }
            guard let next = Self.member(of: value, key: key) else { return nil }
            value = next
        }
        return value
    }

    private static func member(of value: Value, key: String) -> Value? {
        switch value {
        case .dictionary(let entries): return entries[key]
        case .array(let elements):
            if key == "count" { return .integer(elements.count) }
            guard let index = Int(String(key.drop { $0 == " " })), index >= 0, index < elements.count else {
                return nil
            }
            return elements[index]
        case .set(let members): return key == "count" ? .integer(members.count) : nil
        case .object(let object): return (try? object.value(forProperty: key)) ?? nil
        default: return nil
        }
    }
}
