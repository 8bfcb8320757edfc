import Foundation

/// The per-item expressions most queries over records are made of — a path from a bound variable
/// through keys (`$item.address.city`), or a test of such paths, each compared with a constant or
/// taken for its own truth (`$item.age > 30`, `$item.active`, `$item.age > 30 && $item.address.city
/// == Oslo`, with `||`, `!` and parentheses) — evaluated without the evaluator's general machinery
/// (<doc:LargeData>).
///
/// It answers exactly as ``Evaluator`` does, or not at all: it reads only variables bound by the
/// job (a function's `$item`, …) and steps only through dictionaries (`entries[key]`, as
/// ``VariableResolver`` looks a key up); anything else — the variable not bound, an array, a text,
/// a date on the way, a traced or too deeply nested evaluation — and the expression is evaluated
/// the general way (the fast path has read nothing that could differ, and done nothing else).
struct ItemFastPath {
    /// What the expression is.
    let use: Use

    enum Use {
        /// A path, its value in the object context: nil and NULL are nil.
        case value(Path)
        /// A test in the boolean context: checks of paths (a comparison with a constant, or the
        /// value's own truth), joined by `&&`, `||` and `!` (and grouped in parentheses).
        case test(Test)
    }

    /// `$variable.key.key…`.
    struct Path {
        /// The bound variable the path starts from.
        let variable: String
        /// The keys stepped through, in order.
        let keys: [String]
    }

    /// A test of the fast path's shapes.
    indirect enum Test {
        /// The truth of one check of a path: `path OP constant`, or the path's own truth.
        case comparison(Compared)
        /// `&&` (`-AND`): the right side only when the left one is true, as ``Evaluator`` does.
        case and(Test, Test)
        /// `||` (`-OR`): the right side only when the left one is false.
        case or(Test, Test)
        /// `!`.
        case not(Test)

        /// The test's truth, the left operand of each comparison given by `operand` — nil when
        /// it must be read the general way, and then so is the whole test (nil). Left to right,
        /// each side only when ``Evaluator`` reads it.
        @inline(__always)
        func truth(_ operand: (Compared) throws -> Value??) rethrows -> Bool? {
            switch self {
            case .comparison(let comparison):
                guard let left = try operand(comparison) else { return nil }
                return comparison.check.holds(for: left)
            case .and(let left, let right):
                guard let first = try left.truth(operand) else { return nil }
                return first ? try right.truth(operand) : false
            case .or(let left, let right):
                guard let first = try left.truth(operand) else { return nil }
                return first ? true : try right.truth(operand)
            case .not(let inner):
                return try inner.truth(operand).map { !$0 }
            }
        }
    }

    /// One check of a path in a ``Test``.
    struct Compared {
        /// Its place among the test's checks, left to right (0 for the first).
        let place: Int
        let path: Path
        let check: Check
    }

    /// What a ``Compared`` path's value is checked by.
    enum Check {
        /// `value OP constant`, as ``Evaluator`` compares (nothing is NULL).
        case comparison(Token.Kind, Constant)
        /// The value's own truth, as ``Evaluator`` reads an operand that is no test in the boolean
        /// context (`$item.active`): ``Value/isTruthy``, nothing false.
        case truth

        /// Whether `value` (nil: nothing) passes the check.
        @inline(__always)
        func holds(for value: Value?) -> Bool {
            switch self {
            case .comparison(let kind, let constant): return ItemFastPath.compare(kind, value ?? .null, constant)
            case .truth: return value.isTruthy
            }
        }
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
            guard let path = Self.path(root) else { return nil }
            use = .value(path)
        case .boolean:
            var places = 0
            guard let test = Self.test(root, places: &places) else { return nil }
            use = .test(test)
        default:
            return nil
        }
    }

    /// The test `token` is, when it is of the fast path's shapes.
    private static func test(_ token: Token, places: inout Int) -> Test? {
        switch token.kind {
        case .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual:
            guard token.children.count == 2, let path = Self.path(token.children[0]),
                let constant = Self.constant(token.children[1])
            else { return nil }
            defer { places += 1 }
            return .comparison(Compared(place: places, path: path, check: .comparison(token.kind, constant)))
        case .and, .or:
            guard token.children.count == 2, let left = test(token.children[0], places: &places),
                let right = test(token.children[1], places: &places)
            else { return nil }
            return token.kind == .and ? .and(left, right) : .or(left, right)
        case .not:
            guard token.children.count == 1, let inner = test(token.children[0], places: &places) else { return nil }
            return .not(inner)
        case .booleanGrouping:
            guard token.children.count == 1 else { return nil }
            return test(token.children[0], places: &places)
        case .variableReference:
            guard let path = Self.path(token) else { return nil }
            defer { places += 1 }
            return .comparison(Compared(place: places, path: path, check: .truth))
        default:
            return nil
        }
    }

    /// `$name.key.key…`: a simple reference whose subreferences are all plain keys.
    private static func path(_ token: Token) -> Path? {
        guard token.kind == .variableReference, case .variable(let name, .simple) = token.payload, !name.isEmpty
        else { return nil }
        var keys: [String] = []
        for child in token.children {
            guard child.kind == .subreference, case .key(let key) = child.payload else { return nil }
            keys.append(key)
        }
        return Path(variable: name, keys: keys)
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
        switch use {
        case .value(let path):
            guard let current = Self.value(of: path, in: evaluation) else { return nil }
            try evaluation.checkStop()
            guard let current, !current.isNull else { return .some(nil) }
            return .some(current)
        case .test(let test):
            guard let truth = test.truth({ Self.value(of: $0.path, in: evaluation) }) else { return nil }
            try evaluation.checkStop()
            return .some(.boolean(truth))
        }
    }

    /// The value `path` reads to in `evaluation` (nil inside: nothing), or nil when it must be
    /// read the general way.
    private static func value(of path: Path, in evaluation: Evaluation) -> Value?? {
        guard let start = evaluation.variables.binding(of: path.variable) else { return nil }
        var current = start
        for key in path.keys {
            guard let receiver = current else { break }
            guard case .dictionary(let entries) = receiver else { return nil }
            current = entries[key]
        }
        return .some(current)
    }

    /// ``Evaluator``'s comparison of `left` with the constant.
    static func compare(_ kind: Token.Kind, _ left: Value, _ right: Constant) -> Bool {
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
