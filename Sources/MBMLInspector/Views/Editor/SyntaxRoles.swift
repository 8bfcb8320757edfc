import MBMLEngine

/// Syntax colouring from the token tree: each character takes the role of the innermost token
/// that covers it, so the colours always agree with what the parser saw.
enum SyntaxRoles {
    static func role(for kind: Token.Kind) -> StyleRole? {
        switch kind {
        case .literal: return .syntaxLiteral
        case .escapeSequence: return .syntaxEscape
        case .variableReference: return .syntaxVariable
        case .subreference: return .syntaxSubreference
        case .functionCall: return .syntaxFunction
        case .parameterGroup: return nil
        case .mathExpression, .numericLiteral: return .syntaxNumber
        case .addition, .subtraction, .multiplication, .division, .modulo,
            .mathGrouping, .booleanGrouping, .equal, .notEqual, .lessThan, .lessThanOrEqual,
            .greaterThan, .greaterThanOrEqual, .and, .or, .not:
            return .syntaxOperator
        }
    }

    /// The role of every character of the text, from the tokens of one parse.
    static func roles(for characters: [Character], tokens: [Token]) -> [StyleRole] {
        var roles = Array(repeating: StyleRole.syntaxLiteral, count: characters.count)
        let offsets = CharacterOffsets(characters)
        func paint(_ token: Token, depth: Int) {
            guard depth < 64 else { return }
            if let role = role(for: token.kind) {
                let range = offsets.characters(in: token.absoluteRange)
                for index in range where index < roles.count { roles[index] = role }
            }
            for child in token.children { paint(child, depth: depth + 1) }
        }
        for token in tokens { paint(token, depth: 0) }
        return roles
    }
}
