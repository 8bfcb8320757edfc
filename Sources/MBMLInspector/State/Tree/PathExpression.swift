import MBMLEngine

/// Writes the MBML expression that reaches a node of the variable tree, e.g. `$cats[1]`,
/// `$catGenders[Barrett]`, `$[Barrett Test].species` (the ExpressionSyntax article of MBMLEngine).
enum PathExpression {
    /// The expression for `path`, or nil when MBML cannot reach the node (a set member, or a key
    /// whose brackets would not balance).
    static func expression(for path: NodePath) -> String? {
        guard case .variable(let name)? = path.first else { return nil }
        var text: String
        if MBMLIdentifier.isIdentifier(name) {
            text = "$" + name
        } else if bracketsBalance(name), !name.hasPrefix("["), !name.isEmpty {
            text = "$[" + name + "]"
        } else {
            return nil
        }
        for component in path.dropFirst() {
            switch component {
            case .variable: return nil
            case .index(let index): text += "[\(index)]"
            case .property(let name):
                guard MBMLIdentifier.isIdentifier(name) else { return nil }
                text += "." + name
            case .key(let key):
                if MBMLIdentifier.isIdentifier(key), let first = key.unicodeScalars.first,
                    isLowercaseOrUnderscore(first)
                {
                    // Property-like keys read naturally with a dot: `.species`.
                    text += "." + key
                } else if !key.isEmpty, bracketsBalance(key), !key.hasPrefix(" "), !key.hasSuffix(" ") {
                    // Data-like keys (names, numbers, text with spaces) go in brackets, escaped.
                    text += "[" + MBMLIdentifier.escapedKey(key) + "]"
                } else {
                    return nil
                }
            case .member: return nil
            }
        }
        return text
    }

    private static func isLowercaseOrUnderscore(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || scalar == "_"
    }

    static func bracketsBalance(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "[" { depth += 1 }
            if character == "]" {
                depth -= 1
                if depth < 0 { return false }
            }
        }
        return depth == 0
    }
}
