import Foundation

/// The per-item expressions most queries over records are made of — a path from a bound variable
/// through keys (`$item.address.city`), or such a path compared with a constant
/// (`$item.age > 30`) — evaluated without the evaluator's general machinery (<doc:LargeData>).
///
/// It answers exactly as ``Evaluator`` does, or not at all: it reads only variables bound by the
/// job (a function's `$item`, …) and steps only through dictionaries (`entries[key]`, as
/// ``VariableResolver`` looks a key up); anything else — the variable not bound, an array, a text,
/// a date on the way, a traced or too deeply nested evaluation — and the expression is evaluated
/// the general way (the fast path has read nothing that could differ, and done nothing else).
struct ItemFastPath {
    /// The bound variable the path starts from.
    let variable: String
    /// The keys stepped through, in order.
    let keys: [String]
    /// How the path's value is used.
    let use: Use

    enum Use {
        /// The value in the object context: nil and NULL are nil.
        case value
        /// The truth of `path OP constant` in the boolean context.
        case comparison(Token.Kind, Constant)
    }

    /// The right operand of a comparison, with what comparing with it needs, found once.
    struct Constant {
        let value: Value
        /// For a number that is a whole `Int`: that `Int` (an `.integer` is compared with it as
        /// ``Comparison/compareNumbers(_:_:)`` compares the two decimals).
        let integer: Int?
        /// For a text: the number ``Comparison`` reads from it when the other side is not a text.
        let textNumber: Double?
    }

    /// The fast path of `plan` in `context`, or nil when the expression is not of its shapes.
    init?(plan: RepeatedEvaluation.Plan, context: ExpressionContext) {
        guard case .tokens(let tokens) = plan, tokens.count == 1, let root = tokens.first else { return nil }
        switch context {
        case .object:
            guard let (variable, keys) = Self.path(root) else { return nil }
            self.init(variable: variable, keys: keys, use: .value)
        case .boolean:
            switch root.kind {
            case .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
                break
            default:
                return nil
            }
            guard root.children.count == 2, let (variable, keys) = Self.path(root.children[0]),
                let constant = Self.constant(root.children[1])
            else { return nil }
            self.init(variable: variable, keys: keys, use: .comparison(root.kind, constant))
        default:
            return nil
        }
    }

    private init(variable: String, keys: [String], use: Use) {
        self.variable = variable
        self.keys = keys
        self.use = use
    }

    /// `$name.key.key…`: a simple reference whose subreferences are all plain keys.
    private static func path(_ token: Token) -> (String, [String])? {
        guard token.kind == .variableReference, case .variable(let name, .simple) = token.payload, !name.isEmpty
        else { return nil }
        var keys: [String] = []
        for child in token.children {
            guard child.kind == .subreference, case .key(let key) = child.payload else { return nil }
            keys.append(key)
        }
        return (name, keys)
    }

    /// A number or a text written in the expression, as ``Evaluator`` reads it (NULL for nothing).
    private static func constant(_ token: Token) -> Constant? {
        guard token.children.isEmpty else { return nil }
        let value: Value
        switch (token.kind, token.payload) {
        case (.numericLiteral, .number(let number)): value = .decimal(number)
        case (.numericLiteral, .bigInteger(let number)): value = .bigInteger(number)
        case (.numericLiteral, _): value = .null
        case (.literal, .rawText(let text)): value = .string(text)
        case (.literal, _): value = .string(token.text)
        default: return nil
        }
        var integer: Int?
        if case .decimal(let number) = value, let whole = Int("\(number)"), Decimal(whole) == number {
            integer = whole
        }
        var textNumber: Double?
        if case .string(let text) = value { textNumber = Comparison.numericFallback(.string(text)) }
        return Constant(value: value, integer: integer, textNumber: textNumber)
    }

    /// The expression's value in `evaluation`, or nil when it must be evaluated the general way.
    /// The job's stop is checked first, as every evaluation checks it.
    func evaluate(in evaluation: Evaluation) throws -> Value?? {
        guard let start = evaluation.variables.binding(of: variable) else { return nil }
        var current = start
        for key in keys {
            guard let receiver = current else { break }
            guard case .dictionary(let entries) = receiver else { return nil }
            current = entries[key]
        }
        try evaluation.checkStop()
        switch use {
        case .value:
            guard let current, !current.isNull else { return .some(nil) }
            return .some(current)
        case .comparison(let kind, let constant):
            return .some(.boolean(Self.compare(kind, current ?? .null, constant)))
        }
    }

    /// ``Evaluator``'s comparison of `left` with the constant.
    private static func compare(_ kind: Token.Kind, _ left: Value, _ right: Constant) -> Bool {
        switch kind {
        case .equal: return Comparison.isEqual(left, right.value)
        case .notEqual: return !Comparison.isEqual(left, right.value)
        default: break
        }
        let order: ComparisonResult
        if case .integer(let number) = left, let integer = right.integer {
            order = number < integer ? .orderedAscending : (number > integer ? .orderedDescending : .orderedSame)
        } else if case .string(let text) = right.value {
            order = Comparison.compare(left, text: text, readAs: right.textNumber)
        } else {
            order = Comparison.compare(left, right.value)
        }
        switch kind {
        case .lessThan: return order == .orderedAscending
        case .lessThanOrEqual: return order != .orderedDescending
        case .greaterThan: return order == .orderedDescending
        default: return order != .orderedAscending
        }
    }
}
