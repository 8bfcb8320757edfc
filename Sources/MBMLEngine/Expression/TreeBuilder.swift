/// Arranges scanned tokens into trees per grammar (<doc:ExpressionSyntax>).
struct TreeBuilder {
    let context: ParseContext

    /// Each subreference becomes a child of the most recent variable reference or call.
    static func attachSubreferences(_ items: [ScannedItem]) -> [ScannedItem] {
        var result: [ScannedItem] = []
        result.reserveCapacity(items.count)
        for item in items {
            if item.token.kind == .subreference, let last = result.indices.last,
                result[last].token.kind == .variableReference || result[last].token.kind == .functionCall
            {
                result[last].token.children.append(item.token)
                result[last].depth = max(result[last].depth, item.depth + 1)
            } else {
                result.append(item)
            }
        }
        return result
    }

    /// `items` arranged per `grammar`; when `tolerant`, a list that can not be arranged is returned as
    /// it was scanned.
    func arrange(_ items: [ScannedItem], grammar: Grammar, tolerant: Bool) throws -> [ScannedItem] {
        guard tolerant else { return try arrange(items, grammar: grammar) }
        return (try? arrange(items, grammar: grammar)) ?? items
    }

    func arrange(_ items: [ScannedItem], grammar: Grammar) throws -> [ScannedItem] {
        switch grammar {
        case .object, .parameterList:
            return items
        case .math, .mathParameterList:
            var list = try bindBinary(items, kinds: [.multiplication, .division, .modulo])
            list = try bindBinary(list, kinds: [.addition, .subtraction])
            for item in list { try validate(item.token) }
            return list
        case .boolean:
            var list = try bindNegations(items)
            list = try bindBinary(
                list,
                kinds: [
                    .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan,
                    .greaterThanOrEqual,
                ])
            list = try bindBinary(list, kinds: [.and, .or])
            for item in list { try validate(item.token) }
            return list
        }
    }

    /// One left-to-right pass: an unbound operator of `kinds` that is neither first nor last takes its
    /// neighbours as operands (left associative). Stops with an error before a chain grows deeper than
    /// the tree limit, so that no deep tree is ever built (or recursively destroyed).
    private func bindBinary(_ items: [ScannedItem], kinds: Set<Token.Kind>) throws -> [ScannedItem] {
        var list: [ScannedItem] = []
        list.reserveCapacity(items.count)
        var index = 0
        while index < items.count {
            var item = items[index]
            if kinds.contains(item.token.kind), item.token.children.isEmpty, let left = list.last,
                index + 1 < items.count
            {
                let right = items[index + 1]
                item.token.children = [left.token, right.token]
                item.depth = max(left.depth, right.depth) + 1
                if item.depth > context.maximumTreeDepth {
                    throw context.error(
                        .syntax, "Expression nested more than \(context.maximumTreeDepth) levels deep",
                        token: item.token)
                }
                list[list.count - 1] = item
                index += 2
            } else {
                list.append(item)
                index += 1
            }
        }
        return list
    }

    /// Boolean grammar, first pass: each `!` takes the next token; the captured token is not revisited.
    private func bindNegations(_ items: [ScannedItem]) throws -> [ScannedItem] {
        var list: [ScannedItem] = []
        var index = 0
        while index < items.count {
            var item = items[index]
            if item.token.kind == .not, item.token.children.isEmpty {
                guard index + 1 < items.count else {
                    throw context.error(.generic, "Missing right operand", token: item.token)
                }
                let operand = items[index + 1]
                item.token.children = [operand.token]
                item.depth = operand.depth + 1
                index += 2
            } else {
                index += 1
            }
            list.append(item)
        }
        return list
    }

    /// Every operator must have its operands, however deep it was captured. Iterative: trees can be deep.
    private func validate(_ root: Token) throws {
        var stack = [root]
        while let token = stack.popLast() {
            switch token.kind {
            case .addition, .subtraction, .multiplication, .division, .modulo,
                .equal, .notEqual, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual, .and, .or:
                guard token.children.count == 2 else {
                    throw context.error(
                        .generic, "The operator \"\(token.text)\" requires both left and right operands",
                        token: token)
                }
                stack.append(contentsOf: token.children)
            case .not:
                guard token.children.count == 1 else {
                    throw context.error(.generic, "The operator \"!\" requires an operand", token: token)
                }
                stack.append(contentsOf: token.children)
            default:
                break
            }
        }
    }
}
