/// What a piece of text on screen *is*; whoever draws decides how each role looks (the terminal takes a
/// ``CellStyle`` a role).
///
/// Views only pick roles, so that themes (and monochrome terminals) stay a matter of configuration.
/// The raw values are the names used in `.theme` files.
enum StyleRole: String, CaseIterable, Sendable {
    /// Ordinary text.
    case normal
    /// Secondary text: previews, hints, types.
    case dim
    /// A pane's title when the pane does not have focus.
    case title
    /// The title of the focused pane.
    case titleFocused
    /// The selected row of the focused pane.
    case selection
    /// The selected row of a pane without focus.
    case selectionInactive
    /// The status line.
    case status
    /// An error in the status line.
    case statusError
    /// Key names in the status line and the help screen.
    case key
    /// Error messages.
    case error
    /// The caret line under an error range in the editor.
    case caret
    /// The `object`/`string`/`number`/`boolean` labels of the results pane.
    case label
    /// A result value.
    case value
    /// Results kept from the last valid expression while the current one is invalid.
    case stale
    /// Names in the variable tree.
    case name
    /// Type names and counts in the variable tree.
    case type
    /// Search matches in the variable tree.
    case match
    /// What the last reload changed: markers in the tree and the results pane.
    case changed
    /// The expression prompt.
    case prompt
    /// The token range selected in the token pane, shown in the editor.
    case highlight
    /// A completion candidate.
    case completion
    /// The selected completion candidate.
    case completionSelected
    /// A function signature or a token explanation.
    case hint
    /// Syntax colouring: literal text.
    case syntaxLiteral
    /// Syntax colouring: a variable reference.
    case syntaxVariable
    /// Syntax colouring: a subreference (`.name`, `[key]`).
    case syntaxSubreference
    /// Syntax colouring: a function call.
    case syntaxFunction
    /// Syntax colouring: `#( )` math and numbers.
    case syntaxNumber
    /// Syntax colouring: operators and grouping.
    case syntaxOperator
    /// Syntax colouring: escape sequences.
    case syntaxEscape
    /// Log lines.
    case log
    /// Separators between panes.
    case border
}
