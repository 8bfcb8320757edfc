import MBMLEngine

/// The token trees of the editor's text in each grammar, or the syntax error that stopped a parse.
struct ParseOutcome: Equatable {
    enum Tree: Equatable {
        case tokens([Token])
        case failure(ExpressionError)
    }

    var text: String
    var trees: [Grammar: Tree]
    /// The parse the trees come from, which evaluation reuses (nil for outcomes built in tests).
    var prepared: PreparedExpression?

    init(text: String, trees: [Grammar: Tree], prepared: PreparedExpression? = nil) {
        self.text = text
        self.trees = trees
        self.prepared = prepared
    }

    static let empty = ParseOutcome(text: "", trees: [:])

    /// The tree for a context (object and string share a grammar).
    func tree(for context: ExpressionContext) -> Tree? {
        trees[context.grammar]
    }
}

/// One row of the token pane: a token of the flattened tree with its depth and, once the text was
/// evaluated, what it produced (see ``TokenPaneRows``).
struct TokenRow: Equatable {
    var token: Token
    var depth: Int
    /// The token's value, error or why it was not evaluated; nil before the evaluation arrives.
    var outcome: TraceOutcome? = nil
    /// For a function parameter: the context the function evaluated it in.
    var parameterContext: ExpressionContext? = nil
    /// How many times the token was evaluated (a per-item parameter once per item).
    var evaluationCount = 0
    /// The first few outcomes, when it was evaluated more than once.
    var outcomes: [TraceOutcome] = []
}

extension ParseOutcome.Tree {
    /// The tokens depth-first, children after their parent.
    var rows: [TokenRow] {
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
