import MBMLEngine

/// The lines the CLI prints under an error message: the expression's line and a caret line under
/// the error's range (drawn by the engine's ``CaretLine``), indented.
enum ErrorCaret {
    /// The expression's line and the caret line; only the expression (unsafe characters escaped)
    /// when there is no range.
    static func lines(expression: String, range: SourceRange?, indent: String = "  ") -> [String] {
        guard let range else { return [indent + TerminalSafeText.escaping(expression)] }
        let caret = CaretLine(text: expression, range: range)
        return [indent + caret.line, indent + caret.caret]
    }
}
