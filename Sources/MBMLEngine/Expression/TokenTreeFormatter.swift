/// Prints token trees as the original's `^tokenize` does, without addresses (<doc:ExpressionSyntax>):
/// `<MBMLLiteralToken: "This " {0, 5}>`, children tab-indented with `i: ` prefixes.
public enum TokenTreeFormatter {
    /// One line per token, top-level tokens unindented.
    public static func lines(for tokens: [Token]) -> [String] {
        var output: [String] = []
        for token in tokens { append(token, depth: 0, index: nil, to: &output) }
        return output
    }

    /// The tree as one string.
    public static func format(_ tokens: [Token]) -> String {
        lines(for: tokens).joined(separator: "\n")
    }

    /// The description of one token without its children.
    public static func describe(_ token: Token) -> String {
        let name = token.kind.className
        if token.kind == .parameterGroup { return "<\(name): >" }
        if case .rawText(let text) = token.payload { return "<\(name): contains NSString: \"\(text)\">" }
        return "<\(name): \"\(token.text)\" \(token.range)>"
    }

    private static func append(_ token: Token, depth: Int, index: Int?, to output: inout [String]) {
        var line = String(repeating: "\t", count: depth)
        if let index = index { line += "\(index): " }
        line += describe(token)
        if !token.children.isEmpty {
            line += " containing \(token.children.count) token\(token.children.count == 1 ? "" : "s"):"
        }
        output.append(line)
        for (childIndex, child) in token.children.enumerated() {
            append(child, depth: depth + 1, index: childIndex, to: &output)
        }
    }
}
