import MBMLEngine

/// The token trees of the editor's text in each grammar, or the syntax error that stopped a parse.
public struct ParseOutcome: Equatable {
    public enum Tree: Equatable {
        case tokens([Token])
        case failure(ExpressionError)
    }

    public var text: String
    public var trees: [Grammar: Tree]

    public init(text: String, trees: [Grammar: Tree]) {
        self.text = text
        self.trees = trees
    }

    public static let empty = ParseOutcome(text: "", trees: [:])

    /// The tree for a context (object and string share a grammar).
    public func tree(for context: ExpressionContext) -> Tree? {
        trees[context.grammar]
    }
}

/// One row of the token pane: a token of the flattened tree with its depth.
public struct TokenRow: Equatable {
    public var token: Token
    public var depth: Int
}

extension ParseOutcome.Tree {
    /// The tokens depth-first, children after their parent.
    public var rows: [TokenRow] {
        guard case .tokens(let tokens) = self else { return [] }
        var rows: [TokenRow] = []
        func visit(_ token: Token, _ depth: Int) {
            rows.append(TokenRow(token: token, depth: depth))
            for child in token.children { visit(child, depth + 1) }
        }
        for token in tokens { visit(token, 0) }
        return rows
    }
}
