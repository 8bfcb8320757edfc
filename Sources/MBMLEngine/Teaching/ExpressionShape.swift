/// What an expression does, read from its token tree: which variables it reads and how they are
/// written, which properties and keys it picks, which functions it calls, which operators it
/// applies, in what nesting. Two texts with the same shape do the same thing; spacing that does not
/// change the parse never changes the shape (`$cats.count==3` and `$cats.count  ==  3`), and the
/// two spellings of an operator are one shape (`==` and `-EQ`).
///
/// A lesson uses it to tell whether the learner did what an item asks (see
/// ``ExpressionShape/Literals``):
/// - ``Literals/kept``: the literal text counts too, its runs of spaces made one and its ends
///   trimmed: the item's own expression, up to spacing;
/// - ``Literals/ignored``: literal text and numbers are left out: the same construct with other
///   words or numbers (`#(14 - 7)` for `#(10 - 3)`, `$catGenders[Gabby]` for
///   `$catGenders[Barrett]`).
///
/// The sides of `==`, `!=`, `-AND` and `-OR` may come in either order.
public struct ExpressionShape: Hashable, Sendable, CustomStringConvertible {
    /// Whether literal text and numbers are part of the shape.
    public enum Literals: Sendable {
        case kept, ignored
    }

    /// One node: its kind, what names it (a variable, function, property or escape; literal text
    /// when kept) and its children.
    struct Node: Hashable, Sendable {
        var kind: Token.Kind
        var label: String
        var children: [Node]

        var description: String {
            let head = label.isEmpty ? kind.rawValue : "\(kind.rawValue) \(label.debugDescription)"
            return children.isEmpty ? head : "\(head)(\(children.map(\.description).joined(separator: ", ")))"
        }
    }

    let nodes: [Node]

    /// The shape of a parsed expression (``Environment/parse(_:in:caching:)`` or
    /// ``PreparedExpression/tokens(in:)``).
    public init(_ tokens: [Token], literals: Literals) {
        var nodes = Self.withoutBlankEnds(tokens).map { Self.node($0, literals: literals) }
        if literals == .kept { Self.trimEnds(&nodes) }
        self.nodes = nodes
    }

    /// Whether the shape does anything beyond literal text: reads a variable, calls a function,
    /// does math or compares. A shape of literal text alone is only ever matched with its text.
    public var readsSomething: Bool {
        func reads(_ node: Node) -> Bool {
            switch node.kind {
            case .literal, .escapeSequence, .numericLiteral: return node.children.contains(where: reads)
            default: return true
            }
        }
        return nodes.contains(where: reads)
    }

    /// A readable form of the tree, for test failures: `equal(variableReference "$cats"(…), literal)`.
    public var description: String { nodes.map(\.description).joined(separator: " ") }

    private static let commutative: Set<Token.Kind> = [.equal, .notEqual, .and, .or]

    private static func node(_ token: Token, literals: Literals) -> Node {
        let parts = token.kind == .parameterGroup ? withoutBlankEnds(token.children) : token.children
        var children = parts.map { node($0, literals: literals) }
        if token.kind == .parameterGroup, literals == .kept { trimEnds(&children) }
        if commutative.contains(token.kind) {
            children.sort { $0.description < $1.description }
        }
        return Node(kind: token.kind, label: label(of: token, literals: literals), children: children)
    }

    private static func label(of token: Token, literals: Literals) -> String {
        switch token.payload {
        case .variable(let name, let form): return "$\(name) \(form.rawValue)"
        case .function(let name, _): return "^\(name)"
        case .key(let key): return ".\(key)"
        case .escape(let character): return character
        case .none, .number, .bigInteger, .rawText:
            guard literals == .kept, token.kind == .literal || token.kind == .numericLiteral else { return "" }
            return spacesMadeOne(token.text)
        }
    }

    /// `tokens` without literal text of spaces alone at either end (the spaces around a whole
    /// expression or a parameter: `^join( $cats |, )` is `^join($cats|, )`).
    private static func withoutBlankEnds(_ tokens: [Token]) -> [Token] {
        func isBlank(_ token: Token) -> Bool {
            token.kind == .literal && token.children.isEmpty && token.text.allSatisfy(\.isWhitespace)
        }
        var tokens = tokens[...]
        while let first = tokens.first, isBlank(first) { tokens = tokens.dropFirst() }
        while let last = tokens.last, isBlank(last) { tokens = tokens.dropLast() }
        return Array(tokens)
    }

    /// `text` with each run of spaces, tabs and line breaks made one space.
    private static func spacesMadeOne(_ text: String) -> String {
        var result = ""
        var inSpace = false
        for character in text {
            if character == " " || character == "\t" || character.isNewline {
                if !inSpace { result.append(" ") }
                inSpace = true
            } else {
                result.append(character)
                inSpace = false
            }
        }
        return result
    }

    /// Leading and trailing spaces of the whole text left out: literal nodes of spaces alone at
    /// either end dropped, the spaces at the outer ends of the first and last literal trimmed.
    private static func trimEnds(_ nodes: inout [Node]) {
        while let first = nodes.first, first.kind == .literal, first.children.isEmpty,
            first.label.allSatisfy(\.isWhitespace)
        {
            nodes.removeFirst()
        }
        while let last = nodes.last, last.kind == .literal, last.children.isEmpty, last.label.allSatisfy(\.isWhitespace)
        {
            nodes.removeLast()
        }
        if let first = nodes.first, first.kind == .literal {
            nodes[0].label = String(first.label.drop(while: \.isWhitespace))
        }
        if let last = nodes.last, last.kind == .literal {
            nodes[nodes.count - 1].label = String(last.label.reversed().drop(while: \.isWhitespace).reversed())
        }
    }
}

extension PreparedExpression {
    /// The shape of the text in `context`; nil when it does not parse there or was not prepared for it.
    public func shape(in context: ExpressionContext, literals: ExpressionShape.Literals) -> ExpressionShape? {
        guard case .success(let tokens)? = parse(in: context) else { return nil }
        return ExpressionShape(tokens, literals: literals)
    }
}
